package dev.wick.typed;

import static dev.wick.typed.Functions.asc;
import static dev.wick.typed.Functions.count;
import static dev.wick.typed.Functions.desc;
import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.typed.shapes.City_;
import dev.wick.typed.shapes.Country_;
import dev.wick.typed.shapes.Person_;
import dev.wick.typed.shapes.Purchase_;
import dev.wick.typed.shapes.Results_AgeCity_;
import dev.wick.typed.shapes.Results_Located_;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The typed API adds nothing to Spark's plans: on Parquet-backed tables, typed pipelines and their
 * hand-written DataFrame twins optimize to the same plan (expression ids aside).
 */
class PlanEqualityTest {
  static final SparkSession spark = Fixtures.spark();

  @BeforeAll
  static void tables() {
    save(OperationsTest.people().toDF(), "plan_people");
    save(OperationsTest.purchases().toDF(), "plan_purchases");
    save(OperationsTest.cities().toDF(), "plan_cities");
    save(OperationsTest.countries().toDF(), "plan_countries");
  }

  static void save(Dataset<Row> rows, String table) {
    rows.write().mode(SaveMode.Overwrite).format("parquet").saveAsTable(table);
  }

  static String plan(Dataset<Row> rows) {
    return rows.queryExecution().optimizedPlan().toString().replaceAll("#\\d+L?", "#");
  }

  static void assertSamePlan(Dataset<Row> typed, Dataset<Row> dataFrame) {
    assertThat(plan(typed)).isEqualTo(plan(dataFrame));
    assertThat(typed.schema()).isEqualTo(dataFrame.schema());
  }

  @Test
  void fourWayJoinWithFilterAndProjection() {
    var typed =
        Typed.table(spark, "plan_people", Person_.META)
            .join(
                Typed.table(spark, "plan_purchases", Purchase_.META),
                (p, o) -> p.id().eq(o.person_id()))
            .leftJoin(
                Typed.table(spark, "plan_cities", City_.META),
                (p, o, c) -> p.city().map(pc -> pc.eq(c.city())))
            .leftJoin(
                Typed.table(spark, "plan_countries", Country_.META),
                (p, o, c, k) -> c.country().map(cc -> cc.eq(k.country())))
            .filter((p, o, c, k) -> o.amount().gt(6.0))
            .select(
                (p, o, c, k) ->
                    Results_Located_.of(p.name(), c.city(), c.country(), k.population()));

    Dataset<Row> people = spark.table("plan_people");
    Dataset<Row> purchases = spark.table("plan_purchases");
    Dataset<Row> cities = spark.table("plan_cities");
    Dataset<Row> countries = spark.table("plan_countries");
    Dataset<Row> dataFrame =
        people
            .join(purchases, people.col("id").equalTo(purchases.col("person_id")))
            .join(cities, people.col("city").equalTo(cities.col("city")), "left")
            .join(countries, cities.col("country").equalTo(countries.col("country")), "left")
            .filter(purchases.col("amount").gt(6.0))
            .select(
                people.col("name").as("name"),
                cities.col("city").as("city"),
                cities.col("country").as("country"),
                countries.col("population").as("population"));
    assertSamePlan(typed.toDF(), dataFrame);
  }

  @Test
  void groupingWithTheKeysAfterTheAggregates() {
    var typed =
        Typed.table(spark, "plan_people", Person_.META)
            .groupBy(p -> p.city(), p -> p.age())
            .agg((city, age, p) -> Results_AgeCity_.of(count(), age, city))
            .orderBy(c -> desc(c.n()).then(asc(c.age())));
    Dataset<Row> dataFrame =
        spark
            .table("plan_people")
            .groupBy(col("city"), col("age"))
            .agg(functions.count(functions.lit(1)).as("n"))
            .select(col("n"), col("age"), col("city"))
            .orderBy(col("n").desc(), col("age").asc());
    assertSamePlan(typed.toDF(), dataFrame);
  }

  @Test
  void semiAntiDistinctUnionWithColumnAndLimit() {
    var people = Typed.table(spark, "plan_people", Person_.META);
    var purchases = Typed.table(spark, "plan_purchases", Purchase_.META);
    var typed =
        people
            .semiJoin(purchases, (p, o) -> p.id().eq(o.person_id()))
            .union(people.antiJoin(purchases, (p, o) -> p.id().eq(o.person_id())))
            .withColumn(p -> p.age())
            .to(p -> p.age().plus(1))
            .dropDuplicates(p -> p.city())
            .distinct()
            .limit(3);

    Dataset<Row> p = spark.table("plan_people");
    Dataset<Row> o = spark.table("plan_purchases");
    Dataset<Row> dataFrame =
        p.join(o, p.col("id").equalTo(o.col("person_id")), "left_semi")
            .union(p.join(o, p.col("id").equalTo(o.col("person_id")), "left_anti"))
            .withColumn("age", col("age").plus(1))
            .dropDuplicates("city")
            .distinct()
            .limit(3);
    assertSamePlan(typed.toDF(), dataFrame);
  }
}
