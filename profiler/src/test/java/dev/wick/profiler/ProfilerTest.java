package dev.wick.profiler;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.floor;
import static org.apache.spark.sql.functions.pow;
import static org.apache.spark.sql.functions.rand;
import static org.apache.spark.sql.functions.when;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.spark.WickSpark;
import dev.wick.profiler.internal.Sketches;
import java.sql.Date;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.datasketches.kll.KllSketch;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import scala.collection.Iterator;

/** A profile checked against statistics computed exactly from the same generated rows. */
class ProfilerTest {
  static final int N = 5000;
  static SparkSession spark;
  static Plays plays;
  static Profile profile;

  @BeforeAll
  static void profileOnce() {
    spark = WickSpark.local(2);
    TestTypes.register();
    plays = Plays.generate(N, 7, 0, 0);
    profile = Profiler.defaults().top(10).profile(plays.dataset(spark, 4), "plays");
  }

  static FieldProfile field(String path) {
    return profile.field(path).orElseThrow(() -> new AssertionError("no profile of " + path));
  }

  static long nulls(List<?> values) {
    return values.stream().filter(Objects::isNull).count();
  }

  @Test
  void everyPathIsProfiledInSchemaOrder() {
    assertThat(profile.paths())
        .containsExactly(
            "id",
            "ms_played",
            "country",
            "premium",
            "day",
            "tags",
            "tags[]",
            "user",
            "user.name",
            "user.age",
            "attrs",
            "attrs{}");
    assertThat(field("tags").kind()).isEqualTo(FieldKind.COLLECTION);
    assertThat(field("user").kind()).isEqualTo(FieldKind.RECORD);
    assertThat(field("day").kind()).isEqualTo(FieldKind.TEMPORAL);
    assertThat(field("attrs{}").type()).isEqualTo("int");
  }

  @Test
  void countsAndNullsAreExact() {
    assertThat(profile.rowCount()).isEqualTo(N);
    String[] top = {"id", "ms_played", "country", "premium", "day", "tags", "user", "attrs"};
    for (int i = 0; i < top.length; i++) {
      FieldProfile f = field(top[i]);
      assertThat(f.count()).as(top[i]).isEqualTo(N);
      assertThat(f.nulls()).as(top[i]).isEqualTo(nulls(plays.column(i)));
    }
    long nameNulls = 0;
    long ageNulls = 0;
    long tagValues = 0;
    long tagNulls = 0;
    long attrValues = 0;
    long attrNulls = 0;
    for (Row r : plays.rows) {
      Row user = r.getStruct(6);
      nameNulls += user == null || user.isNullAt(0) ? 1 : 0;
      ageNulls += user == null || user.isNullAt(1) ? 1 : 0;
      if (!r.isNullAt(5)) {
        for (Object t : (String[]) r.get(5)) {
          tagValues++;
          tagNulls += t == null ? 1 : 0;
        }
      }
      if (!r.isNullAt(7)) {
        Iterator<Object> values = r.<Object, Object>getMap(7).valuesIterator();
        while (values.hasNext()) {
          attrValues++;
          attrNulls += values.next() == null ? 1 : 0;
        }
      }
    }
    assertThat(field("user.name").nulls()).isEqualTo(nameNulls);
    assertThat(field("user.age").nulls()).isEqualTo(ageNulls);
    assertThat(field("tags[]").count()).isEqualTo(tagValues);
    assertThat(field("tags[]").nulls()).isEqualTo(tagNulls);
    assertThat(field("attrs{}").count()).isEqualTo(attrValues);
    assertThat(field("attrs{}").nulls()).isEqualTo(attrNulls);
    assertThat(tagNulls).isPositive();
    assertThat(attrNulls).isPositive();
  }

  @Test
  void numericMomentsAndSpecialValuesAreExact() {
    List<Double> finite = new ArrayList<>();
    long nan = 0;
    long inf = 0;
    for (Object o : plays.column(1)) {
      if (o == null) {
        continue;
      }
      double d = (Double) o;
      if (Double.isNaN(d)) {
        nan++;
      } else if (Double.isInfinite(d)) {
        inf++;
      } else {
        finite.add(d);
      }
    }
    NumericStats s = field("ms_played").numeric().orElseThrow();
    assertThat(s.nan()).isEqualTo(nan).isPositive();
    assertThat(s.infinite()).isEqualTo(inf).isPositive();
    assertThat(s.n()).isEqualTo(finite.size());
    assertThat(s.min()).isEqualTo(finite.stream().mapToDouble(d -> d).min().orElseThrow());
    assertThat(s.max()).isEqualTo(finite.stream().mapToDouble(d -> d).max().orElseThrow());
    double mean = finite.stream().mapToDouble(d -> d).average().orElseThrow();
    double var = finite.stream().mapToDouble(d -> (d - mean) * (d - mean)).sum() / finite.size();
    assertThat(s.mean()).isCloseTo(mean, within(1e-9 * Math.abs(mean)));
    assertThat(s.stddev()).isCloseTo(Math.sqrt(var), within(1e-9 * Math.sqrt(var)));
  }

