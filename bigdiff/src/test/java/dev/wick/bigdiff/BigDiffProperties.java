package dev.wick.bigdiff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.wick.core.WickException;
import dev.wick.core.spark.WickSpark;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/** The invariants of a keyed diff, on generated datasets. */
class BigDiffProperties {

  /** A generated record; {@code id} is the key. */
  record Rec(long id, Integer a, double b, String s, List<String> tags, long nx, String ny) {}

  static final List<String> FIELDS = List.of("a", "b", "s", "tags", "nested.x", "nested.y");

  static final StructType SCHEMA =
      new StructType()
          .add("id", DataTypes.LongType, false)
          .add("a", DataTypes.IntegerType, true)
          .add("b", DataTypes.DoubleType, false)
          .add("s", DataTypes.StringType, true)
          .add("tags", DataTypes.createArrayType(DataTypes.StringType, false), false)
          .add(
              "nested",
              new StructType()
                  .add("x", DataTypes.LongType, false)
                  .add("y", DataTypes.StringType, false),
              false);

  static Dataset<Row> dataset(List<Rec> recs) {
    List<Row> rows = new ArrayList<>();
    for (Rec r : recs) {
      rows.add(
          RowFactory.create(
              r.id(), r.a(), r.b(), r.s(), r.tags(), RowFactory.create(r.nx(), r.ny())));
    }
    return WickSpark.local(2).createDataFrame(rows, SCHEMA);
  }

  @Provide
  Arbitrary<List<Rec>> datasets() {
    Arbitrary<Rec> rec =
        Combinators.combine(
                Arbitraries.integers().between(-1000, 1000).injectNull(0.2),
                Arbitraries.doubles().between(-1e6, 1e6),
                Arbitraries.strings().alpha().ofMaxLength(6).injectNull(0.2),
                Arbitraries.of("x", "y", "z").list().ofMaxSize(3),
                Arbitraries.longs().between(-100, 100),
                Arbitraries.strings().alpha().ofMaxLength(4))
            .as((a, b, s, tags, nx, ny) -> new Rec(0, a, b, s, tags, nx, ny));
    return rec.list()
        .ofMaxSize(120)
        .map(
            list -> {
              List<Rec> out = new ArrayList<>();
              for (int i = 0; i < list.size(); i++) {
                Rec r = list.get(i);
                out.add(new Rec(i * 7L - 300, r.a(), r.b(), r.s(), r.tags(), r.nx(), r.ny()));
              }
              return out;
            });
  }

  /** {@code r} with the named fields changed to values that surely differ. */
  static Rec perturb(Rec r, Set<String> fields) {
    return new Rec(
        r.id(),
        fields.contains("a") ? Integer.valueOf(r.a() == null ? 1 : r.a() + 1) : r.a(),
        fields.contains("b") ? r.b() + 1.0 : r.b(),
        fields.contains("s") ? (r.s() == null ? "" : r.s() + "!") : r.s(),
        fields.contains("tags") ? append(r.tags(), "w") : r.tags(),
        fields.contains("nested.x") ? r.nx() + 1 : r.nx(),
        fields.contains("nested.y") ? r.ny() + "?" : r.ny());
  }

  private static List<String> append(List<String> list, String element) {
    List<String> out = new ArrayList<>(list);
    out.add(element);
    return out;
  }

  @Property(tries = 8)
  void aDatasetDiffedWithItselfIsAllSame(@ForAll("datasets") List<Rec> recs) {
    Dataset<Row> data = dataset(recs);
    PreparedDiff diff = BigDiff.key("id").prepare(data, data);
    DiffSummary s = diff.summarize();
    assertThat(s.global())
        .isEqualTo(
            new GlobalCounts(
                recs.size(), recs.size(), 0, 0, 0, 0, 0, 0, 0, recs.size(), recs.size()));
    assertThat(s.fields())
        .extracting(FieldStats::field)
        .containsExactlyInAnyOrderElementsOf(FIELDS);
    assertThat(s.fields()).allSatisfy(f -> assertThat(f.different()).isZero());
    assertThat(diff.keys().count()).isZero();
  }

  @Property(tries = 8)
  void perturbingKKeysGivesExactlyKDifferentWithTheRightFields(
      @ForAll("datasets") List<Rec> recs, @ForAll long seed) {
    Random random = new Random(seed);
    List<Rec> changed = new ArrayList<>(recs);
    Map<String, Set<String>> expected = new TreeMap<>();
    for (int i = 0; i < changed.size(); i++) {
      if (random.nextInt(4) == 0) {
        Set<String> fields = new TreeSet<>();
        while (fields.isEmpty()) {
          for (String f : FIELDS) {
            if (random.nextInt(3) == 0) {
              fields.add(f);
            }
          }
        }
        changed.set(i, perturb(changed.get(i), fields));
        expected.put(String.valueOf(changed.get(i).id()), fields);
      }
    }
    DiffFixtures.Run run = DiffFixtures.run(BigDiff.key("id"), dataset(recs), dataset(changed));
    DiffSummary s = run.summary();
    int k = expected.size();
    assertThat(s.global().different()).isEqualTo(k);
    assertThat(s.global().same()).isEqualTo(recs.size() - k);
    assertThat(run.differingFields()).isEqualTo(expected);
    for (String f : FIELDS) {
      long n = expected.values().stream().filter(set -> set.contains(f)).count();
      assertThat(s.field(f).orElseThrow().different()).as(f).isEqualTo(n);
    }
  }

