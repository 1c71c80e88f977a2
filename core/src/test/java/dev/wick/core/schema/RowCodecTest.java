package dev.wick.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.spark.WickSpark;
import dev.wick.core.validation.Validated;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalTypes;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.GenericRecordBuilder;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link RowCodec}: Java records and Avro records through real Spark DataFrames and back. */
class RowCodecTest {
  private static SparkSession spark;

  @BeforeAll
  static void session() {
    spark = WickSpark.local(2);
  }

  enum Tier {
    FREE,
    PREMIUM
  }

  record Inner(String name, @Nullable Integer rank) {}

  record CountryCode(String value) implements Validated {
    @Override
    public Optional<String> invalidReason() {
      return value.length() == 2 ? Optional.empty() : Optional.of("not two letters");
    }
  }

  record Everything(
      boolean flag,
      int count,
      long total,
      float ratio,
      double score,
      short small,
      byte tiny,
      char letter,
      String text,
      @Nullable String maybeText,
      Optional<String> maybeName,
      Integer boxed,
      ByteBuffer blob,
      @DecimalPrecision(precision = 12, scale = 2) BigDecimal amount,
      @DecimalPrecision(precision = 38, scale = 0) @Nullable BigDecimal huge,
      LocalDate day,
      Instant at,
      @Nullable Instant maybeAt,
      LocalDateTime wallClock,
      LocalTime timeOfDay,
      UUID id,
      Tier tier,
      @Nullable Tier maybeTier,
      Inner inner,
      @Nullable Inner maybeInner,
      Optional<Inner> optionalInner,
      List<String> tags,
      List<@Nullable Integer> ranks,
      Set<String> labels,
      Map<String, Long> counts,
      Map<String, @Nullable Inner> inners,
      Map<Integer, String> byId,
      List<Inner> innerList,
      List<List<String>> nested,
      CountryCode country,
      @Nullable CountryCode otherCountry) {}

  private static Everything full() {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("a", 1L);
    counts.put("b", Long.MIN_VALUE);
    Map<String, Inner> inners = new HashMap<>();
    inners.put("x", new Inner("in-map", 7));
    inners.put("none", null);
    return new Everything(
        true,
        Integer.MIN_VALUE,
        Long.MAX_VALUE,
        Float.NaN,
        Double.NEGATIVE_INFINITY,
        Short.MIN_VALUE,
        Byte.MAX_VALUE,
        'ß',
        "ünïcødé ✓ 中文",
        "maybe",
        Optional.of("name"),
        42,
        ByteBuffer.wrap(new byte[] {0, -1, 127, -128}),
        new BigDecimal("-1234567890.12"),
        new BigDecimal("99999999999999999999999999999999999999"),
        LocalDate.of(2024, 2, 29),
        Instant.parse("2024-03-31T01:02:03.123456Z"),
        Instant.parse("1969-12-31T23:59:59.999999Z"),
        LocalDateTime.parse("2024-03-31T02:30:00.000001"),
        LocalTime.parse("23:59:59.999999"),
        UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
        Tier.PREMIUM,
        Tier.FREE,
        new Inner("inner", null),
        new Inner("maybe", 3),
        Optional.of(new Inner("opt", -1)),
        List.of("a", "", "c"),
        Arrays.asList(1, null, 3),
        Set.of("only"),
        counts,
        inners,
        Map.of(1, "one", -2, "minus two"),
        List.of(new Inner("l1", 1), new Inner("l2", null)),
        List.of(List.of("x", "y"), List.of()),
        new CountryCode("SE"),
        new CountryCode("NO"));
  }

  private static Everything sparse() {
    return new Everything(
        false,
        0,
        0L,
        -0.0f,
        Double.MIN_VALUE,
        (short) 0,
        (byte) 0,
        'a',
        "",
        null,
        Optional.empty(),
        null,
        ByteBuffer.wrap(new byte[0]),
        new BigDecimal("0.00"),
        null,
        LocalDate.of(1000, 1, 1),
        Instant.EPOCH,
        null,
        LocalDateTime.parse("1970-01-01T00:00:00"),
        LocalTime.MIDNIGHT,
        new UUID(0, 0),
        Tier.FREE,
        null,
        new Inner("", 0),
        null,
        Optional.empty(),
        List.of(),
        List.of(),
        Set.of(),
        Map.of(),
        Map.of(),
        Map.of(),
        List.of(),
        List.of(),
        new CountryCode(""),
        null);
  }

  @Test
  void javaRecordsRoundTripThroughADataFrame() {
    Schema schema = Schemas.fromRecord(Everything.class);
    List<Everything> values = List.of(full(), sparse());

    Dataset<Row> df = RowCodec.createDataFrame(spark, values, schema);
    List<Row> rows = df.collectAsList();

    assertThat(df.schema()).isEqualTo(Schemas.toSpark(schema));
    assertThat(rows).hasSize(2);
    List<Everything> back = rows.stream().map(r -> RowCodec.toRecord(r, Everything.class)).toList();
    assertThat(back).containsExactlyElementsOf(values);
  }

