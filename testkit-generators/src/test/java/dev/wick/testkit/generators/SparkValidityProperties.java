package dev.wick.testkit.generators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.WickException;
import dev.wick.core.schema.RowCodec;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.WickSpark;
import dev.wick.testkit.generators.TestRecords.User;
import dev.wick.testkit.generators.internal.BulkGenerator;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.util.CharVarcharUtils;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Generated rows fit their Spark schema: Spark converts every value of every row (a collect does)
 * for random schemas Spark can express, for a struct with Spark-only column types, and for rows
 * made from generated Java records.
 */
class SparkValidityProperties {
  static final SparkSession SPARK = WickSpark.local(2);

  @Provide
  Arbitrary<org.apache.avro.Schema> randomSchemas() {
    return SchemaCorpus.randomSchemas();
  }

  @Property(tries = 25)
  void rowsOfRandomSchemasFitTheirSparkSchema(
      @ForAll("randomSchemas") org.apache.avro.Schema avro) {
    Schema model = Schemas.fromAvro(avro);
    StructType struct;
    try {
      struct = Schemas.toSpark(model);
    } catch (WickException e) {
      Assume.that(false); // unions and recursion have no Spark form
      return;
    }
    List<Row> rows = GeneratorsApiTest.sample(Generators.rows(model), 20);
    // Spark stores varchar as string and refuses it in createDataFrame; the values were checked
    // against the length limit above.
    StructType stored = CharVarcharUtils.replaceCharVarcharWithStringInSchema(struct);
    List<Row> collected = SPARK.createDataFrame(rows, stored).collectAsList();
    assertThat(collected).hasSize(20);
    Dataset<Row> bulk = BulkGenerator.of(avro).rowsPerPartition(40).generate(SPARK, 100);
    assertThat(bulk.collectAsList()).hasSize(100);
    assertThat(bulk.schema()).isEqualTo(struct);
  }

  @Example
  void rowsOfAStructWithSparkOnlyTypes() {
    StructType struct =
        new StructType()
            .add("small", DataTypes.ShortType, false)
            .add("tiny", DataTypes.ByteType, true)
            .add("code", DataTypes.createVarcharType(4), false)
            .add("at", DataTypes.TimestampType, false)
            .add("local", DataTypes.TimestampNTZType, true)
            .add("day", DataTypes.DateType, true)
            .add("amount", DataTypes.createDecimalType(38, 6), false)
            .add("blob", DataTypes.BinaryType, true)
            .add(
                "by_id",
                DataTypes.createMapType(
                    DataTypes.IntegerType,
                    new StructType()
                        .add("n", DataTypes.LongType)
                        .add("tags", DataTypes.createArrayType(DataTypes.StringType, true)),
                    true),
                false);
    List<Row> rows = GeneratorsApiTest.sample(Generators.rows(struct), 300);
    assertThat(rows).allSatisfy(r -> assertThat(r.schema()).isEqualTo(struct));
    assertThat(rows).allSatisfy(r -> assertThat(r.get(0)).isInstanceOf(Short.class));
    assertThat(rows).allSatisfy(r -> assertThat(r.getString(2).length()).isLessThanOrEqualTo(4));
    assertThat(rows).allSatisfy(r -> assertThat(r.getTimestamp(3)).isNotNull());
    // Spark stores varchar as string and refuses it in createDataFrame; the values were checked
    // against the length limit above.
    StructType stored = CharVarcharUtils.replaceCharVarcharWithStringInSchema(struct);
    List<Row> collected = SPARK.createDataFrame(rows, stored).collectAsList();
    assertThat(collected).hasSize(300);
    for (int i = 0; i < rows.size(); i++) {
      assertThat(collected.get(i).getShort(0)).isEqualTo(rows.get(i).getShort(0));
      assertThat(collected.get(i).getDecimal(6)).isEqualTo(rows.get(i).getDecimal(6));
      assertThat(collected.get(i).getTimestamp(3)).isEqualTo(rows.get(i).getTimestamp(3));
    }
  }

  @Example
  void generatedJavaRecordsMakeADataFrame() {
    List<User> users = GeneratorsApiTest.sample(Generators.records(User.class), 200);
    Schema schema = Schemas.fromRecord(User.class);
    Dataset<Row> frame = RowCodec.createDataFrame(SPARK, users, schema);
    assertThat(frame.count()).isEqualTo(200);
    List<Row> back = frame.collectAsList();
    for (int i = 0; i < users.size(); i++) {
      User again = RowCodec.toRecord(back.get(i), User.class);
      assertThat(again.user_id()).isEqualTo(users.get(i).user_id());
      assertThat(again.balance()).isEqualTo(users.get(i).balance());
      assertThat(again.since()).isEqualTo(users.get(i).since());
    }
  }
}
