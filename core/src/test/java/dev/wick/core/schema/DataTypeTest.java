package dev.wick.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.FixedType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.Precision;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.DataType.TimeType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.schema.DataType.UnionType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The model's own invariants and its notation. */
class DataTypeTest {

  @Test
  void invalidTypesAreRefusedWhenBuilt() {
    assertThatThrownBy(() -> new DecimalType(0, 0))
        .hasMessage("decimal needs 1 <= precision and 0 <= scale <= precision, got decimal(0, 0)");
    assertThatThrownBy(() -> new DecimalType(5, 6))
        .hasMessage("decimal needs 1 <= precision and 0 <= scale <= precision, got decimal(5, 6)");
    assertThatThrownBy(() -> new EnumType("E", List.of()))
        .hasMessage("enum E needs at least one symbol");
    assertThatThrownBy(() -> new EnumType("E", List.of("A", "A")))
        .hasMessage("enum E repeats a symbol: [A, A]");
    assertThatThrownBy(() -> new FixedType("F", -1)).hasMessage("fixed size must be >= 0, got -1");
    assertThatThrownBy(() -> new UnionType(List.of(DataType.INT)))
        .hasMessage("a union needs at least two non-null branches");
    assertThatThrownBy(
            () ->
                new RecordType(
                    "R",
                    "",
                    "",
                    List.of(Field.of("a", DataType.INT), Field.of("a", DataType.LONG))))
        .hasMessage("record R repeats a field name");
    assertThatThrownBy(() -> Field.of("", DataType.INT))
        .hasMessage("a field name must not be empty");
  }

  @Test
  void fieldsAndRecordsNormalizeWhatIsMissing() {
    Field field = new Field("a", DataType.INT, false, null, null, null);
    RecordType record = new RecordType("R", null, null, List.of(field));

    assertThat(field).isEqualTo(Field.of("a", DataType.INT));
    assertThat(record.namespace()).isEmpty();
    assertThat(record.doc()).isEmpty();
    assertThat(new RecordType("R", "ex.ns", "", List.of()).fullName()).isEqualTo("ex.ns.R");
    assertThat(Field.of("a", DataType.INT).withProperties(Map.of("k", "v")).properties())
        .isEqualTo(Map.of("k", "v"));
  }

  @Test
  void typesDescribeThemselves() {
    assertThat(new DecimalType(10, 2).describe()).isEqualTo("decimal(10, 2)");
    assertThat(new TimeType(Precision.MILLIS).describe()).isEqualTo("time-millis");
    assertThat(new TimestampType(Precision.MICROS, false).describe())
        .isEqualTo("local-timestamp-micros");
    assertThat(new TimestampType(Precision.MILLIS, true).describe()).isEqualTo("timestamp-millis");
    assertThat(new ArrayType(DataType.STRING, true).describe()).isEqualTo("array<string?>");
    assertThat(new MapType(DataType.STRING, DataType.LONG, false).describe())
        .isEqualTo("map<string, long>");
    assertThat(new EnumType("E", List.of("A", "B")).describe()).isEqualTo("enum E{A, B}");
    assertThat(DataType.INT.isNumeric()).isTrue();
    assertThat(DataType.STRING.isNumeric()).isFalse();
    assertThat(DataType.BYTES.isOrderable()).isFalse();
    assertThat(new DecimalType(3, 1).isOrderable()).isTrue();
  }

  @Test
  void notationShowsNestingNullabilitySemanticsAndDocs() {
    Schema schema =
        Schema.of(
            "Play",
            Field.of("user_id", DataType.STRING).withDoc("who\nplayed"),
            Field.nullable("country", DataType.STRING)
                .withSemantic(SemanticSpec.of("country_code")),
            Field.of("tags", new ArrayType(DataType.STRING, true)),
            Field.of(
                "device",
                new RecordType("Device", "", "", List.of(Field.of("os", DataType.STRING)))),
            Field.of(
                "by_day",
                new MapType(
                    DataType.DATE, new UnionType(List.of(DataType.INT, DataType.STRING)), true)));

    assertThat(schema.toNotation())
        .isEqualTo(
            """
            record Play {
              user_id: string  // who played
              country: string? @country_code
              tags: array<string?>
              device: record Device {
                os: string
              }
              by_day: map<date, union<int, string>?>
            }
            """);
    assertThat(schema).hasToString(schema.toNotation());
    assertThat(schema.field("country").map(Field::semantic))
        .contains(Optional.of(SemanticSpec.of("country_code")));
  }
}