  @Test
  void quantilesAreWithinTheKllRankError() {
    List<Double> finite = new ArrayList<>();
    for (Object o : plays.column(1)) {
      if (o != null && Double.isFinite((Double) o)) {
        finite.add((Double) o);
      }
    }
    finite.sort(Comparator.naturalOrder());
    double eps = KllSketch.getNormalizedRankError(Sketches.KLL_K, false);
    NumericStats s = field("ms_played").numeric().orElseThrow();
    assertThat(s.quantiles()).containsOnlyKeys(NumericStats.RANKS.keySet());
    for (Map.Entry<String, Double> q : s.quantiles().entrySet()) {
      double p = NumericStats.RANKS.get(q.getKey());
      double v = q.getValue();
      double below = finite.stream().filter(x -> x < v).count() / (double) finite.size();
      double atOrBelow = finite.stream().filter(x -> x <= v).count() / (double) finite.size();
      assertThat(p).as(q.getKey()).isBetween(below - eps, atOrBelow + eps);
    }
    long binned = s.histogram().stream().mapToLong(NumericStats.Bin::count).sum();
    assertThat(binned).isEqualTo(s.n());
    assertThat(s.histogram()).hasSize(20);
    assertThat(s.histogram().get(0).low()).isEqualTo(s.min());
    assertThat(s.histogram().get(19).high()).isEqualTo(s.max());
  }

  @Test
  void distinctCountsAreWithinTheSketchBounds() {
    Map<String, Long> exact =
        Map.of(
            "id", (long) N,
            "country", distinct(plays.column(2)),
            "day", distinct(plays.column(4)));
    for (Map.Entry<String, Long> e : exact.entrySet()) {
      Distinct d = field(e.getKey()).distinct().orElseThrow();
      assertThat((double) e.getValue()).as(e.getKey()).isBetween(d.lower(), d.upper());
      // HLL with 2^12 buckets: about 1.6% relative standard error; allow three of them.
      assertThat(d.estimate()).as(e.getKey()).isCloseTo(e.getValue(), within(0.05 * e.getValue()));
    }
    assertThat(field("premium").distinct().orElseThrow().estimate()).isEqualTo(2.0);
  }

  @Test
  void valuesSpanningMoreThanTheLargestDoubleStillGetAHistogram() {
    // Generated edge cases hold both extremes: max - min overflows to infinity.
    Dataset<Row> extremes =
        spark.createDataFrame(
            List.of(
                org.apache.spark.sql.RowFactory.create(-Double.MAX_VALUE),
                org.apache.spark.sql.RowFactory.create(Double.MAX_VALUE),
                org.apache.spark.sql.RowFactory.create(0.0),
                org.apache.spark.sql.RowFactory.create(1.5)),
            new org.apache.spark.sql.types.StructType().add("x", "double"));
    NumericStats s =
        Profiler.defaults().profile(extremes, "extremes").fields().get(0).numeric().orElseThrow();
    assertThat(s.histogram()).hasSize(20);
    assertThat(s.histogram().get(0).low()).isEqualTo(-Double.MAX_VALUE);
    assertThat(s.histogram().get(19).high()).isEqualTo(Double.MAX_VALUE);
    assertThat(s.histogram().stream().mapToLong(NumericStats.Bin::count).sum()).isEqualTo(4);
    assertThat(s.histogram().get(0).count()).isEqualTo(1);
    assertThat(s.histogram().get(19).count()).isEqualTo(1);
  }

  private static long distinct(List<Object> values) {
    return values.stream().filter(Objects::nonNull).distinct().count();
  }

  @Test
  void topValuesOfASkewedDistributionAreExact() {
    Map<String, Long> counts = new HashMap<>();
    for (Object o : plays.column(2)) {
      if (o != null) {
        counts.merge((String) o, 1L, Long::sum);
      }
    }
    List<ValueCount> expected =
        counts.entrySet().stream()
            .map(e -> new ValueCount(e.getKey(), e.getValue()))
            .sorted(
                Comparator.comparingLong(ValueCount::count)
                    .reversed()
                    .thenComparing(ValueCount::value))
            .limit(10)
            .toList();
    assertThat(field("country").topValues()).containsExactlyElementsOf(expected);
    assertThat(expected.get(0).count()).isGreaterThan(3 * expected.get(5).count());
  }

