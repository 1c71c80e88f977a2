package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiPredicate;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Over random rows (numbers, text and arrays with nulls and planted bad values, keys that repeat)
 * and random row-level checks, a row is invalid exactly when one of the checks fails on it, as
 * plain Java judges it here, with exactly those checks' reasons in the checks' order.
 */
class CheckSplitProperties {
  /** One row: an id, a nullable number, text and array of numbers, and a key that may repeat. */
  record Play(int id, Integer a, String b, List<Integer> c, Integer k) {}

  /** A check, and the plain Java judgement of a row: whether it fails it, and the reason why. */
  record Judged(
      Check check,
      String field,
      Function<Play, String> reason,
      BiPredicate<Play, List<Play>> fails) {}

  private static boolean outside(Integer v) {
    return v != null && (v < 0 || v > 10);
  }

  static final List<Judged> CANDIDATES =
      List.of(
          new Judged(Check.completeness("a", 0.5), "a", p -> "is null", (p, all) -> p.a() == null),
          new Judged(
              Check.completeness("b", 0.9).warn(), "b", p -> "is null", (p, all) -> p.b() == null),
          new Judged(
              Check.allowedValues("b", List.of("x", "y")),
              "b",
              p -> "'" + p.b() + "' is not one of x, y",
              (p, all) -> p.b() != null && !Set.of("x", "y").contains(p.b())),
          new Judged(
              Check.range("a", OptionalDouble.of(0), OptionalDouble.of(10)),
              "a",
              p -> p.a() + " is not between 0 and 10",
              (p, all) -> outside(p.a())),
          new Judged(
              Check.range("c[]", OptionalDouble.of(0), OptionalDouble.of(10)),
              "c[]",
              p ->
                  "holds "
                      + p.c().stream().filter(CheckSplitProperties::outside).findFirst().get()
                      + ", which is not between 0 and 10",
              (p, all) -> p.c() != null && p.c().stream().anyMatch(CheckSplitProperties::outside)),
          new Judged(
              Check.regex("b", "x+"),
              "b",
              p -> "'" + p.b() + "' does not match x+",
              (p, all) -> p.b() != null && !p.b().matches("x+")),
          new Judged(
              Check.unique("k"),
              "k",
              p -> p.k() + " occurs in more than one row",
              (p, all) -> all.stream().filter(o -> Objects.equals(o.k(), p.k())).count() > 1),
          new Judged(
              Check.predicate("a < 8", 0.5),
              "",
              p -> "does not satisfy a < 8",
              (p, all) -> p.a() == null || p.a() >= 8));

  @Provide
  Arbitrary<List<Play>> plays() {
    Arbitrary<Integer> a = Arbitraries.integers().between(-3, 14).injectNull(0.2);
    Arbitrary<String> b = Arbitraries.of("x", "xx", "y", "z", "", "X").injectNull(0.2);
    Arbitrary<List<Integer>> c =
        Arbitraries.integers().between(-2, 12).injectNull(0.1).list().ofMaxSize(3).injectNull(0.2);
    Arbitrary<Integer> k = Arbitraries.integers().between(0, 12).injectNull(0.1);
    return Combinators.combine(a, b, c, k)
        .as((x, y, z, w) -> new Play(0, x, y, z, w))
        .list()
        .ofMinSize(1)
        .ofMaxSize(25)
        .map(
            list -> {
              List<Play> out = new ArrayList<>();
              for (int i = 0; i < list.size(); i++) {
                Play p = list.get(i);
                out.add(new Play(i, p.a(), p.b(), p.c(), p.k()));
              }
              return out;
            });
  }

  @Provide
  Arbitrary<List<Judged>> checks() {
    return Arbitraries.subsetOf(CANDIDATES)
        .ofMinSize(1)
        .map(s -> CANDIDATES.stream().filter(s::contains).toList());
  }

  @Property(tries = 12)
  void aRowIsInvalidExactlyWhenACheckFailsOnItWithThoseReasons(
      @ForAll("plays") List<Play> plays, @ForAll("checks") List<Judged> checks) {
    SparkSession spark = WickSpark.local(2);
    StructType schema =
        new StructType()
            .add("id", DataTypes.IntegerType, false)
            .add("a", DataTypes.IntegerType)
            .add("b", DataTypes.StringType)
            .add("c", DataTypes.createArrayType(DataTypes.IntegerType))
            .add("k", DataTypes.IntegerType);
    List<Row> rows = new ArrayList<>();
    for (Play p : plays) {
      rows.add(RowFactory.create(p.id(), p.a(), p.b(), p.c(), p.k()));
    }
    Dataset<Row> data = spark.createDataFrame(rows, schema);

    Map<Integer, List<String>> expected = new TreeMap<>();
    Map<String, Long> perCheck = new HashMap<>();
    for (Play p : plays) {
      List<String> reasons = new ArrayList<>();
      for (Judged j : checks) {
        if (j.fails().test(p, plays)) {
          reasons.add(j.field() + " | " + j.check().name() + " | " + j.reason().apply(p));
          perCheck.merge(j.check().name(), 1L, Long::sum);
        }
      }
      if (!reasons.isEmpty()) {
        expected.put(p.id(), reasons);
      }
    }

    CheckSplit split =
        Checks.of(checks.stream().map(Judged::check).toArray(Check[]::new)).split(data);
    Map<Integer, List<String>> actual = new TreeMap<>();
    for (Row row : split.invalid().select("id", split.reasonsColumn()).collectAsList()) {
      List<String> reasons = new ArrayList<>();
      for (Row r : row.<Row>getList(1)) {
        reasons.add(r.getAs("field") + " | " + r.getAs("rule") + " | " + r.getAs("reason"));
      }
      actual.put(row.getInt(0), reasons);
    }
    assertThat(actual).isEqualTo(expected);
    List<Integer> valid =
        split.valid().select("id").collectAsList().stream().map(r -> r.getInt(0)).toList();
    assertThat(valid).hasSize(plays.size() - expected.size()).noneMatch(expected::containsKey);

    Path out;
    try {
      out = Files.createTempDirectory("wick-split").resolve("out");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    CheckResults written;
    try (Output o = Output.create(spark, out.toString(), false, List.of())) {
      written = split.writeSplit(o, Format.PARQUET);
      o.commit();
    }
    assertThat(written.invalidRows()).hasValue((long) expected.size());
    for (CheckResult r : written.results()) {
      assertThat(r.invalidRows()).hasValue(perCheck.getOrDefault(r.check().name(), 0L));
    }
    // The checks judged on the write's pass are judged as a run of the checks alone judges them.
    CheckResults alone =
        Checks.of(checks.stream().map(Judged::check).toArray(Check[]::new)).run(data);
    assertThat(written.rows()).isEqualTo(alone.rows());
    for (int i = 0; i < alone.results().size(); i++) {
      CheckResult a = alone.results().get(i);
      CheckResult w = written.results().get(i);
      assertThat(List.of(w.passed(), String.valueOf(w.measured()), w.failing(), w.message()))
          .as(a.check().name())
          .isEqualTo(List.of(a.passed(), String.valueOf(a.measured()), a.failing(), a.message()));
    }
    assertThat(spark.read().parquet(out.resolve(CheckSplit.INVALID).toString()).count())
        .isEqualTo(expected.size());
  }
}
