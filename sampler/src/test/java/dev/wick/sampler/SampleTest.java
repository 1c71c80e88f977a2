package dev.wick.sampler;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.spark.KeyHash;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.Test;

class SampleTest {

  /** 6000 plays of 300 users; user 0 has 1500 plays of its own (a heavy key). */
  private static Dataset<Row> plays() {
    return TestData.spark()
        .range(0, 6000)
        .selectExpr(
            "id",
            "CAST(IF(id < 1500, 0, id % 299 + 1) AS INT) AS user_id",
            "element_at(array('SE', 'US', 'BR', NULL), CAST(id % 4 + 1 AS INT)) AS country",
            "id * 1000 AS ms_played");
  }

  @Test
  void aPlainFractionReadsTheInputOnceAndCountsWhatItKept() {
    Sample sample = Sampler.fraction(0.1).seed(3).sample(plays());
    assertThat(sample.recordsIn()).isEmpty();
    SampleResult r = sample.count();
    assertThat(r.passes()).isEqualTo(1);
    assertThat(r.recordsIn()).isEqualTo(6000);
    assertThat(r.recordsOut()).isEqualTo(sample.data().count());
    assertThat(r.recordsOut()).isBetween(600L - 120, 600L + 120);
    assertThat(r.target()).isEqualTo(600.0);
    assertThat(r.unitSql()).isEqualTo("rand(3)");
    assertThat(sample.data().schema()).isEqualTo(plays().schema());
  }

  @Test
  void byKeyKeepsEveryRecordOfAKeptKeyAndNoneOfTheOthers() {
    Dataset<Row> input = plays();
    Dataset<Row> sample = Sampler.fraction(0.2).by("user_id").seed(11).sample(input).data();
    Map<Integer, Long> in = countsByUser(input);
    Map<Integer, Long> out = countsByUser(sample);
    assertThat(out).isNotEmpty();
    out.forEach((user, n) -> assertThat(n).as("plays of user %s", user).isEqualTo(in.get(user)));
    assertThat(out.size()).isBetween(30, 90);
  }

  @Test
  void byKeyKeepsTheRecordsTheKeyHashSqlKeeps() {
    Dataset<Row> data =
        TestData.spark()
            .range(0, 3000)
            .selectExpr(
                "id",
                "named_struct('os', IF(id % 7 = 0, NULL, CAST(id % 3 AS STRING)),"
                    + " 'version', CAST(id % 11 AS INT)) AS device",
                "date_add(DATE'2024-01-01', CAST(id % 40 AS INT)) AS day",
                "CAST(id % 17 AS FLOAT) AS score");
    List<String> keys = List.of("device", "day", "score", "device.version");
    data.createOrReplaceTempView("sample_by_key");
    String where = KeyHash.predicateSql(data.schema(), keys, 99, 0.25);
    Dataset<Row> bySql = TestData.spark().sql("SELECT * FROM sample_by_key WHERE " + where);
    Dataset<Row> bySampler = Sampler.fraction(0.25).by(keys).seed(99).sample(data).data();
    List<Long> expected = TestData.ids(bySql, "id");
    assertThat(expected).hasSizeBetween(100, 1000);
    assertThat(TestData.ids(bySampler, "id")).isEqualTo(expected);
  }

  private static Map<Integer, Long> countsByUser(Dataset<Row> data) {
    Map<Integer, Long> counts = new HashMap<>();
    for (Row r : data.groupBy("user_id").count().collectAsList()) {
      counts.put(r.getInt(0), r.getLong(1));
    }
    return counts;
  }

  @Test
  void aCountWithoutExactIsAboutThatManyFromOneCountPass() {
    Sample sample = Sampler.count(600).seed(5).sample(plays());
    assertThat(sample.recordsIn()).hasValue(6000);
    SampleResult r = sample.count();
    assertThat(r.passes()).isEqualTo(2);
    assertThat(r.target()).isEqualTo(600.0);
    assertThat(r.recordsOut()).isBetween(600L - 120, 600L + 120);
  }

  @Test
  void anExactCountIsExactEvenWhenOneKeyHoldsAQuarterOfTheRecords() {
    for (long n : new long[] {1, 1501, 5999, 9000}) {
      SampleResult byKey = Sampler.count(n).by("user_id").exact().sample(plays()).count();
      assertThat(byKey.recordsOut()).as("by key, count %s", n).isEqualTo(Math.min(n, 6000));
      assertThat(byKey.passes()).isEqualTo(2);
    }
    SampleResult bernoulli = Sampler.count(250).exact().seed(1).sample(plays()).count();
    assertThat(bernoulli.recordsOut()).isEqualTo(250);
    SampleResult fraction = Sampler.fraction(0.013).exact().sample(plays()).count();
    assertThat(fraction.recordsOut()).isEqualTo(78); // round(0.013 * 6000)
  }

  @Test
  void anExactSampleIsTheSameInEveryRun() {
    List<Long> first =
        TestData.ids(Sampler.count(100).by("user_id").exact().sample(plays()).data(), "id");
    List<Long> second =
        TestData.ids(
            Sampler.count(100).by("user_id").exact().sample(plays().repartition(5)).data(), "id");
    assertThat(first).hasSize(100).isEqualTo(second);
  }