  @Test
  void textLengthsAndEmptyValuesAreExact() {
    List<String> values = new ArrayList<>();
    for (Object o : plays.column(2)) {
      if (o != null) {
        values.add((String) o);
      }
    }
    TextStats t = field("country").text().orElseThrow();
    assertThat(t.empty()).isEqualTo(values.stream().filter(String::isEmpty).count()).isPositive();
    assertThat(t.minLength()).isEqualTo(0);
    assertThat(t.maxLength())
        .isEqualTo(values.stream().mapToInt(String::length).max().orElseThrow());
    assertThat(t.meanLength())
        .isCloseTo(values.stream().mapToInt(String::length).average().orElseThrow(), within(1e-9));
  }

  @Test
  void booleansAreCountedExactly() {
    long trues = plays.column(3).stream().filter(Boolean.TRUE::equals).count();
    long falses = plays.column(3).stream().filter(Boolean.FALSE::equals).count();
    assertThat(field("premium").topValues())
        .containsExactly(new ValueCount("false", falses), new ValueCount("true", trues));
  }

  @Test
  void datesAreSummarisedAsEpochDays() {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (Object o : plays.column(4)) {
      if (o != null) {
        long day = ((Date) o).toLocalDate().toEpochDay();
        min = Math.min(min, day);
        max = Math.max(max, day);
      }
    }
    NumericStats s = field("day").numeric().orElseThrow();
    assertThat(s.min()).isEqualTo(min);
    assertThat(s.max()).isEqualTo(max);
  }

  @Test
  void collectionsAreSummarisedByTheirSizes() {
    List<Integer> sizes = new ArrayList<>();
    for (Row r : plays.rows) {
      if (!r.isNullAt(5)) {
        sizes.add(((String[]) r.get(5)).length);
      }
    }
    NumericStats s = field("tags").numeric().orElseThrow();
    assertThat(s.n()).isEqualTo(sizes.size());
    assertThat(s.min()).isEqualTo(0);
    assertThat(s.max()).isEqualTo(4);
    assertThat(s.mean())
        .isCloseTo(sizes.stream().mapToInt(i -> i).average().orElseThrow(), within(1e-9));
    // Whole numbers over a small range: one bin per size, its count within the sketch's error
    // on the two ranks that bound it.
    double eps = KllSketch.getNormalizedRankError(Sketches.KLL_K, false);
    assertThat(s.histogram()).hasSize(5);
    for (int size = 0; size <= 4; size++) {
      int k = size;
      assertThat(s.histogram().get(size).low()).isEqualTo(size);
      assertThat(s.histogram().get(size).count())
          .as("size " + size)
          .isCloseTo(sizes.stream().filter(x -> x == k).count(), within((long) (2 * eps * s.n())));
    }
  }

  @Test
  void semanticTypesReportTheirShareOfValidValues() {
    SemanticStats even = field("id").semantic().orElseThrow();
    assertThat(even.type()).isEqualTo("test_even");
    assertThat(even.checked()).isEqualTo(N);
    assertThat(even.valid()).isEqualTo(N / 2);
    long nonNull = 0;
    long upper = 0;
    for (Object o : plays.column(2)) {
      if (o != null) {
        nonNull++;
        String s = (String) o;
        upper += !s.isEmpty() && s.equals(s.toUpperCase(java.util.Locale.ROOT)) ? 1 : 0;
      }
    }
    SemanticStats country = field("country").semantic().orElseThrow();
    assertThat(country.checked()).isEqualTo(nonNull);
    assertThat(country.valid()).isEqualTo(upper);
    assertThat(country.validShare()).isLessThan(1.0).isGreaterThan(0.5);
  }

  @Test
  void fieldsRestrictTheProfileToPathsBelowThem() {
    Profile user =
        Profiler.defaults().fields("user", "tags[]").profile(plays.dataset(spark, 2), "p");
    assertThat(user.paths()).containsExactly("tags[]", "user", "user.name", "user.age");
    assertThat(user.field("user.age").orElseThrow().nulls()).isEqualTo(field("user.age").nulls());
  }

  @Test
  void anUnknownFieldFailsBeforeAnyJobWithTheNearestNames() {
    Profiler p = Profiler.defaults().fields("user.nmae");
    assertThatThrownBy(() -> p.profile(plays.dataset(spark, 2), "p"))
        .isInstanceOf(WickException.class)
        .hasMessageContaining("record 'user' has no field 'nmae'")
        .hasMessageContaining("did you mean 'name'")
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
  }

