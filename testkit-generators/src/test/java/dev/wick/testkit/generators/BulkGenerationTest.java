package dev.wick.testkit.generators;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bulk API in the tool contract: options, a run, a result that writes itself to an Output. */
class BulkGenerationTest {
  static SparkSession spark;

  @TempDir Path tmp;

  @BeforeAll
  static void session() {
    spark = WickSpark.local(2);
    TestSemanticTypes.register(); // order.avsc names test_country
  }

  static Schema schema(String name) throws IOException {
    try (InputStream in = BulkGenerationTest.class.getResourceAsStream("/schemas/" + name)) {
      return new Schema.Parser().parse(in);
    }
  }

  static List<Path> parts(Path dir, String extension) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(p -> p.getFileName().toString().startsWith("part-"))
          .filter(p -> p.getFileName().toString().endsWith(extension))
          .sorted()
          .toList();
    }
  }

  @Test
  void writesTheRecordsThroughAnOutputTheCallerCommits() throws IOException {
    Schema avro = schema("page_view.avsc");
    GeneratedRecords views =
        BulkGeneration.of(avro).seed(5).rowsPerPartition(40).nullProbability(0).run(spark, 100);
    assertThat(views.count()).isEqualTo(100);
    assertThat(views.seed()).isEqualTo(5);
    assertThat(views.partitions()).isEqualTo(3);

    Path dest = tmp.resolve("views");
    try (Output out = Output.create(spark, dest.toString(), false, List.of())) {
      views.writeTo(out, Format.AVRO);
      assertThat(dest).doesNotExist(); // the caller commits, not the result
      out.commit();
    }

    List<Path> files = parts(dest, ".avro");
    assertThat(files).hasSize(3);
    assertThat(dest.resolve(Output.SUCCESS)).isRegularFile();
    List<String> sessions = new ArrayList<>();
    List<String> referrers = new ArrayList<>();
    List<Integer> perFile = new ArrayList<>();
    for (Path file : files) {
      try (DataFileReader<GenericRecord> reader =
          new DataFileReader<>(file.toFile(), new GenericDatumReader<>())) {
        // The user's schema, not Spark's derived one: the enum and the fixed keep their names.
        assertThat(reader.getSchema()).isEqualTo(avro);
        int n = 0;
        for (GenericRecord r : reader) {
          Object referrer = r.get("referrer");
          referrers.add(referrer == null ? null : referrer.toString());
          sessions.add(r.get("session_id").toString());
          n++;
        }
        perFile.add(n);
      }
    }
    assertThat(perFile).containsExactly(40, 40, 20);
    // The files hold the result's rows, in order.
    assertThat(sessions)
        .isEqualTo(
            views
                .rows()
                .select("session_id")
                .as(org.apache.spark.sql.Encoders.STRING())
                .collectAsList());
    // No nulls were asked for: every referrer is a value, the one the result's row holds.
    assertThat(referrers)
        .doesNotContainNull()
        .isEqualTo(
            views
                .rows()
                .select("referrer")
                .as(org.apache.spark.sql.Encoders.STRING())
                .collectAsList());
  }

  @Test
  void theSameOptionsGiveTheSameValidRecordsWithTheAskedNullShareAndAnotherSeedOthers()
      throws IOException {
    Schema avro = schema("order.avsc");
    BulkGeneration orders =
        BulkGeneration.of(avro).seed(9).rowsPerPartition(300).nullProbability(0.3);
    GeneratedRecords result = orders.run(spark, 900);
    Path dest = tmp.resolve("orders");
    try (Output out = Output.create(spark, dest.toString(), false, List.of())) {
      result.writeTo(out, Format.AVRO);
      out.commit();
    }
    // Avro's own reader and validation judge every record, and the values' domains are checked
    // here against the schema's declarations, not against the engine behind the facade.
    int records = 0;
    int[] nulls = new int[4]; // email, address, delivery_date, payment
    java.util.Set<String> ids = new java.util.HashSet<>();
    java.util.Set<String> statuses = new java.util.TreeSet<>();
    for (Path file : parts(dest, ".avro")) {
      try (DataFileReader<GenericRecord> reader =
          new DataFileReader<>(file.toFile(), new GenericDatumReader<>(avro))) {
        for (GenericRecord r : reader) {
          records++;
          assertThat(org.apache.avro.generic.GenericData.get().validate(avro, r))
              .as("Avro validates %s", r)
              .isTrue();
          String id = r.get("order_id").toString();
          assertThat(java.util.UUID.fromString(id).toString()).isEqualTo(id);
          ids.add(id);
          statuses.add(r.get("status").toString());
          GenericRecord customer = (GenericRecord) r.get("customer");
          nulls[0] += customer.get("email") == null ? 1 : 0;
          GenericRecord address = (GenericRecord) customer.get("address");
          if (address == null) {
            nulls[1]++;
          } else {
            assertThat(TestSemanticTypes.COUNTRIES).contains(address.get("country").toString());
          }
          nulls[2] += r.get("delivery_date") == null ? 1 : 0;
          nulls[3] += r.get("payment") == null ? 1 : 0;
        }
      }
    }
    assertThat(records).isEqualTo(900);
    assertThat(ids).as("distinct order ids").hasSize(900);
    assertThat(statuses).isSubsetOf("PLACED", "PAID", "SHIPPED", "DELIVERED", "CANCELLED");
    assertThat(statuses).as("statuses seen in 900 orders").hasSizeGreaterThan(3);
    // Each optional field is null in about 30% of the records: 270 of 900, within 4 standard
    // deviations (about 55).
    for (int i = 0; i < nulls.length; i++) {
      assertThat(nulls[i]).as("nulls of optional field %s", i).isBetween(215, 325);
    }

    List<Row> rows = result.rows().collectAsList();
    assertThat(orders.run(spark, 900).rows().collectAsList()).isEqualTo(rows);
    assertThat(orders.seed(10).run(spark, 900).rows().collectAsList()).isNotEqualTo(rows);
  }

  @Test
  void writesRowsOfASparkStructAsParquet() throws IOException {
    StructType struct =
        new StructType()
            .add("id", DataTypes.LongType, false)
            .add("tags", DataTypes.createArrayType(DataTypes.StringType, false), false)
            .add("name", DataTypes.StringType, true);
    GeneratedRecords rows =
        BulkGeneration.of(struct).collectionSize(2, 2).stringLength(3, 3).run(spark, 50);
    Path dest = tmp.resolve("rows");
    try (Output out = Output.create(spark, dest.toString(), false, List.of())) {
      rows.writeTo(out, Format.PARQUET);
      out.commit();
    }
    var read = spark.read().parquet(dest.toString());
    assertThat(read.count()).isEqualTo(50);
    assertThat(read.where(org.apache.spark.sql.functions.size(col("tags")).notEqual(2)).count())
        .isZero();
    // Lengths count UTF-16 chars, as Java does (Spark's length() counts code points).
    assertThat(read.select("name").where("name is not null").collectAsList())
        .allSatisfy(r -> assertThat(r.getString(0)).hasSize(3));
  }

  static final Schema KEYED =
      new Schema.Parser()
          .parse(
              """
              {"type": "record", "name": "Keyed", "fields": [
                {"name": "id", "type": {"type": "string", "logicalType": "uuid"}},
                {"name": "track", "type": "string", "wick.semantic": "base62_id"},
                {"name": "short_id", "type": "string", "wick.semantic": "base62_id(length=3)"},
                {"name": "n", "type": "long"},
                {"name": "i", "type": ["null", "int"]},
                {"name": "name", "type": "string"},
                {"name": "user", "type": {"type": "record", "name": "User", "fields": [
                  {"name": "email", "type": "string"}]}}
              ]}
              """);

  @Test
  void identifiersAndKeysAreUniqueAcrossPartitionsAndValid() {
    var rows =
        BulkGeneration.of(KEYED)
            .seed(3)
            .rowsPerPartition(700)
            .key("n", "i", "name", "user.email")
            .run(spark, 5_000)
            .rows();
    Row counts =
        rows.selectExpr(
                "count(distinct id)",
                "count(distinct track)",
                "count(distinct short_id)",
                "count(distinct n)",
                "count(distinct i)",
                "count(distinct name)",
                "count(distinct user.email)",
                "count(*)")
            .first();
    for (int i = 0; i < 7; i++) {
      assertThat(counts.getLong(i)).as(rows.columns()[i]).isEqualTo(5_000);
    }
    var uuid = semantic("uuid");
    var base62 = semantic("base62_id");
    var base62Short = semantic("base62_id(length=3)");
    for (Row r : rows.collectAsList()) {
      assertThat(java.util.UUID.fromString(r.getString(0)).version()).isEqualTo(4);
      assertThat(uuid.check(r.getString(0))).isEmpty();
      assertThat(base62.check(r.getString(1))).isEmpty();
      assertThat(base62Short.check(r.getString(2))).isEmpty();
    }
    // Another seed gives other ids; the same seed the same ones.
    Row again = BulkGeneration.of(KEYED).seed(3).run(spark, 10).rows().first();
    Row other = BulkGeneration.of(KEYED).seed(4).run(spark, 10).rows().first();
    assertThat(again.getString(0)).isEqualTo(rows.first().getString(0));
    assertThat(other.getString(0)).isNotEqualTo(again.getString(0));

    assertThatThrownBy(() -> BulkGeneration.of(KEYED).key("user"))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Key field 'user' is a record User, which cannot be unique per record; name a plain"
                + " field such as a string or a long.");
  }

  static dev.wick.core.validation.SemanticType semantic(String spec) {
    return dev.wick.core.validation.SemanticTypes.create(
        dev.wick.core.schema.SemanticSpec.parse(spec), "test");
  }

  @Test
  void badOptionsFailAtOnceInOneSentence() throws IOException {
    BulkGeneration orders = BulkGeneration.of(schema("order.avsc"));
    assertThatThrownBy(() -> orders.nullProbability(1.5))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The null probability must be between 0 and 1, got 1.5; pass a value such as 0.1.");
    assertThatThrownBy(() -> orders.collectionSize(3, 1))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The collection size range 3..1 is invalid; pass 0 <= min <= max, such as 0..5.");
    assertThatThrownBy(() -> orders.rowsPerPartition(0))
        .isInstanceOf(WickException.class)
        .hasMessage("Rows per partition must be at least 1, got 0; pass a positive number.");
    assertThatThrownBy(() -> orders.run(spark, -1))
        .isInstanceOf(WickException.class)
        .hasMessage("The record count must be 0 or more, got -1; pass a count such as 1000.");
    // Any Avro schema generates (and writes as Avro); only its Spark rows need Spark's types.
    GeneratedRecords trees = BulkGeneration.of(schema("tree.avsc")).run(spark, 10);
    assertThatThrownBy(trees::rows)
        .isInstanceOf(WickException.class)
        .hasMessageContaining("Spark cannot express recursive types");

    assertThatThrownBy(() -> orders.minCount(0))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The minimum count of a copied value must be at least 1, got 0; pass a count such as"
                + " 5.");

    GeneratedRecords few = orders.run(spark, 10);
    Path dest = tmp.resolve("csv");
    try (Output out = Output.create(spark, dest.toString(), false, List.of())) {
      assertThatThrownBy(() -> few.writeTo(out, Format.CSV))
          .isInstanceOf(WickException.class)
          .hasMessage(
              "Generated records cannot be written as csv, which cannot hold nested records and"
                  + " binary values; write avro, parquet, json or orc.");
    }
    assertThat(dest).doesNotExist();
  }
}