  @Property(tries = 8)
  void deletingKeysGivesThatManyMissing(@ForAll("datasets") List<Rec> recs, @ForAll long seed) {
    Random random = new Random(seed);
    List<Rec> lhs = new ArrayList<>();
    List<Rec> rhs = new ArrayList<>();
    int deletedFromLhs = 0;
    int deletedFromRhs = 0;
    for (Rec r : recs) {
      switch (random.nextInt(5)) {
        case 0 -> {
          rhs.add(r);
          deletedFromLhs++;
        }
        case 1 -> {
          lhs.add(r);
          deletedFromRhs++;
        }
        default -> {
          lhs.add(r);
          rhs.add(r);
        }
      }
    }
    DiffSummary s = BigDiff.key("id").summarize(dataset(lhs), dataset(rhs));
    assertThat(s.global().missingLhs()).isEqualTo(deletedFromLhs);
    assertThat(s.global().missingRhs()).isEqualTo(deletedFromRhs);
    assertThat(s.global().different()).isZero();
    assertThat(s.global().total()).isEqualTo(recs.size());
  }

  @Property(tries = 10)
  void aDiffFailsExactlyWhenSomeKeyRepeats(@ForAll("datasets") List<Rec> recs, @ForAll long seed) {
    Random random = new Random(seed);
    // Half the tries repeat no key at all; the others repeat a few, in every way a key can repeat.
    boolean repeat = random.nextBoolean();
    List<Rec> lhs = new ArrayList<>();
    List<Rec> rhs = new ArrayList<>();
    for (Rec r : recs) {
      int action = random.nextInt(repeat ? 12 : 3);
      switch (action) {
        case 0 -> {
          lhs.add(r);
          rhs.add(r);
        }
        case 1 -> lhs.add(r);
        case 2 -> rhs.add(r);
        case 3 -> lhs.addAll(List.of(r, r)); // on one side only, alike
        case 4 -> rhs.addAll(List.of(r, r, r));
        case 5 -> { // alike on both sides: every joined row is SAME
          lhs.addAll(List.of(r, r));
          rhs.addAll(List.of(r, r));
        }
        case 6 -> {
          lhs.add(r);
          rhs.addAll(List.of(r, perturb(r, Set.of("a"))));
        }
        default -> {
          lhs.add(r);
          rhs.add(perturb(r, Set.of("s")));
        }
      }
    }
    Map<Long, Integer> lhsCount = new HashMap<>();
    Map<Long, Integer> rhsCount = new HashMap<>();
    lhs.forEach(r -> lhsCount.merge(r.id(), 1, Integer::sum));
    rhs.forEach(r -> rhsCount.merge(r.id(), 1, Integer::sum));
    long repeatedLhs = lhsCount.values().stream().filter(n -> n > 1).count();
    long repeatedRhs = rhsCount.values().stream().filter(n -> n > 1).count();
    BigDiff diff = BigDiff.key("id");
    if (repeatedLhs + repeatedRhs == 0) {
      GlobalCounts g = diff.summarize(dataset(lhs), dataset(rhs)).global();
      Set<Long> keys = new HashSet<>(lhsCount.keySet());
      keys.addAll(rhsCount.keySet());
      assertThat(g.total()).isEqualTo(keys.size());
      assertThat(g.missingLhs()).isEqualTo(keys.size() - lhsCount.size());
      assertThat(g.missingRhs()).isEqualTo(keys.size() - rhsCount.size());
      assertThat(g.duplicateKeys()).isZero();
    } else {
      assertThatThrownBy(() -> diff.summarize(dataset(lhs), dataset(rhs)))
          .isInstanceOf(WickException.class)
          .hasMessageStartingWith(
              "Key (id) is not unique: "
                  + repeatedLhs
                  + (repeatedLhs == 1 ? " key" : " keys")
                  + " in the lhs and "
                  + repeatedRhs
                  + (repeatedRhs == 1 ? " key" : " keys")
                  + " in the rhs occur more than once");
    }
  }