  @Test
  void dataFrameHoldsSparkValuesOfTheSchema() {
    Dataset<Row> df =
        RowCodec.createDataFrame(spark, List.of(full()), Schemas.fromRecord(Everything.class));

    Row row =
        df.selectExpr(
                "amount",
                "cast(day as string)",
                "cast(at as string)",
                "timeOfDay",
                "tier",
                "country",
                "inner.name",
                "inners['x'].rank",
                "size(ranks)",
                "byId[-2]")
            .first();

    assertThat(row.getDecimal(0)).isEqualTo(new BigDecimal("-1234567890.12"));
    assertThat(row.getString(1)).isEqualTo("2024-02-29");
    assertThat(row.getString(2)).isEqualTo("2024-03-31 01:02:03.123456");
    assertThat(row.getLong(3)).isEqualTo(LocalTime.parse("23:59:59.999999").toNanoOfDay() / 1000);
    assertThat(row.getString(4)).isEqualTo("PREMIUM");
    assertThat(row.getString(5)).isEqualTo("SE");
    assertThat(row.getString(6)).isEqualTo("inner");
    assertThat(row.getInt(7)).isEqualTo(7);
    assertThat(row.getInt(8)).isEqualTo(3);
    assertThat(row.getString(9)).isEqualTo("minus two");
  }

  record WithArrays(byte[] bytes, int[] ints, String[] names, Inner[] inners) {}

  @Test
  void javaArraysRoundTrip() {
    WithArrays value =
        new WithArrays(
            "héllo".getBytes(StandardCharsets.UTF_8),
            new int[] {3, -1, Integer.MAX_VALUE},
            new String[] {"a", "b"},
            new Inner[] {new Inner("i", 1)});

    Row row =
        RowCodec.createDataFrame(spark, List.of(value), Schemas.fromRecord(WithArrays.class))
            .first();
    WithArrays back = RowCodec.toRecord(row, WithArrays.class);

    assertThat(back.bytes()).isEqualTo(value.bytes());
    assertThat(back.ints()).containsExactly(3, -1, Integer.MAX_VALUE);
    assertThat(back.names()).containsExactly("a", "b");
    assertThat(back.inners()).containsExactly(new Inner("i", 1));
  }

  @Test
  void toRowGivesARowThatKnowsItsColumns() {
    Schema schema = Schemas.fromRecord(Everything.class);

    Row row = RowCodec.toRow(full(), schema);

    assertThat(row.schema()).isEqualTo(Schemas.toSpark(schema));
    assertThat(row.<String>getAs("text")).isEqualTo("ünïcødé ✓ 中文");
    assertThat(RowCodec.toRecord(row, Everything.class)).isEqualTo(full());
  }

  // ------------------------------------------------------------------ Avro records

  private static final Conversions.DecimalConversion DECIMALS = new Conversions.DecimalConversion();

  private static ByteBuffer decimal(String value, org.apache.avro.Schema fieldSchema) {
    org.apache.avro.Schema bytes = fieldSchema.getTypes().get(1);
    return DECIMALS.toBytes(new BigDecimal(value), bytes, LogicalTypes.fromSchema(bytes));
  }

  private static GenericRecord device(
      org.apache.avro.Schema avro, String id, String os, boolean screen) {
    org.apache.avro.Schema deviceSchema = avro.getField("device").schema();
    org.apache.avro.Schema screenSchema =
        deviceSchema.getField("screen").schema().getTypes().get(1);
    return new GenericRecordBuilder(deviceSchema)
        .set("id", id)
        .set("os", new GenericData.EnumSymbol(deviceSchema.getField("os").schema(), os))
        .set("os_version", screen ? "17.1" : null)
        .set(
            "screen",
            screen
                ? new GenericRecordBuilder(screenSchema)
                    .set("width", 1170)
                    .set("height", 2532)
                    .build()
                : null)
        .build();
  }

