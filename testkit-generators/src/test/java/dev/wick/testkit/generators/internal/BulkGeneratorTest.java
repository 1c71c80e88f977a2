package dev.wick.testkit.generators.internal;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.spark_partition_id;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bulk backend on Spark: counts, partitions, seeds, and data Spark can write and read. */
class BulkGeneratorTest {
  static SparkSession spark;

  @TempDir Path tmp;

  @BeforeAll
  static void session() {
    spark = WickSpark.local(2);
    dev.wick.testkit.generators.TestSemanticTypes.register();
  }

  @Test
  void generatesTheCountInChunksOfRowsPerPartition() throws IOException {
    BulkGenerator generator =
        BulkGenerator.of(DomainsTest.schema("order.avsc")).seed(3).rowsPerPartition(300);
    Dataset<Row> orders = generator.generate(spark, 1000);

    assertThat(orders.schema()).isEqualTo(generator.sparkSchema());
    assertThat(generator.partitions(1000)).isEqualTo(4);
    List<Row> perPartition =
        orders.groupBy(spark_partition_id().as("p")).count().orderBy("p").collectAsList();
    assertThat(perPartition).extracting(r -> r.getLong(1)).containsExactly(300L, 300L, 300L, 100L);
    // The semantic type in the schema (customer.address.country) holds in every record.
    assertThat(
            orders
                .where(col("customer.address.country").isNotNull())
                .where(
                    col("customer.address.country")
                        .isin(dev.wick.testkit.generators.TestSemanticTypes.COUNTRIES.toArray())
                        .unary_$bang())
                .count())
        .isZero();
    assertThat(generator.generate(spark, 0).count()).isZero();
  }

  @Test
  void theSameSeedGivesTheSameRowsAsDrawnWithoutSpark() throws IOException {
    BulkGenerator generator =
        BulkGenerator.of(DomainsTest.schema("page_view.avsc")).seed(11).rowsPerPartition(70);
    List<Row> first = generator.generate(spark, 200).collectAsList();
    List<Row> second = generator.generate(spark, 200).collectAsList();
    assertThat(second).isEqualTo(first);

    List<Row> local = new ArrayList<>();
    for (int chunk = 0; chunk < generator.partitions(200); chunk++) {
      generator.chunk(chunk, 200).forEachRemaining(local::add);
    }
    assertThat(local).hasSize(200);
    for (int i = 0; i < 200; i++) {
      assertThat(comparable(local.get(i))).isEqualTo(comparable(first.get(i)));
    }
    assertThat(generator.seed(12).generate(spark, 200).collectAsList()).isNotEqualTo(first);
  }

  /** A row's text, with binary values spelled out so that equal bytes compare equal. */
  static String comparable(Row row) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < row.length(); i++) {
      Object v = row.get(i);
      out.append(v instanceof byte[] b ? java.util.Arrays.toString(b) : String.valueOf(v))
          .append('|');
    }
    return out.toString();
  }

  @Test
  void everySparkExpressibleCorpusSchemaWritesAndReadsBack() throws IOException {
    for (String name : List.of("all_types.avsc", "order.avsc", "page_view.avsc")) {
      Schema avro = DomainsTest.schema(name);
      Dataset<Row> data =
          BulkGenerator.of(avro).seed(1).rowsPerPartition(150).generate(spark, 400).cache();
      Path parquet = tmp.resolve(name + ".parquet");
      Path avroOut = tmp.resolve(name + ".avro");
      Path json = tmp.resolve(name + ".json");
      data.write().parquet(parquet.toString());
      data.write().format("avro").option("avroSchema", avro.toString()).save(avroOut.toString());
      data.write().json(json.toString());
      // JSON is read with the data's schema: inference would turn maps into structs, whose
      // generated keys ("a", "A") clash in Spark's case-insensitive resolution.
      assertThat(spark.read().parquet(parquet.toString()).count()).as(name).isEqualTo(400);
      // Avro is read with the data's schema too: Spark 4.2 infers its TIME type for time-millis,
      // which its own Avro source then refuses.
      assertThat(spark.read().format("avro").schema(data.schema()).load(avroOut.toString()).count())
          .isEqualTo(400);
      assertThat(spark.read().schema(data.schema()).json(json.toString()).count()).isEqualTo(400);
      // Parquet keeps every value: the data read back equals the data written.
      List<String> written = new ArrayList<>(data.toJSON().collectAsList());
      List<String> read =
          new ArrayList<>(spark.read().parquet(parquet.toString()).toJSON().collectAsList());
      java.util.Collections.sort(written);
      java.util.Collections.sort(read);
      assertThat(read).isEqualTo(written);
      data.unpersist();
    }
  }

  @Test
  void rowsFitTheExactColumnTypesOfASparkStruct() {
    StructType struct =
        new StructType()
            .add("small", DataTypes.ShortType, false)
            .add("tiny", DataTypes.ByteType, true)
            .add("code", DataTypes.createVarcharType(4), false)
            .add("at", DataTypes.TimestampNTZType, false)
            .add("day", DataTypes.DateType, true)
            .add("amount", DataTypes.createDecimalType(38, 6), false)
            .add(
                "by_id",
                DataTypes.createMapType(
                    DataTypes.IntegerType,
                    new StructType().add("n", DataTypes.LongType).add("b", DataTypes.BinaryType),
                    true),
                false);
    Dataset<Row> rows = BulkGenerator.of(struct).rowsPerPartition(100).generate(spark, 300);
    assertThat(rows.count()).isEqualTo(300);
    for (Row r : rows.collectAsList()) {
      assertThat(r.get(0)).isInstanceOf(Short.class);
      assertThat(r.getString(2).length()).isLessThanOrEqualTo(4);
    }
    assertThat(rows.where(col("small").isNull()).count()).isZero();
  }

  @Test
  void badInputFailsBeforeSparkRuns() throws IOException {
    BulkGenerator generator = BulkGenerator.of(DomainsTest.schema("order.avsc"));
    assertThatThrownBy(() -> generator.generate(spark, -1))
        .isInstanceOf(WickException.class)
        .hasMessage("The record count must be 0 or more, got -1; pass a count such as 1000.");
    assertThatThrownBy(() -> generator.rowsPerPartition(0))
        .isInstanceOf(WickException.class)
        .hasMessage("Rows per partition must be at least 1, got 0; pass a positive number.");
    // Any Avro schema makes Avro records; Spark rows need a schema Spark can express.
    BulkGenerator unions = BulkGenerator.of(DomainsTest.schema("unions.avsc"));
    unions.check(10, true);
    assertThatThrownBy(() -> unions.generate(spark, 10))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("Field 'payload' is a union<string, long, double, boolean,");
    BulkGenerator trees = BulkGenerator.of(DomainsTest.schema("tree.avsc"));
    trees.check(10, true);
    assertThatThrownBy(() -> trees.generate(spark, 10))
        .isInstanceOf(WickException.class)
        .hasMessageContaining("Spark cannot express recursive types");
    assertThat(Schemas.fromAvro(DomainsTest.schema("order.avsc")).name()).isEqualTo("Order");
  }
}
