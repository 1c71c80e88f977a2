package dev.wick.testkit.generators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.WickSpark;
import dev.wick.profiler.Profile;
import dev.wick.profiler.Profiler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * Data generated like a profile keeps the null rates of a nullable record's fields: the profile
 * counts a field of a null record as null, and generation takes the record's nulls out of its
 * fields' rates instead of drawing them twice. Judged by Spark's own counts.
 */
class LikeNestedTest {
  static final int ROWS = 20_000;
  static final String SCHEMA =
      """
      {"type": "record", "name": "Visit", "fields": [
        {"name": "id", "type": "long"},
        {"name": "user", "type": ["null", {"type": "record", "name": "User", "fields": [
          {"name": "age", "type": ["null", "int"], "default": null},
          {"name": "name", "type": "string"}
        ]}], "default": null}
      ]}
      """;

  @Test
  void theFieldsOfANullableRecordKeepTheirNullRates() {
    SparkSession spark = WickSpark.local(2);
    org.apache.avro.Schema avro = new org.apache.avro.Schema.Parser().parse(SCHEMA);
    // A fifth of the users null, and a fifth of the other users' ages: 36% of the ages null.
    Dataset<Row> real =
        spark
            .range(0, ROWS, 1, 2)
            .selectExpr(
                "id",
                "if(rand(1) < 0.2, NULL, named_struct('age', if(rand(2) < 0.2, NULL,"
                    + " cast(rand(3) * 90 AS INT)), 'name', concat('n', id % 50))) AS user")
            .cache();
    Profile profile = Profiler.defaults().profile(real, Schemas.fromAvro(avro), "visits");
    Dataset<Row> generated =
        BulkGeneration.of(avro).seed(5).like(profile).run(spark, ROWS).rows().cache();

    double users = nullShare(real, "user");
    double ages = nullShare(real, "user.age");
    assertThat(ages).isCloseTo(0.36, within(0.02));
    assertThat(nullShare(generated, "user")).isCloseTo(users, within(0.015));
    assertThat(nullShare(generated, "user.age")).isCloseTo(ages, within(0.015));
    assertThat(nullShare(generated, "user.name")).isCloseTo(users, within(0.015));
  }

  private static double nullShare(Dataset<Row> data, String column) {
    return data.where(column + " IS NULL").count() / (double) ROWS;
  }
}