  @Test
  void strataAreTypedTuplesAndANullIsItsOwnStratum() {
    // Joined as strings, ("a,b", "c") and ("a", "b,c") would be one stratum, and so would
    // (null, "x") and ("null", "x"); typed, they are four.
    Dataset<Row> data =
        TestData.rows(
            "id BIGINT, a STRING, b STRING",
            java.util.stream.LongStream.range(0, 400)
                .mapToObj(
                    i ->
                        switch ((int) (i % 4)) {
                          case 0 -> RowFactory.create(i, "a,b", "c");
                          case 1 -> RowFactory.create(i, "a", "b,c");
                          case 2 -> RowFactory.create(i, null, "x");
                          default -> RowFactory.create(i, "null", "x");
                        })
                .toList());
    SampleResult r = Sampler.fraction(0.25).strata("a", "b").exact().sample(data).count();
    assertThat(r.strata())
        .extracting(SampleResult.StratumCount::display)
        .containsExactly("null, \"x\"", "\"a\", \"b,c\"", "\"a,b\", \"c\"", "\"null\", \"x\"");
    assertThat(r.strata().get(0).key()).containsExactly(null, "x");
    assertThat(r.strata())
        .allSatisfy(
            s -> {
              assertThat(s.recordsIn()).isEqualTo(100);
              assertThat(s.target()).isEqualTo(25.0);
              assertThat(s.actual()).isEqualTo(25);
            });
    assertThat(r.recordsOut()).isEqualTo(100);
  }

  @Test
  void uniformGivesEachStratumTheSameAndSmallStrataAllTheyHave() {
    Dataset<Row> data =
        TestData.spark()
            .range(0, 1110)
            .selectExpr(
                "id",
                "CASE WHEN id < 10 THEN 'small' WHEN id < 110 THEN 'mid' ELSE 'big' END AS size");
    SampleResult exact =
        Sampler.count(90)
            .strata("size")
            .distribution(Distribution.UNIFORM)
            .exact()
            .seed(9)
            .sample(data)
            .count();
    assertThat(exact.strata())
        .extracting(s -> s.display() + "=" + s.actual())
        .containsExactly("\"big\"=40", "\"mid\"=40", "\"small\"=10");
    SampleResult about =
        Sampler.count(90).strata("size").distribution(Distribution.UNIFORM).sample(data).count();
    assertThat(about.strata())
        .extracting(SampleResult.StratumCount::target)
        .containsExactly(40.0, 40.0, 10.0);
    assertThat(about.strata().get(2).actual()).isEqualTo(10); // keep probability 1
  }

  @Test
  void stratifiedByKeyAndExactMeetsEveryStratumTarget() {
    SampleResult r =
        Sampler.count(500).by("user_id").strata("country").exact().sample(plays()).count();
    assertThat(r.strata()).hasSize(4);
    assertThat(r.strata()).allSatisfy(s -> assertThat((double) s.actual()).isEqualTo(s.target()));
    assertThat(r.strata()).extracting(SampleResult.StratumCount::target).containsOnly(125.0);
    assertThat(r.recordsOut()).isEqualTo(500);
  }

  @Test
  void theSummaryListsEveryStratumWithItsTargetAndActualCount() {
    Dataset<Row> data =
        TestData.spark().range(0, 300).selectExpr("id", "IF(id < 100, NULL, id % 2) AS parity");
    SampleResult r = Sampler.fraction(0.1).strata("parity").exact().seed(4).sample(data).count();
    assertThat(r.summary())
        .isEqualTo(
            String.join(
                "\n",
                "sample       fraction 0.1 exactly (Bernoulli), stratified over strata parity, seed 4",
                "records in   300",
                "records out  30 (target 30)",
                "passes       2 over the input",
                "",
                "stratum (parity)  records in  target  actual",
                "null                     100      10      10",
                "0                        100      10      10",
                "1                        100      10      10",
                ""));
  }

  @Test
  void anEmptyInputIsAnError() {
    Dataset<Row> empty = TestData.spark().range(0).selectExpr("id");
    String message =
        "The input holds no records, so there is nothing to sample; check that the path points at"
            + " the data you meant.";
    assertThatThrownBy(() -> Sampler.fraction(0.5).sample(empty).count())
        .isInstanceOf(WickException.class)
        .hasMessage(message);
    assertThatThrownBy(() -> Sampler.count(5).strata("id").sample(empty))
        .isInstanceOf(WickException.class)
        .hasMessage(message);
  }

  @Test
  void strataFieldsAreResolvedBeforeAnyPass() {
    Dataset<Row> data =
        TestData.spark().range(3).selectExpr("id", "map('a', id) AS attrs", "'SE' AS country");
    assertThatThrownBy(() -> Sampler.fraction(0.5).strata("contry").sample(data))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Field 'contry' does not resolve: the schema Input has no field 'contry'; did you mean"
                + " 'country'? The nearest names are 'country', 'attrs', 'id'.");
    assertThatThrownBy(() -> Sampler.fraction(0.5).strata("attrs").sample(data))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Field 'attrs' is a map, which Spark cannot group by; name a field of it or another"
                + " field in strata.");
  }

  @Test
  void nestedStrataAndKeysWork() {
    Dataset<Row> data =
        TestData.spark()
            .range(0, 1000)
            .selectExpr(
                "id",
                "named_struct('os', IF(id % 2 = 0, 'ios', 'android'), 'id', id % 50) AS device");
    SampleResult r =
        Sampler.count(100).by("device.id").strata("device.os").exact().sample(data).count();
    assertThat(r.strata())
        .extracting(s -> s.keyJson() + "=" + s.actual())
        .containsExactly("{\"device.os\":\"android\"}=50", "{\"device.os\":\"ios\"}=50");
    assertThat(Arrays.asList(data.columns())).containsExactly("id", "device");
    assertThat(
            Sampler.fraction(0.5).by("device.id").sample(data).data().select(col("device")).count())
        .isBetween(100L, 900L);
  }
}
