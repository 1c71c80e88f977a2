package dev.wick.core.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.xxhash64;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

class KeyHashTest {
  private static final SparkSession SPARK = WickSpark.local(2);

  /** A dataset from rows and a DDL schema such as {@code "x STRING, y STRING"}. */
  private static Dataset<Row> rows(String ddl, List<Row> rows) {
    return SPARK.createDataFrame(rows, StructType.fromDDL(ddl));
  }

  /** The values of the {@code id} column, sorted. */
  private static List<Long> ids(Dataset<Row> data) {
    return data.select(col("id")).orderBy(col("id")).collectAsList().stream()
        .map(r -> r.getLong(0))
        .toList();
  }

  /** The rows whose key's number falls below {@code fraction}, through the column. */
  private static Dataset<Row> kept(Dataset<Row> data, List<String> keys, long seed, double f) {
    return data.filter(KeyHash.unit(data.schema(), keys, seed).lt(lit(f)));
  }

  private static List<Double> units(Dataset<Row> data, List<String> fields, long seed) {
    return data.select(KeyHash.unit(data.schema(), fields, seed)).collectAsList().stream()
        .map(r -> r.getDouble(0))
        .toList();
  }

  @Test
  void aNullIsAMarkerNotASkippedField() {
    Dataset<Row> data =
        rows(
            "x STRING, y STRING",
            List.of(
                RowFactory.create(null, "a"),
                RowFactory.create("a", null),
                RowFactory.create("", null),
                RowFactory.create(null, "")));
    // Spark's bare xxhash64 skips nulls, so these pairs collide...
    List<Long> bare =
        data.select(xxhash64(col("x"), col("y"))).collectAsList().stream()
            .map(r -> r.getLong(0))
            .toList();
    assertThat(bare.get(0)).isEqualTo(bare.get(1));
    assertThat(bare.get(2)).isEqualTo(bare.get(3));
    // ...the key hash keeps them apart.
    List<Double> u = units(data, List.of("x", "y"), 42);
    assertThat(u).doesNotHaveDuplicates();
  }

  @Test
  void fieldBoundariesArePartOfTheKey() {
    Dataset<Row> data =
        rows(
            "x STRING, y STRING",
            List.of(RowFactory.create("ab", "c"), RowFactory.create("a", "bc")));
    List<Double> u = units(data, List.of("x", "y"), 42);
    assertThat(u.get(0)).isNotEqualTo(u.get(1));
  }

  @Test
  void intsShortsAndLongsOfTheSameValueHashAlike() {
    Dataset<Row> data =
        SPARK
            .range(0, 500)
            .selectExpr(
                "CAST(id - 250 AS INT) AS i",
                "CAST(id - 250 AS SMALLINT) AS s",
                "id - 250 AS l",
                "CAST(id AS FLOAT) / 4 AS f",
                "CAST(id AS DOUBLE) / 4 AS d");
    assertThat(units(data, List.of("i"), 7)).isEqualTo(units(data, List.of("l"), 7));
    assertThat(units(data, List.of("s"), 7)).isEqualTo(units(data, List.of("l"), 7));
    // Quarters are exact in both float and double.
    assertThat(units(data, List.of("f"), 7)).isEqualTo(units(data, List.of("d"), 7));
    assertThat(units(data, List.of("l"), 7)).isNotEqualTo(units(data, List.of("l"), 8));
  }

  @Test
  void theSqlInTheJavadocMakesTheSameDecisionsAsTheColumn() {
    Dataset<Row> plays =
        SPARK
            .range(0, 20_000)
            .selectExpr(
                "id",
                "CASE WHEN id % 97 = 0 THEN NULL ELSE CAST(id % 5000 AS INT) END AS user_id",
                "CASE WHEN id % 89 = 0 THEN NULL ELSE element_at(array('SE', 'US', 'BR'),"
                    + " CAST(id % 3 + 1 AS INT)) END AS country");
    plays.createOrReplaceTempView("plays");
    // Verbatim from the KeyHash class documentation.
    Dataset<Row> bySql =
        SPARK.sql(
            """
                SELECT * FROM plays
                WHERE shiftrightunsigned(
                        xxhash64(CAST(42 AS BIGINT),
                                 `user_id` IS NULL, CAST(`user_id` AS BIGINT),
                                 `country` IS NULL, `country`),
                        11) / 9007199254740992D < 0.01D
                """);
    Dataset<Row> byColumn = kept(plays, List.of("user_id", "country"), 42, 0.01);
    List<Long> expected = ids(bySql);
    assertThat(expected).hasSizeBetween(120, 300);
    assertThat(ids(byColumn)).isEqualTo(expected);
  }

  @Test
  void theGeneratedSqlMakesTheSameDecisionsForNestedAndTypedKeys() {
    Dataset<Row> data =
        SPARK
            .range(0, 3000)
            .selectExpr(
                "id",
                "named_struct('os', IF(id % 7 = 0, NULL, CAST(id % 3 AS STRING)),"
                    + " 'version', CAST(id % 11 AS INT)) AS device",
                "date_add(DATE'2024-01-01', CAST(id % 40 AS INT)) AS day",
                "CAST(id % 13 AS DECIMAL(10, 2)) AS amount",
                "id % 2 = 0 AS flag",
                "CAST(id % 17 AS FLOAT) AS score");
    List<String> keys = List.of("device", "day", "amount", "flag", "score", "device.version");
    data.createOrReplaceTempView("typed");
    String where = KeyHash.predicateSql(data.schema(), keys, 99, 0.25);
    assertThat(where)
        .startsWith(
            "shiftrightunsigned(xxhash64(CAST(99 AS BIGINT), `device` IS NULL, `device`.`os` IS"
                + " NULL, `device`.`os`, `device`.`version` IS NULL, CAST(`device`.`version` AS"
                + " BIGINT), `day` IS NULL, `day`,")
        .endsWith("), 11) / 9007199254740992D < 0.25D");
    Dataset<Row> bySql = SPARK.sql("SELECT * FROM typed WHERE " + where);
    Dataset<Row> byColumn = kept(data, keys, 99, 0.25);
    List<Long> expected = ids(bySql);
    assertThat(expected).hasSizeBetween(100, 1000);
    assertThat(ids(byColumn)).isEqualTo(expected);
  }

  @Test
  void anUnknownKeyFieldFailsWithTheNearestNames() {
    Dataset<Row> data = SPARK.range(3).selectExpr("id AS user_id", "'x' AS country");
    assertThatThrownBy(() -> KeyHash.unit(data.schema(), List.of("usr_id"), 1))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Field 'usr_id' does not resolve: the schema Input has no field 'usr_id'; did you mean"
                + " 'user_id'? The nearest names are 'user_id', 'country'.");
  }

  @Test
  void arraysAndMapsCannotBeKeys() {
    Dataset<Row> data =
        SPARK
            .range(3)
            .selectExpr("id", "array(id) AS tags", "named_struct('m', map('a', id)) AS r");
    assertThatThrownBy(() -> KeyHash.unit(data.schema(), List.of("tags"), 1))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Field 'tags' holds an array, which cannot be a key; name scalar fields (or records"
                + " of them) in by.");
    assertThatThrownBy(() -> KeyHash.unit(data.schema(), List.of("r"), 1))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Field 'r' holds a map at 'r.m', which cannot be a key; name scalar fields (or"
                + " records of them) in by.");
    assertThatThrownBy(() -> KeyHash.unit(data.schema(), List.of("tags[]"), 1))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Field 'tags[]' steps into an array or map, so a record holds many values there;"
                + " name a field with one value per record in by.");
  }
}
