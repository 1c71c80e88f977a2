package dev.wick.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import scala.jdk.javaapi.CollectionConverters;

class ValueTextTest {
  private static final ValueText UTC = ValueText.in(ZoneOffset.UTC);
  private static final DataType REASONS =
      DataType.fromDDL("array<struct<field:string,rule:string,reason:string>>");

  private static Row row(StructType schema, Object... values) {
    return new GenericRowWithSchema(values, schema);
  }

  @Test
  void scalarsReadPlainly() {
    assertThat(UTC.of(null, DataTypes.StringType)).isEqualTo("null");
    assertThat(UTC.of(1234567L, DataTypes.LongType)).isEqualTo("1234567");
    assertThat(UTC.of(0.1, DataTypes.DoubleType)).isEqualTo("0.1");
    assertThat(UTC.of(1.0e-7, DataTypes.DoubleType)).isEqualTo("0.0000001");
    assertThat(UTC.of(0.1f, DataTypes.FloatType)).isEqualTo("0.1");
    assertThat(UTC.of(Double.NaN, DataTypes.DoubleType)).isEqualTo("NaN");
    assertThat(UTC.of(new BigDecimal("12.500"), DataTypes.createDecimalType(10, 3)))
        .isEqualTo("12.500");
    assertThat(UTC.of(true, DataTypes.BooleanType)).isEqualTo("true");
    assertThat(UTC.of(new byte[] {1, (byte) 0xab}, DataTypes.BinaryType)).isEqualTo("0x01ab");
    assertThat(UTC.of(LocalDate.of(2026, 11, 30), DataTypes.DateType)).isEqualTo("2026-11-30");
  }

  @Test
  void timestampsReadToTheSecondUnlessTheyHaveAFraction() {
    Instant whole = Instant.parse("2026-11-30T12:34:56Z");
    assertThat(UTC.of(whole, DataTypes.TimestampType)).isEqualTo("2026-11-30 12:34:56");
    assertThat(UTC.of(java.sql.Timestamp.from(whole.plusMillis(250)), DataTypes.TimestampType))
        .isEqualTo("2026-11-30 12:34:56.25");
    assertThat(ValueText.in(ZoneId.of("Europe/Stockholm")).of(whole, DataTypes.TimestampType))
        .isEqualTo("2026-11-30 13:34:56");
  }

  @Test
  void nestedValuesReadAsCompactJsonLikeText() {
    StructType address =
        new StructType().add("city", DataTypes.StringType).add("zip", DataTypes.IntegerType);
    assertThat(UTC.of(row(address, "Lund", 22100), address))
        .isEqualTo("{city: \"Lund\", zip: 22100}");
    assertThat(UTC.of(row(address, null, 1), address)).isEqualTo("{city: null, zip: 1}");
    DataType tags = DataTypes.createArrayType(DataTypes.StringType);
    assertThat(UTC.of(CollectionConverters.asScala(List.of("a", "say \"hi\"")).toSeq(), tags))
        .isEqualTo("[\"a\", \"say \\\"hi\\\"\"]");
    DataType attrs = DataTypes.createMapType(DataTypes.StringType, DataTypes.LongType);
    assertThat(UTC.of(CollectionConverters.asScala(java.util.Map.of("k", 1L)), attrs))
        .isEqualTo("{\"k\": 1}");
  }

  @Test
  void reasonsReadFieldColonReasonSeparatedBySemicolons() {
    StructType reason = (StructType) ((org.apache.spark.sql.types.ArrayType) REASONS).elementType();
    Object reasons =
        CollectionConverters.asScala(
                List.of(
                    row(reason, "country", "country_code", "'XX' is not a country code"),
                    row(reason, "", "predicate", "breaks ms > 0")))
            .toSeq();
    assertThat(ValueText.isReasons(REASONS)).isTrue();
    assertThat(ValueText.isReasons(DataTypes.createArrayType(DataTypes.StringType))).isFalse();
    assertThat(UTC.of(reasons, REASONS))
        .isEqualTo("country: 'XX' is not a country code; breaks ms > 0");
  }

  @Test
  void controlCharactersAreEscapedAndLongTextIsCut() {
    assertThat(UTC.of("a\nb\tc\u001b[31m", DataTypes.StringType)).isEqualTo("a\\nb\\tc\\u001b[31m");
    assertThat(ValueText.truncate("abcdef", 4)).isEqualTo("abc…");
    assertThat(ValueText.truncate("abcd", 4)).isEqualTo("abcd");
    assertThat(ValueText.truncate("🎵🎵🎵🎵🎵", 3)).isEqualTo("🎵🎵…");
    assertThat(ValueText.width("🎵🎵…")).isEqualTo(3);
    assertThatThrownBy(() -> ValueText.truncate("x", 0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
