package dev.wick.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType.BooleanType;
import dev.wick.core.schema.DataType.BytesType;
import dev.wick.core.schema.DataType.DateType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.DoubleType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.FixedType;
import dev.wick.core.schema.DataType.FloatType;
import dev.wick.core.schema.DataType.IntType;
import dev.wick.core.schema.DataType.LongType;
import dev.wick.core.schema.DataType.Precision;
import dev.wick.core.schema.DataType.StringType;
import dev.wick.core.schema.DataType.TimeType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.schema.DataType.UuidType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.api.Test;

class JavaValuesTest {
  enum Tier {
    FREE,
    PREMIUM
  }

  private static final EnumType TIER = new EnumType("Tier", List.of("FREE", "PREMIUM"));
  private static final TimestampType INSTANT = new TimestampType(Precision.MICROS, true);
  private static final TimestampType INSTANT_MILLIS = new TimestampType(Precision.MILLIS, true);
  private static final TimestampType LOCAL = new TimestampType(Precision.MICROS, false);

  private static Object require(Object value, DataType type) {
    return JavaValues.require(value, type, "f");
  }

  private static String refusal(Object value, DataType type) {
    try {
      JavaValues.require(value, type, "f");
    } catch (WickException e) {
      assertThat(e.exitCode()).isEqualTo(dev.wick.core.ExitCode.USAGE);
      return e.getMessage();
    }
    throw new AssertionError(value + " was accepted for " + type.describe());
  }

  @Test
  void nullAndEmptyOptionalAreNullForEveryType() {
    assertThat(require(null, new IntType())).isNull();
    assertThat(require(Optional.empty(), new StringType())).isNull();
    assertThat(JavaValues.normalize(Optional.empty(), null)).isNull();
    assertThat(require(Optional.of(3), new IntType())).isEqualTo(3);
  }

  @Test
  void booleans() {
    assertThat(require(true, new BooleanType())).isEqualTo(true);
    assertThat(refusal("true", new BooleanType()))
        .isEqualTo(
            "The value for field 'f' is a String (\"true\"), but the field is a boolean;"
                + " give Boolean values.");
  }

  @Test
  void intsTakeShortsAndBytesButNotLongs() {
    assertThat(require(7, new IntType())).isEqualTo(7);
    assertThat(require((short) 7, new IntType())).isEqualTo(7);
    assertThat(require((byte) 7, new IntType())).isEqualTo(7);
    assertThat(refusal(7L, new IntType())).contains("is a Long (7)").endsWith("Integer values.");
  }

  @Test
  void longsWidenSmallerIntegers() {
    assertThat(require(7L, new LongType())).isEqualTo(7L);
    assertThat(require(7, new LongType())).isEqualTo(7L);
    assertThat(require((short) 7, new LongType())).isEqualTo(7L);
    assertThat(refusal(7.0, new LongType())).endsWith("give Long values.");
  }

  @Test
  void floatsAndDoubles() {
    assertThat(require(1.5f, new FloatType())).isEqualTo(1.5f);
    assertThat(refusal(1.5, new FloatType())).endsWith("give Float values.");
    assertThat(require(1.5, new DoubleType())).isEqualTo(1.5);
    assertThat(require(1.5f, new DoubleType())).isEqualTo(1.5);
    assertThat(refusal(1, new DoubleType())).endsWith("give Double values.");
  }

  @Test
  void stringsTakeAnyCharSequence() {
    assertThat(require("a", new StringType())).isEqualTo("a");
    assertThat(require(new Utf8("a"), new StringType())).isEqualTo("a");
    assertThat(require(new StringBuilder("ab"), new StringType())).isEqualTo("ab");
    assertThat(refusal(1, new StringType())).endsWith("give String values.");
  }

  @Test
  void uuidsAreStringsInCanonicalForm() {
    UUID id = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
    assertThat(require(id, new UuidType())).isEqualTo(id.toString());
    assertThat(require("123E4567-E89B-12D3-A456-426614174000", new UuidType()))
        .isEqualTo(id.toString());
    assertThat(refusal("not-a-uuid", new UuidType()))
        .isEqualTo(
            "The value for field 'f' is a String (\"not-a-uuid\"), but the field is a uuid;"
                + " give UUID (or UUID String) values.");
  }

