package dev.wick.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.RecordType;
import java.util.List;
import org.junit.jupiter.api.Test;

class FieldPathTest {
  private final Schema schema =
      Schema.of(
          "Play",
          Field.of("user_id", DataType.STRING),
          Field.nullable("user_name", DataType.STRING),
          Field.of(
              "device",
              new RecordType(
                  "Device",
                  "",
                  "",
                  List.of(
                      Field.of("os", DataType.STRING), Field.nullable("version", DataType.INT)))),
          Field.of(
              "events",
              new ArrayType(
                  new RecordType("Event", "", "", List.of(Field.of("country", DataType.STRING))),
                  false)),
          Field.of("attrs", new MapType(DataType.STRING, DataType.LONG, true)));

  @Test
  void resolvesNestedArrayAndMapPaths() {
    assertThat(schema.resolve("device.os").type()).isEqualTo(DataType.STRING);
    assertThat(schema.resolve("device.version").nullable()).isTrue();
    ResolvedPath country = schema.resolve("events[].country");
    assertThat(country.type()).isEqualTo(DataType.STRING);
    assertThat(country.repeated()).isTrue();
    ResolvedPath attr = schema.resolve("attrs{}");
    assertThat(attr.type()).isEqualTo(DataType.LONG);
    assertThat(attr.nullable()).isTrue();
    assertThat(FieldPath.parse("events[].country").toString()).isEqualTo("events[].country");
  }

  @Test
  void unknownFieldSuggestsNearestNames() {
    assertThatThrownBy(() -> schema.resolve("usr_id"))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Field 'usr_id' does not resolve: the schema Play has no field 'usr_id'; did you mean"
                + " 'user_id'? The nearest names are 'user_id', 'user_name', 'attrs'.")
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
  }

  @Test
  void namesTheStepThatDidNotResolve() {
    assertThatThrownBy(() -> schema.resolve("device.osx"))
        .hasMessageContaining("record 'device' has no field 'osx'; did you mean 'os'?");
    assertThatThrownBy(() -> schema.resolve("user_id.first"))
        .hasMessageContaining("'user_id' is a string, which has no field 'first'");
    assertThatThrownBy(() -> schema.resolve("device[]"))
        .hasMessageContaining("'device' is a record Device, not an array");
    assertThatThrownBy(() -> FieldPath.parse("a..b")).hasMessageContaining("is malformed");
  }

  @Test
  void enumeratesEveryPath() {
    assertThat(schema.allPaths().stream().map(p -> p.path().toString()))
        .containsExactly(
            "user_id",
            "user_name",
            "device",
            "device.os",
            "device.version",
            "events",
            "events[]",
            "events[].country",
            "attrs",
            "attrs{}");
  }

  @Test
  void startsWithComparesSteps() {
    assertThat(FieldPath.parse("device.os").startsWith(FieldPath.parse("device"))).isTrue();
    assertThat(FieldPath.parse("events[].country").startsWith(FieldPath.parse("events"))).isTrue();
    assertThat(FieldPath.parse("devices").startsWith(FieldPath.parse("device"))).isFalse();
  }
}