  @Property(tries = 8)
  void theCountsAlwaysAddUpToTheTotal(@ForAll("datasets") List<Rec> recs, @ForAll long seed) {
    Random random = new Random(seed);
    List<Rec> lhs = new ArrayList<>();
    List<Rec> rhs = new ArrayList<>();
    Map<Long, Integer> lhsCount = new HashMap<>();
    Map<Long, Integer> rhsCount = new HashMap<>();
    for (Rec r : recs) {
      int action = random.nextInt(7);
      if (action != 0) {
        lhs.add(r);
      }
      if (action != 1) {
        rhs.add(action == 2 ? perturb(r, Set.of(FIELDS.get(random.nextInt(FIELDS.size())))) : r);
      }
      if (action == 3) {
        lhs.add(r);
      }
      if (action == 4) {
        rhs.add(r);
        rhs.add(r);
      }
    }
    lhs.forEach(r -> lhsCount.merge(r.id(), 1, Integer::sum));
    rhs.forEach(r -> rhsCount.merge(r.id(), 1, Integer::sum));
    DiffSummary s =
        BigDiff.key("id").duplicates(DuplicateKeys.REPORT).summarize(dataset(lhs), dataset(rhs));
    GlobalCounts g = s.global();
    Set<Long> keys = new LinkedHashSet<>(lhsCount.keySet());
    keys.addAll(rhsCount.keySet());
    Set<Long> duplicated = new HashSet<>();
    lhsCount.forEach(
        (k, n) -> {
          if (n > 1) duplicated.add(k);
        });
    rhsCount.forEach(
        (k, n) -> {
          if (n > 1) duplicated.add(k);
        });
    assertThat(g.total()).isEqualTo(keys.size());
    assertThat(g.same() + g.different() + g.missingLhs() + g.missingRhs() + g.duplicateKeys())
        .isEqualTo(g.total());
    assertThat(g.duplicateKeys()).isEqualTo(duplicated.size());
    assertThat(g.duplicateKeysLhs())
        .isEqualTo(lhsCount.values().stream().filter(n -> n > 1).count());
    assertThat(g.duplicateKeysRhs())
        .isEqualTo(rhsCount.values().stream().filter(n -> n > 1).count());
  }

  @Provide
  Arbitrary<List<Double>> deltas() {
    // Multiples of 1/8 are exact in binary, so both computations see exactly the same numbers.
    return Arbitraries.integers()
        .between(-8000, 8000)
        .filter(i -> i != 0)
        .map(i -> i / 8.0)
        .list()
        .ofMinSize(1)
        .ofMaxSize(300);
  }

  @Property(tries = 8)
  void statisticsEqualADirectComputationWithCommonsMath(@ForAll("deltas") List<Double> deltas) {
    List<Rec> lhs = new ArrayList<>();
    List<Rec> rhs = new ArrayList<>();
    for (int i = 0; i < deltas.size(); i++) {
      Rec r = new Rec(i, 1, 100.0, "s", List.of(), 0, "y");
      lhs.add(r);
      rhs.add(new Rec(i, 1, 100.0 + deltas.get(i), "s", List.of(), 0, "y"));
    }
    FieldStats b = BigDiff.key("id").summarize(dataset(lhs), dataset(rhs)).field("b").orElseThrow();
    DescriptiveStatistics expected = new DescriptiveStatistics();
    deltas.forEach(expected::addValue);
    DeltaStats d = b.delta().orElseThrow();
    assertThat(b.different()).isEqualTo(deltas.size());
    assertThat(b.fraction()).isEqualTo(1.0);
    assertThat(d.count()).isEqualTo(expected.getN());
    assertThat(d.min().getAsDouble()).isEqualTo(expected.getMin());
    assertThat(d.max().getAsDouble()).isEqualTo(expected.getMax());
    close(d.mean(), expected.getMean());
    close(d.variance(), expected.getVariance());
    close(d.stddev(), expected.getStandardDeviation());
    close(d.skewness(), expected.getSkewness());
    close(d.kurtosis(), expected.getKurtosis());
    Percentile inverseCdf = new Percentile().withEstimationType(Percentile.EstimationType.R_1);
    double[] values = expected.getValues();
    assertThat(d.p50().getAsDouble()).isEqualTo(inverseCdf.evaluate(values, 50));
    assertThat(d.p90().getAsDouble()).isEqualTo(inverseCdf.evaluate(values, 90));
    assertThat(d.p99().getAsDouble()).isEqualTo(inverseCdf.evaluate(values, 99));
  }

  /** Equal up to rounding; NaN from commons-math3 means the statistic is undefined (absent). */
  private static void close(OptionalDouble actual, double expected) {
    if (Double.isNaN(expected)) {
      assertThat(actual).isEmpty();
    } else {
      assertThat(actual).isPresent();
      assertThat(actual.getAsDouble())
          .isCloseTo(expected, within(1e-9 * Math.max(1.0, Math.abs(expected))));
    }
  }
}