  @Test
  void enumsTakeSymbolsConstantsAndAvroSymbols() {
    Schema avroEnum = Schema.createEnum("Tier", null, null, List.of("FREE", "PREMIUM"));
    assertThat(require("FREE", TIER)).isEqualTo("FREE");
    assertThat(require(Tier.PREMIUM, TIER)).isEqualTo("PREMIUM");
    assertThat(require(new GenericData.EnumSymbol(avroEnum, "FREE"), TIER)).isEqualTo("FREE");
    assertThat(refusal("GOLD", TIER))
        .endsWith("give String (one of FREE, PREMIUM) or enum constant values.");
  }

  @Test
  void bytesAndFixedTakeArraysBuffersAndAvroFixed() {
    byte[] three = {1, 2, 3};
    assertThat((byte[]) require(three, new BytesType())).containsExactly(1, 2, 3);
    ByteBuffer buffer = ByteBuffer.wrap(new byte[] {0, 1, 2, 3}, 1, 3);
    assertThat((byte[]) require(buffer, new BytesType())).containsExactly(1, 2, 3);
    assertThat(buffer.remaining()).isEqualTo(3);
    FixedType fixed3 = new FixedType("Three", 3);
    GenericData.Fixed avroFixed =
        new GenericData.Fixed(Schema.createFixed("Three", null, null, 3), three);
    byte[] copied = (byte[]) require(avroFixed, fixed3);
    assertThat(copied).containsExactly(1, 2, 3).isNotSameAs(three);
    assertThat(refusal(new byte[2], fixed3))
        .isEqualTo(
            "The value for field 'f' is a byte[] (byte[2]), but the field is a fixed(3);"
                + " give byte[3] values.");
  }

  @Test
  void decimalsAreScaledToTheTypeAndCheckedAgainstItsPrecision() {
    DecimalType money = new DecimalType(5, 2);
    assertThat(require(new BigDecimal("1.5"), money)).isEqualTo(new BigDecimal("1.50"));
    assertThat(require(BigInteger.TEN, money)).isEqualTo(new BigDecimal("10.00"));
    assertThat(require(12, money)).isEqualTo(new BigDecimal("12.00"));
    assertThat(require(12L, money)).isEqualTo(new BigDecimal("12.00"));
    // Avro's raw form: the unscaled value's two's-complement bytes.
    byte[] unscaled = BigInteger.valueOf(-1234).toByteArray();
    assertThat(require(ByteBuffer.wrap(unscaled), money)).isEqualTo(new BigDecimal("-12.34"));
    assertThat(refusal(new BigDecimal("1.234"), money))
        .endsWith("give BigDecimal (at most 3 digits before the point and 2 after) values.");
    assertThat(refusal(new BigDecimal("1000"), money)).contains("(1000)");
    assertThat(refusal(1.5, money)).contains("is a Double (1.5)");
  }

  @Test
  void datesTakeLocalDatesSqlDatesAndEpochDays() {
    LocalDate day = LocalDate.of(2024, 2, 29);
    assertThat(require(day, new DateType())).isEqualTo(day);
    assertThat(require(java.sql.Date.valueOf(day), new DateType())).isEqualTo(day);
    assertThat(require((int) day.toEpochDay(), new DateType())).isEqualTo(day);
    assertThat(refusal("2024-02-29", new DateType())).endsWith("give LocalDate values.");
  }