  @Test
  void settingsAreCheckedAtOnceAndReturnANewProfiler() {
    assertThatThrownBy(() -> Profiler.defaults().top(0))
        .isInstanceOf(WickException.class)
        .hasMessage("top 0 is out of range; pass a number from 1 to 1000.")
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
    assertThatThrownBy(() -> Profiler.defaults().top(Profiler.MAX_TOP + 1))
        .isInstanceOf(WickException.class)
        .hasMessageContaining("top 1001 is out of range");
    assertThatThrownBy(() -> Profiler.defaults().fields("user", " "))
        .isInstanceOf(WickException.class)
        .hasMessage("A path of the profiled fields is blank; name a field such as user.id.");
    assertThatThrownBy(() -> Profiler.defaults().redact(""))
        .isInstanceOf(WickException.class)
        .hasMessageContaining("A path of the redacted fields is blank");

    Profiler base = Profiler.defaults();
    Profiler onlyUser = base.fields("user");
    base.fields("tags[]").redact("user").top(1);
    Dataset<Row> data = plays.dataset(spark, 2);
    assertThat(onlyUser.profile(data, "p").paths())
        .containsExactly("user", "user.name", "user.age");
    Profile all = base.profile(data, "p");
    assertThat(all.paths()).hasSameSizeAs(profile.paths());
    assertThat(all.field("user.name").orElseThrow().redacted()).isFalse();
    assertThat(all.field("country").orElseThrow().topValues()).hasSizeGreaterThan(1);
  }

  @Test
  void redactedFieldsKeepStatisticsButNotTopValues() {
    Profile redacted = Profiler.defaults().redact("country").profile(plays.dataset(spark, 2), "p");
    FieldProfile c = redacted.field("country").orElseThrow();
    assertThat(c.redacted()).isTrue();
    assertThat(c.topValues()).isEmpty();
    assertThat(c.sketches().items()).isEmpty();
    assertThat(c.nulls()).isEqualTo(field("country").nulls());
    assertThat(c.text()).isEqualTo(field("country").text());
    assertThat(c.distinct()).isPresent();
    assertThat(redacted.toJson()).doesNotContain("\"C0\"");
    assertThat(redacted.field("premium").orElseThrow().topValues()).hasSize(2);
  }

  @Test
  void topValuesOfAHeavyTailAmongManyUniqueValuesAreFoundInOnePass() {
    // Half the rows draw from a Pareto head (value k with probability about 1/k^2), half are
    // unique: 160k rows in one partition, so the frequent-items sketch purges and then samples
    // (FieldAccumulator.SAMPLE_AFTER).
    var data =
        spark
            .range(0, 160_000, 1, 1)
            .select(
                when(rand(11).lt(0.5), floor(pow(rand(12), -1.0)).cast("long"))
                    .otherwise(col("id").plus(1_000_000L))
                    .cast("string")
                    .as("v"));
    Profile p = Profiler.defaults().top(5).profile(data, "tail");
    List<Row> exact =
        data.groupBy("v").count().orderBy(col("count").desc(), col("v")).limit(5).collectAsList();
    List<ValueCount> top = p.field("v").orElseThrow().topValues();
    assertThat(top)
        .extracting(ValueCount::value)
        .containsExactlyElementsOf(exact.stream().map(r -> r.getString(0)).toList());
    for (int i = 0; i < 5; i++) {
      long truth = exact.get(i).getLong(1);
      assertThat(top.get(i).count()).as(top.get(i).value()).isCloseTo(truth, within(truth / 20));
    }
    Distinct d = p.field("v").orElseThrow().distinct().orElseThrow();
    double distinct = data.distinct().count();
    assertThat(distinct).isGreaterThan(80_000).isBetween(d.lower(), d.upper());
  }

  @Test
  void uniqueValuesBeyondTheSketchsCapacityAreNeverListedAsRepeated() {
    // Two partitions of 450 unique values each: each fits the frequent-items sketch, their merge
    // does not, and the merged sketch counts some values seen once as seen twice.
    var data = spark.range(0, 900, 1, 2).selectExpr("concat('key-', id) AS id");
    FieldProfile id = Profiler.defaults().profile(data, "keys").field("id").orElseThrow();
    assertThat(id.topValues()).extracting(ValueCount::count).allMatch(c -> c == 1);
    assertThat(id.topValues()).as("no value is certainly more frequent than the error").isEmpty();
  }

  @Test
  void anEmptyDatasetHasZeroCounts() {
    Profile empty = Profiler.defaults().profile(plays.dataset(spark, 2).limit(0), "empty");
    assertThat(empty.rowCount()).isZero();
    assertThat(empty.fields()).allSatisfy(f -> assertThat(f.count()).isZero());
    assertThat(empty.field("ms_played").orElseThrow().numeric()).isEmpty();
  }
}