  private static List<GenericRecord> trackPlays(org.apache.avro.Schema avro) {
    org.apache.avro.Schema experiment = avro.getField("experiments").schema().getValueType();
    org.apache.avro.Schema event = avro.getField("events").schema().getElementType();
    byte[] md5 = new byte[16];
    for (int i = 0; i < md5.length; i++) {
      md5[i] = (byte) (i * 17 - 100);
    }
    Map<String, Object> attributes = new HashMap<>();
    attributes.put("reason", "user");
    attributes.put("missing", null);
    GenericRecord full =
        new GenericRecordBuilder(avro)
            .set("play_id", "0f8fad5b-d9cb-469f-a165-70867728950e")
            .set("user_id", "u42")
            .set("track_id", "t1")
            .set("album_id", "al9")
            .set("country", "SE")
            .set("ms_played", 215_000L)
            .set("skipped", false)
            .set("shuffle", true)
            .set("volume", 0.75f)
            .set("bitrate_kbps", 320)
            .set("score", 4.5)
            .set("price", decimal("-12.34", avro.getField("price").schema()))
            .set("play_date", (int) LocalDate.of(2024, 5, 17).toEpochDay())
            .set("started_at", Instant.parse("2024-05-17T10:15:30.123Z").toEpochMilli())
            .set("ended_at", 1_715_940_945_123_456L)
            .set("local_started_at", 1_715_940_930_123L)
            .set("time_of_day", 36_930_123)
            .set("source", new GenericData.EnumSymbol(avro.getField("source").schema(), "PLAYLIST"))
            .set("checksum", new GenericData.Fixed(avro.getField("checksum").schema(), md5))
            .set("device", device(avro, "6ba7b810-9dad-11d1-80b4-00c04fd430c8", "IOS", true))
            .set("tags", List.of("chill", "évening"))
            .set("ratings", Arrays.asList(5, null, 3))
            .set("context", Map.of("app", "mobile", "ver", "8.9"))
            .set(
                "experiments",
                Map.of(
                    "exp1",
                    new GenericRecordBuilder(experiment)
                        .set("variant", "B")
                        .set("assigned_at", 1_700_000_000_000L)
                        .set("weights", List.of(0.5, 0.25))
                        .build()))
            .set(
                "previous_device",
                device(avro, "00000000-0000-0000-0000-000000000000", "WEB", false))
            .set(
                "events",
                List.of(
                    new GenericRecordBuilder(event)
                        .set("kind", "pause")
                        .set("at_ms", 1000L)
                        .set("attributes", attributes)
                        .build(),
                    new GenericRecordBuilder(event)
                        .set("kind", "seek")
                        .set("at_ms", -5L)
                        .set("attributes", null)
                        .build()))
            .build();
    GenericRecord sparse =
        new GenericRecordBuilder(avro)
            .set("play_id", "9c5b94b1-35ad-49bb-b118-8e8fc24abf80")
            .set("user_id", "u1")
            .set("track_id", "")
            .set("ms_played", 0L)
            .set("skipped", true)
            .set("volume", 0f)
            .set("bitrate_kbps", 0)
            .set("play_date", 0)
            .set("started_at", 0L)
            .set("time_of_day", 0)
            .set("source", new GenericData.EnumSymbol(avro.getField("source").schema(), "OTHER"))
            .set(
                "checksum", new GenericData.Fixed(avro.getField("checksum").schema(), new byte[16]))
            .set("device", device(avro, "6ba7b811-9dad-11d1-80b4-00c04fd430c8", "ANDROID", false))
            .set("tags", List.of())
            .set("context", Map.of())
            .set("experiments", Map.of())
            .set("events", List.of())
            .build();
    return List.of(full, sparse);
  }

  @Test
  void avroRecordsRoundTripThroughADataFrame() {
    org.apache.avro.Schema avro = SchemaConversionTest.trackPlay();
    Schema schema = Schemas.fromAvro(avro);
    List<GenericRecord> records = trackPlays(avro);
    assertThat(records).allMatch(r -> GenericData.get().validate(avro, r));

    List<Row> rows = RowCodec.createDataFrame(spark, records, schema).collectAsList();
    List<GenericRecord> back = rows.stream().map(r -> RowCodec.toGenericRecord(r, avro)).toList();

    assertThat(back).allMatch(r -> GenericData.get().validate(avro, r));
    assertThat(back).containsExactlyElementsOf(records);
  }

  @Test
  void avroRecordsRoundTripThroughARowAlone() {
    org.apache.avro.Schema avro = SchemaConversionTest.trackPlay();
    Schema schema = Schemas.fromAvro(avro);

    for (GenericRecord record : trackPlays(avro)) {
      GenericRecord back = RowCodec.toGenericRecord(RowCodec.toRow(record, schema), avro);

      assertThat(back).isEqualTo(record);
    }
  }