  @Test
  void timesAreNumbersOfTheDayInTheTypesPrecision() {
    TimeType millis = new TimeType(Precision.MILLIS);
    TimeType micros = new TimeType(Precision.MICROS);
    LocalTime t = LocalTime.of(1, 2, 3, 4_005_006);
    assertThat(require(t, millis)).isEqualTo(3_723_004);
    assertThat(require(t, micros)).isEqualTo(3_723_004_005L);
    assertThat(require(1000, millis)).isEqualTo(1000);
    assertThat(require(1000L, micros)).isEqualTo(1000L);
    assertThat(refusal(86_400_000, millis))
        .endsWith("give Integer millis of the day or LocalTime values.");
    assertThat(refusal(-1L, micros)).endsWith("give Long micros of the day or LocalTime values.");
    assertThat(refusal(1000L, millis)).contains("is a Long (1000)");
  }

  @Test
  void timestampsAreTruncatedToTheTypesPrecision() {
    Instant at = Instant.parse("2024-05-01T10:00:00.123456789Z");
    assertThat(require(at, INSTANT)).isEqualTo(Instant.parse("2024-05-01T10:00:00.123456Z"));
    assertThat(require(at, INSTANT_MILLIS)).isEqualTo(Instant.parse("2024-05-01T10:00:00.123Z"));
    assertThat(require(java.sql.Timestamp.from(at), INSTANT))
        .isEqualTo(Instant.parse("2024-05-01T10:00:00.123456Z"));
    // Avro's raw form: micros (or millis) since the epoch.
    assertThat(require(1_000_001L, INSTANT))
        .isEqualTo(Instant.parse("1970-01-01T00:00:01.000001Z"));
    assertThat(require(1_001L, INSTANT_MILLIS))
        .isEqualTo(Instant.parse("1970-01-01T00:00:01.001Z"));

    LocalDateTime local = LocalDateTime.of(2024, 5, 1, 10, 0, 0, 123_456_789);
    assertThat(require(local, LOCAL))
        .isEqualTo(LocalDateTime.of(2024, 5, 1, 10, 0, 0, 123_456_000));
    assertThat(require(1_000_001L, LOCAL)).isEqualTo(LocalDateTime.of(1970, 1, 1, 0, 0, 1, 1000));
    assertThat(refusal(local, INSTANT)).endsWith("give Instant values.");
    assertThat(refusal(at, LOCAL)).endsWith("give LocalDateTime values.");
  }

  @Test
  void longValuesAreShortenedInTheRefusal() {
    String message = refusal("x".repeat(100), new IntType());
    assertThat(message).contains("(\"" + "x".repeat(56) + "...)");
  }

  @Test
  void aContainerTypeIsNoLeaf() {
    assertThatThrownBy(() -> require(List.of(1), new DataType.ArrayType(new IntType(), false)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void normalizeConvertsWhatItKnowsAndPassesEverythingElseThrough() {
    assertThat(JavaValues.normalize(new Utf8("a"), null)).isEqualTo("a");
    assertThat(JavaValues.normalize(Tier.FREE, null)).isEqualTo("FREE");
    assertThat(JavaValues.normalize((short) 3, null)).isEqualTo(3);
    assertThat(JavaValues.normalize('A', null)).isEqualTo(65);
    assertThat(JavaValues.normalize(java.sql.Timestamp.valueOf("2024-05-01 10:00:00"), LOCAL))
        .isEqualTo(LocalDateTime.of(2024, 5, 1, 10, 0));
    assertThat(JavaValues.normalize(19_000, new DateType()))
        .isEqualTo(LocalDate.ofEpochDay(19_000));
    // Without a storage type raw numbers stay numbers, and nothing is refused.
    assertThat(JavaValues.normalize(19_000, null)).isEqualTo(19_000);
    List<Integer> list = List.of(1);
    assertThat(JavaValues.normalize(list, new IntType())).isSameAs(list);
    assertThat(JavaValues.normalize("x", new IntType())).isEqualTo("x");
  }

  @Test
  void aRefusalOfAContainerNamesWhatItTakes() {
    assertThat(
            JavaValues.refused("x", new DataType.ArrayType(new IntType(), false), "tags", "List")
                .getMessage())
        .isEqualTo(
            "The value for field 'tags' is a String (\"x\"), but the field is a "
                + new DataType.ArrayType(new IntType(), false).describe()
                + "; give List values.");
  }
}
