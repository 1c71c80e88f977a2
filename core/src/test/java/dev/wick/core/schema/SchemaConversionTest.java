package dev.wick.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.FixedType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.Precision;
import dev.wick.core.schema.DataType.RecordRef;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.DataType.TimeType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.schema.DataType.UnionType;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Example conversions: recursive records, a real-world schema, and what each target refuses. */
class SchemaConversionTest {

  private static org.apache.avro.Schema avro(String json) {
    return new org.apache.avro.Schema.Parser().parse(json);
  }

  static org.apache.avro.Schema trackPlay() {
    try {
      return Schemas.parseAvsc(
          Path.of(SchemaConversionTest.class.getResource("/schemas/track_play.avsc").toURI()));
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void assertUsageError(Runnable call, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOf(WickException.class)
        .hasMessage(message)
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
  }

  // ------------------------------------------------------------------ recursive records

  @Test
  void linkedListBecomesARecordRefAndConvertsBackToTheSameAvro() {
    org.apache.avro.Schema list =
        avro(
            """
            {"type": "record", "name": "Node", "namespace": "ex", "fields": [
              {"name": "value", "type": "int"},
              {"name": "next", "type": ["null", "Node"], "default": null}]}
            """);

    Schema model = Schemas.fromAvro(list);

    assertThat(model.root().fullName()).isEqualTo("ex.Node");
    assertThat(model.fields())
        .containsExactly(
            Field.of("value", DataType.INT), Field.nullable("next", new RecordRef("ex.Node")));
    assertThat(Schemas.toAvro(model)).isEqualTo(list);
    assertThat(Schemas.toAvro(model).toString()).isEqualTo(list.toString());
  }

  @Test
  void treeAndMutualRecursionRoundTrip() {
    org.apache.avro.Schema tree =
        avro(
            """
            {"type": "record", "name": "Tree", "fields": [
              {"name": "label", "type": "string"},
              {"name": "children", "type": {"type": "array", "items": "Tree"}},
              {"name": "parent", "type": {
                "type": "record", "name": "Link", "fields": [
                  {"name": "weight", "type": "double"},
                  {"name": "back", "type": ["null", "Tree", "Link"], "default": null}]}}]}
            """);

    Schema model = Schemas.fromAvro(tree);

    assertThat(model.field("children").orElseThrow().type())
        .isEqualTo(new ArrayType(new RecordRef("Tree"), false));
    RecordType link = (RecordType) model.field("parent").orElseThrow().type();
    assertThat(link.fields().get(1))
        .isEqualTo(
            Field.nullable(
                "back", new UnionType(List.of(new RecordRef("Tree"), new RecordRef("Link")))));
    assertThat(Schemas.toAvro(model)).isEqualTo(tree);
    assertThat(model.toNotation())
        .isEqualTo(
            """
            record Tree {
              label: string
              children: array<ref Tree>
              parent: record Link {
                weight: double
                back: union<ref Tree, ref Link>?
              }
            }
            """);
  }

  @Test
  void recursiveRecordHasNoSparkFormAndTheErrorNamesTheField() {
    Schema model =
        Schemas.fromAvro(
            avro(
                """
                {"type": "record", "name": "Node", "namespace": "ex", "fields": [
                  {"name": "value", "type": "int"},
                  {"name": "meta", "type": {"type": "record", "name": "Meta", "fields": [
                    {"name": "next", "type": ["null", "Node"], "default": null}]}}]}
                """));

    assertUsageError(
        () -> Schemas.toSpark(model),
        "Field 'meta.next' refers back to its enclosing record ex.Node, and Spark cannot express"
            + " recursive types; drop the field or limit its depth.");
  }

  @Test
  void aReferenceMustPointAtAnEnclosingRecord() {
    Schema model = Schema.of("R", Field.of("x", new RecordRef("Other")));

    assertUsageError(
        () -> Schemas.toAvro(model),
        "Field 'x' refers to record Other, which does not enclose it; a reference must point at an"
            + " enclosing record.");
  }

  // ------------------------------------------------------------------ a real-world schema

  @Test
  void realWorldSchemaRoundTripsThroughTheModel() {
    org.apache.avro.Schema original = trackPlay();
    assertThat(original.getFields()).hasSizeGreaterThanOrEqualTo(20);

    Schema model = Schemas.fromAvro(original);
    org.apache.avro.Schema back = Schemas.toAvro(model);

    assertThat(back).isEqualTo(original);
    assertThat(avro(back.toString())).isEqualTo(original);
    assertThat(Schemas.fromAvro(back)).isEqualTo(model);
    assertThat(back.getDoc()).isEqualTo(original.getDoc());
    assertThat(back.getField("ms_played").doc()).isEqualTo("Milliseconds the track played.");
  }

  @Test
  void realWorldSchemaModelHasTheExpectedTypes() {
    Schema model = Schemas.fromAvro(trackPlay());

    assertThat(model.field("play_id").orElseThrow())
        .isEqualTo(Field.of("play_id", DataType.UUID).withDoc("Unique id of the play."));
    assertThat(model.field("country").orElseThrow().semantic())
        .contains(SemanticSpec.of("country_code"));
    assertThat(model.field("ms_played").orElseThrow().semantic())
        .contains(SemanticSpec.of("range", Map.of("min", "0", "max", "86400000")));
    assertThat(model.resolve("price").type()).isEqualTo(new DecimalType(10, 2));
    assertThat(model.resolve("price").nullable()).isTrue();
    assertThat(model.resolve("started_at").type())
        .isEqualTo(new TimestampType(Precision.MILLIS, true));
    assertThat(model.resolve("local_started_at").type())
        .isEqualTo(new TimestampType(Precision.MILLIS, false));
    assertThat(model.resolve("time_of_day").type()).isEqualTo(new TimeType(Precision.MILLIS));
    assertThat(model.resolve("source").type())
        .isEqualTo(
            new EnumType(
                "com.example.music.Source",
                List.of("SEARCH", "PLAYLIST", "ALBUM", "RADIO", "OTHER")));
    assertThat(model.resolve("checksum").type())
        .isEqualTo(new FixedType("com.example.music.Md5", 16));
    assertThat(model.resolve("device.screen.width").nullable()).isTrue();
    assertThat(model.resolve("ratings[]").type()).isEqualTo(DataType.INT);
    assertThat(model.resolve("ratings[]").nullable()).isTrue();
    assertThat(model.resolve("experiments{}.weights[]").type()).isEqualTo(DataType.DOUBLE);
    assertThat(model.resolve("events[].attributes{}").nullable()).isTrue();
    // The second use of Device is the same record, not a reference.
    assertThat(model.resolve("previous_device").type()).isEqualTo(model.resolve("device").type());
  }

  @Test
  void realWorldSchemaConvertsToSparkAndBack() {
    Schema model = Schemas.fromAvro(trackPlay());

    StructType struct = Schemas.toSpark(model);
    Schema back = Schemas.fromSpark(struct, "TrackPlay");

    assertThat(struct.apply("price").dataType()).isEqualTo(DataTypes.createDecimalType(10, 2));
    assertThat(struct.apply("started_at").dataType()).isEqualTo(DataTypes.TimestampType);
    assertThat(struct.apply("local_started_at").dataType()).isEqualTo(DataTypes.TimestampNTZType);
    assertThat(struct.apply("checksum").dataType()).isEqualTo(DataTypes.BinaryType);
    assertThat(struct.apply("ms_played").metadata().getString("comment"))
        .isEqualTo("Milliseconds the track played.");
    // Field-level Avro-only types come back from the field metadata...
    for (String path :
        List.of(
            "play_id",
            "source",
            "checksum",
            "time_of_day",
            "started_at",
            "device.id",
            "device.os",
            "experiments{}.assigned_at")) {
      assertThat(back.resolve(path).type()).as(path).isEqualTo(model.resolve(path).type());
    }
    // ...and so do docs, semantic types and nullability.
    assertThat(back.field("ms_played").orElseThrow())
        .isEqualTo(model.field("ms_played").orElseThrow());
    assertThat(back.field("country").orElseThrow()).isEqualTo(model.field("country").orElseThrow());
    assertThat(back.allPaths().stream().map(p -> p.path().toString() + p.nullable()))
        .containsExactlyElementsOf(
            model.allPaths().stream().map(p -> p.path().toString() + p.nullable()).toList());
    assertThat(Schemas.toSpark(back)).isEqualTo(struct);
  }

  // ------------------------------------------------------------------ Spark names

  @Test
  void nestedSparkStructsGetRecordNamesOfTheirOwn() {
    StructType location = new StructType().add("lat", DataTypes.DoubleType);
    StructType place = new StructType().add("name", DataTypes.StringType);
    StructType struct =
        new StructType()
            .add("id", DataTypes.LongType, false)
            .add("record", new StructType().add("x", DataTypes.StringType))
            .add("src", new StructType().add("location", location))
            .add("dst", new StructType().add("location", place))
            .add(
                "os_info",
                DataTypes.createArrayType(new StructType().add("v", DataTypes.IntegerType)));

    Schema model = Schemas.fromSpark(struct);

    assertThat(model.name()).isEqualTo("Record");
    assertThat(((RecordType) model.resolve("record").type()).name()).isEqualTo("Record2");
    assertThat(((RecordType) model.resolve("src.location").type()).name()).isEqualTo("Location");
    assertThat(((RecordType) model.resolve("dst.location").type()).name()).isEqualTo("DstLocation");
    assertThat(((RecordType) model.resolve("os_info[]").type()).name()).isEqualTo("OsInfo");
    // Distinct names keep Avro from taking one struct for another.
    assertThat(Schemas.fromAvro(Schemas.toAvro(model))).isEqualTo(model);
    assertThat(Schemas.toSpark(Schemas.fromAvro(Schemas.toAvro(model)))).isEqualTo(struct);
  }

  @Test
  void oneAvroNameCannotNameTwoDifferentTypes() {
    RecordType a = new RecordType("Loc", "", "", List.of(Field.of("lat", DataType.DOUBLE)));
    RecordType b = new RecordType("Loc", "", "", List.of(Field.of("name", DataType.STRING)));

    assertUsageError(
        () -> Schemas.toAvro(Schema.of("R", Field.of("src", a), Field.of("dst", b))),
        "Field 'dst' needs the Avro name Loc for its record Loc, but 'src' already uses that name"
            + " for a different record Loc; Avro names one type once, so rename one of them.");
    assertUsageError(
        () ->
            Schemas.toAvro(
                Schema.of(
                    "R",
                    Field.of("x", new EnumType("E", List.of("A"))),
                    Field.of("y", new FixedType("E", 4)))),
        "Field 'y' needs the Avro name E for its fixed(4), but 'x' already uses that name for a"
            + " different enum E{A}; Avro names one type once, so rename one of them.");
    assertUsageError(
        () -> Schemas.toAvro(Schema.of("R", Field.of("r", new RecordType("R", "", "", List.of())))),
        "Field 'r' needs the Avro name R for its record R, but 'R' already uses that name for a"
            + " different record R; Avro names one type once, so rename one of them.");
    // The same definition twice is one type used twice.
    org.apache.avro.Schema same =
        Schemas.toAvro(Schema.of("R", Field.of("src", a), Field.nullable("dst", a)));
    assertThat(same.getField("dst").schema().getTypes().get(1))
        .isSameAs(same.getField("src").schema());
  }

  // ------------------------------------------------------------------ what a target refuses

  @Test
  void multiBranchUnionHasNoSparkForm() {
    Schema model =
        Schema.of(
            "R",
            Field.of(
                "a",
                new RecordType(
                    "A",
                    "",
                    "",
                    List.of(
                        Field.nullable(
                            "u", new UnionType(List.of(DataType.INT, DataType.STRING)))))));

    assertUsageError(
        () -> Schemas.toSpark(model),
        "Field 'a.u' is a union<int, string>, which Spark cannot express as one column; split the"
            + " branches into fields.");
  }

  @Test
  void mapWithNonStringKeysHasNoAvroForm() {
    Schema model =
        Schema.of(
            "R",
            Field.of(
                "lists", new ArrayType(new MapType(DataType.INT, DataType.STRING, false), false)));

    assertUsageError(
        () -> Schemas.toAvro(model),
        "Field 'lists[]' is a map with int keys, but Avro maps have string keys; cast the keys to"
            + " string first.");
  }

  @Test
  void sparkTypesOutsideTheModelAreRefused() {
    assertUsageError(
        () -> Schemas.fromSpark(new StructType().add("wait", DataTypes.CalendarIntervalType)),
        "Field 'wait' has the Spark type interval, which Wick's schema model cannot express; cast"
            + " it to a supported type (string, numbers, date, timestamp, binary, array, map,"
            + " struct) first.");
    assertThatThrownBy(
            () ->
                Schemas.fromSpark(
                    new StructType()
                        .add(
                            "s", new StructType().add("d", DataTypes.createDayTimeIntervalType()))))
        .hasMessageStartingWith("Field 's.d' has the Spark type interval day to second, ");
    assertThatThrownBy(
            () ->
                Schemas.fromSpark(
                    new StructType()
                        .add(
                            "ym",
                            DataTypes.createArrayType(DataTypes.createYearMonthIntervalType()))))
        .hasMessageStartingWith("Field 'ym[]' has the Spark type interval year to month, ");
    assertThatThrownBy(() -> Schemas.fromSpark(new StructType().add("v", DataTypes.VariantType)))
        .hasMessageStartingWith("Field 'v' has the Spark type variant, ");
    assertThatThrownBy(
            () ->
                Schemas.fromSpark(
                    new StructType()
                        .add(
                            "m",
                            DataTypes.createMapType(DataTypes.StringType, DataTypes.NullType))))
        .hasMessageStartingWith("Field 'm{}' has the Spark type void, ");
  }

  @Test
  void narrowSparkTypesWidenToTheModel() {
    StructType struct =
        new StructType()
            .add("b", DataTypes.ByteType, false)
            .add("s", DataTypes.ShortType)
            .add("c", DataTypes.createCharType(3))
            .add("v", DataTypes.createVarcharType(10));

    Schema model = Schemas.fromSpark(struct);

    assertThat(model.fields())
        .containsExactly(
            Field.of("b", DataType.INT),
            Field.nullable("s", DataType.INT),
            Field.nullable("c", DataType.STRING),
            Field.nullable("v", DataType.STRING));
  }

  @Test
  void decimalsWiderThanSparkAreRefused() {
    Schema model =
        Schema.of("R", Field.of("m", new MapType(DataType.STRING, new DecimalType(40, 2), true)));

    assertUsageError(
        () -> Schemas.toSpark(model),
        "Field 'm{}' is decimal(40, 2), but Spark decimals hold at most 38 digits; narrow its"
            + " precision.");
    assertThat(Schemas.fromAvro(Schemas.toAvro(model))).isEqualTo(model);
  }

  @Test
  void invalidAvroNamesAreRefusedWithTheRule() {
    String rule = "Avro names use letters, digits and '_' and do not start with a digit.";
    assertUsageError(
        () -> Schemas.toAvro(Schema.of("R", Field.of("play-count", DataType.INT))),
        "Field 'play-count' cannot be an Avro field: Illegal character in: play-count; " + rule);
    assertUsageError(
        () ->
            Schemas.toAvro(
                Schema.of(
                    "R",
                    Field.of(
                        "a", new RecordType("A", "", "", List.of(Field.of("1st", DataType.INT)))))),
        "Field 'a.1st' cannot be an Avro field: Illegal initial character: 1st; " + rule);
    assertUsageError(
        () -> Schemas.toAvro(Schema.of("Track Play", Field.of("x", DataType.INT))),
        "Record 'Track Play' cannot be an Avro record: Illegal character in: Track Play; rename"
            + " it.");
    assertUsageError(
        () -> Schemas.toAvro(Schema.of("R", Field.of("e", new EnumType("E", List.of("a-b"))))),
        "Field 'e' has an enum Avro cannot express (Illegal character in: a-b); " + rule);
    assertUsageError(
        () -> Schemas.toAvro(Schema.of("R", Field.of("f", new FixedType("md5 sum", 16)))),
        "Field 'f' has a fixed type Avro cannot express (Illegal character in: md5 sum); " + rule);
  }

  @Test
  void reservedAvroPropertiesAreRefused() {
    Schema model =
        Schema.of("R", Field.of("x", DataType.INT).withProperties(Map.of("default", "1")));

    assertUsageError(
        () -> Schemas.toAvro(model),
        "Field 'x' has the property 'default', which Avro reserves for itself; rename or drop the"
            + " property.");
  }

  @Test
  void avroSchemasWithoutDataAreRefused() {
    assertUsageError(
        () -> Schemas.fromAvro(avro("\"string\"")),
        "The Avro schema is a string, but Wick needs a record at the top; wrap the value in a"
            + " record.");
    assertUsageError(
        () ->
            Schemas.fromAvro(
                avro(
                    """
                    {"type": "record", "name": "R", "fields": [
                      {"name": "gone", "type": ["null"]}]}
                    """)),
        "Field 'gone' is a union of null alone, which holds no data; give it a type.");
    assertUsageError(
        () ->
            Schemas.fromAvro(
                avro(
                    """
                    {"type": "record", "name": "R", "fields": [
                      {"name": "gone", "type": {"type": "array", "items": "null"}}]}
                    """)),
        "Field 'gone[]' has the Avro type null alone, which holds no data; remove the field or give"
            + " it a type.");
  }

  @Test
  void avroDetailsTheModelNormalizes() {
    Schema model =
        Schemas.fromAvro(
            avro(
                """
                {"type": "record", "name": "R", "fields": [
                  {"name": "late_null", "type": ["string", "null"]},
                  {"name": "multi", "type": ["int", "null", "string"]},
                  {"name": "nanos", "type": {"type": "long", "logicalType": "timestamp-nanos"}},
                  {"name": "uuid_fixed", "type": {"type": "fixed", "name": "U", "size": 16,
                                                  "logicalType": "uuid"}},
                  {"name": "p", "type": "int", "owner": "team-a"}]}
                """));

    assertThat(model.fields())
        .containsExactly(
            Field.nullable("late_null", DataType.STRING),
            Field.nullable("multi", new UnionType(List.of(DataType.INT, DataType.STRING))),
            Field.of("nanos", DataType.LONG),
            Field.of("uuid_fixed", new FixedType("U", 16)),
            Field.of("p", DataType.INT).withProperties(Map.of("owner", "team-a")));
    assertThat(Schemas.toAvro(model).getField("multi").schema().toString())
        .isEqualTo("[\"null\",\"int\",\"string\"]");
    assertThat(Schemas.toAvro(model).getField("p").getProp("owner")).isEqualTo("team-a");
  }

  @Test
  void sparkMetadataCarriesDocsSemanticsAndProperties() {
    StructType struct =
        new StructType(
            new StructField[] {
              new StructField(
                  "country",
                  DataTypes.StringType,
                  true,
                  Metadata.fromJson(
                      "{\"comment\": \"ISO code\", \"wick.semantic\": \"country_code\","
                          + " \"owner\": \"team-a\", \"rank\": 3}"))
            });

    Field country = Schemas.fromSpark(struct).fields().get(0);

    assertThat(country)
        .isEqualTo(
            new Field(
                "country",
                DataType.STRING,
                true,
                "ISO code",
                Optional.of(SemanticSpec.of("country_code")),
                Map.of("owner", "team-a")));
  }

  @Test
  void foreignOrStaleTypeMetadataFallsBackToTheSparkType() {
    StructType struct =
        new StructType(
            new StructField[] {
              new StructField(
                  "n", DataTypes.IntegerType, false, Metadata.fromJson("{\"wick.type\": \"uuid\"}"))
            });

    assertThat(Schemas.fromSpark(struct).fields()).containsExactly(Field.of("n", DataType.INT));
  }

  // ------------------------------------------------------------------ schema files

  @Test
  void parseAvscExplainsAMissingOrBrokenFile(@TempDir Path dir) throws IOException {
    Path missing = dir.resolve("missing.avsc");
    assertUsageError(
        () -> Schemas.parseAvsc(missing),
        "Schema file " + missing + " does not exist; pass the path of an Avro .avsc file.");

    Path broken = Files.writeString(dir.resolve("broken.avsc"), "{\"type\": \"record\", \"name\"");
    assertThatThrownBy(() -> Schemas.parseAvsc(broken))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("Schema file " + broken + " is not a valid Avro schema (")
        .hasMessageEndingWith("); fix the JSON or the type names.")
        .hasMessageNotContaining("\n");

    Path unknownType =
        Files.writeString(
            dir.resolve("unknown.avsc"),
            "{\"type\": \"record\", \"name\": \"R\", \"fields\": [{\"name\": \"a\", \"type\": \"Nope\"}]}");
    assertUsageError(
        () -> Schemas.parseAvsc(unknownType),
        "Schema file "
            + unknownType
            + " is not a valid Avro schema (Undefined schema: Nope); fix the JSON or the type"
            + " names.");
  }
}