  @Test
  void avroLogicalTypesBecomeSparkValues() {
    org.apache.avro.Schema avro = SchemaConversionTest.trackPlay();
    Dataset<Row> df = RowCodec.createDataFrame(spark, trackPlays(avro), Schemas.fromAvro(avro));

    Row row =
        df.selectExpr(
                "price",
                "cast(play_date as string)",
                "cast(started_at as string)",
                "cast(local_started_at as string)",
                "source",
                "device.os",
                "length(checksum)",
                "experiments['exp1'].variant")
            .first();

    assertThat(row.getDecimal(0)).isEqualTo(new BigDecimal("-12.34"));
    assertThat(row.getString(1)).isEqualTo("2024-05-17");
    assertThat(row.getString(2)).isEqualTo("2024-05-17 10:15:30.123");
    assertThat(row.getString(3)).isEqualTo("2024-05-17 10:15:30.123");
    assertThat(row.getString(4)).isEqualTo("PLAYLIST");
    assertThat(row.getString(5)).isEqualTo("IOS");
    assertThat(row.getInt(6)).isEqualTo(16);
    assertThat(row.getString(7)).isEqualTo("B");
  }

  // ------------------------------------------------------------------ clear errors

  record Strict(String name, int count) {}

  record Bigger(String name, int count, String extra) {}

  @Test
  void nullInANonNullFieldIsNamed() {
    Schema schema = Schemas.fromRecord(Inner.class);
    Schema strict =
        Schema.of("Inner", Field.of("name", DataType.STRING), Field.of("rank", DataType.INT));

    assertThatThrownBy(() -> RowCodec.toRow(new Inner("x", null), strict))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Field 'rank' is null but not nullable in the schema; give it a value or make it"
                + " nullable.")
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
    assertThat(RowCodec.toRow(new Inner("x", null), schema).isNullAt(1)).isTrue();
  }

  @Test
  void nullForAPrimitiveComponentIsNamed() {
    StructType struct =
        new StructType().add("name", DataTypes.StringType).add("count", DataTypes.IntegerType);
    Row row = spark.createDataFrame(List.of(RowFactory.create("a", null)), struct).first();

    assertThatThrownBy(() -> RowCodec.toRecord(row, Strict.class))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Column 'count' is null, but Strict.count is a primitive int; make the component a"
                + " boxed or @Nullable type.");
  }

  @Test
  void missingColumnIsNamedWithTheColumnsThereAre() {
    Row row =
        RowCodec.createDataFrame(
                spark, List.of(new Strict("a", 1)), Schemas.fromRecord(Strict.class))
            .first();

    assertThatThrownBy(() -> RowCodec.toRecord(row, Bigger.class))
        .isInstanceOf(WickException.class)
        .hasMessage("Row has no column 'extra' for Bigger; its columns are [name, count].");
    assertThatThrownBy(() -> RowCodec.toRow(row, Schemas.fromRecord(Bigger.class)))
        .isInstanceOf(WickException.class)
        .hasMessage("Row has no field 'extra'; its fields are [name, count].");
  }

  @Test
  void avroErrorsNameTheField() {
    org.apache.avro.Schema avro = SchemaConversionTest.trackPlay();
    StructType struct = new StructType().add("play_id", DataTypes.StringType);
    Row partial = spark.createDataFrame(List.of(RowFactory.create("id")), struct).first();
    Row nullId = spark.createDataFrame(List.of(RowFactory.create((Object) null)), struct).first();

    assertThatThrownBy(() -> RowCodec.toGenericRecord(partial, avro))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Row has no column 'user_id' for Avro record com.example.music.TrackPlay; its columns"
                + " are [play_id].");
    assertThatThrownBy(() -> RowCodec.toGenericRecord(nullId, avro))
        .isInstanceOf(WickException.class)
        .hasMessage("Field 'play_id' is null but its Avro type string is not nullable.");
  }

  @Test
  void rowWithoutSchemaIsExplained() {
    Row bare = RowFactory.create("a", 1);

    assertThatThrownBy(() -> RowCodec.toRecord(bare, Strict.class))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Row has no column 'name' for Strict; the row carries no schema, so its columns cannot"
                + " be found by name; build it with a schema (RowCodec.toRow, or a row of a"
                + " DataFrame).");
  }

  @Test
  void valueOfTheWrongTypeIsNamed() {
    Schema wrong =
        Schema.of("Strict", Field.of("name", DataType.INT), Field.of("count", DataType.INT));

    assertThatThrownBy(() -> RowCodec.toRow(new Strict("a", 1), wrong))
        .isInstanceOf(WickException.class)
        .hasMessage("Field 'name' holds a String, which does not fit its type int.");
  }

  @Test
  void rowsAsInputKeepTheirValues() {
    Schema schema = Schemas.fromRecord(Strict.class);
    List<Row> rows =
        RowCodec.createDataFrame(spark, List.of(new Strict("a", 1), new Strict("b", 2)), schema)
            .collectAsList();

    List<Row> again =
        RowCodec.createDataFrame(spark, new ArrayList<>(rows), schema).collectAsList();

    assertThat(again.stream().map(r -> RowCodec.toRecord(r, Strict.class)))
        .containsExactly(new Strict("a", 1), new Strict("b", 2));
  }
}
