package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.schema.Schemas;
import dev.wick.core.schema.SemanticSpec;
import dev.wick.core.spark.WickSpark;
import dev.wick.core.validation.SemanticType;
import dev.wick.core.validation.SemanticTypes;
import dev.wick.profiler.Profile;
import dev.wick.profiler.Profiler;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The loop profile → suggest → check through the libraries, on generated data: skewed and
 * heavy-tailed numbers, nulls, near-unique and repeated text, planted breaches of the schema's
 * semantic types, with and without the schema, with and without the data to verify on. The
 * suggested checks pass on the profiled data (invariant 1), no two of them disagree (invariant 2),
 * and uniqueness is claimed only when counted on the data (invariant 3).
 */
class SuggestLoopProperties {
  private static final String SCHEMA =
      "{\"type\":\"record\",\"name\":\"Play\",\"fields\":["
          + "{\"name\":\"id\",\"type\":\"string\"},"
          + "{\"name\":\"ms\",\"type\":\"long\",\"wick.semantic\":\"non_negative\"},"
          + "{\"name\":\"amount\",\"type\":[\"null\",\"double\"],\"default\":null,"
          + "\"wick.semantic\":\"range(min=0, max=1000000)\"},"
          + "{\"name\":\"country\",\"type\":[\"null\",\"string\"],\"default\":null,"
          + "\"wick.semantic\":\"country_code\"},"
          + "{\"name\":\"email\",\"type\":[\"null\",\"string\"],\"default\":null,"
          + "\"wick.semantic\":\"email\"},"
          + "{\"name\":\"at\",\"type\":{\"type\":\"long\",\"logicalType\":\"timestamp-micros\"}}]}";

  private static SparkSession spark;

  private static SparkSession spark() {
    if (spark == null) {
      spark = WickSpark.local(2);
    }
    return spark;
  }

  /**
   * One generated dataset: {@code rows} rows, {@code repeats} ids repeating an earlier one, {@code
   * negatives} negative durations, {@code badCountries} and {@code badEmails} invalid values,
   * {@code nullShare} nulls in the nullable fields, heavy-tailed amounts of tail index {@code
   * alpha}, text drawn from {@code users} users with skew {@code skew}.
   */
  record Spec(
      int rows,
      int repeats,
      int negatives,
      int badCountries,
      int badEmails,
      double nullShare,
      double alpha,
      int users,
      int skew,
      int seed,
      boolean withSchema,
      boolean verify) {}

  @Provide
  Arbitrary<Spec> specs() {
    Arbitrary<Integer> rows = Arbitraries.integers().between(200, 1500);
    Arbitrary<Integer> planted = Arbitraries.of(0, 0, 1, 3, 12);
    Arbitrary<Double> nulls = Arbitraries.of(0.0, 0.0, 0.03, 0.3);
    Arbitrary<Double> alpha = Arbitraries.of(0.7, 1.5, 3.0);
    Arbitrary<Integer> users = Arbitraries.of(3, 40, 400, 100_000);
    Arbitrary<Integer> skew = Arbitraries.integers().between(1, 4);
    Arbitrary<Integer> seed = Arbitraries.integers().between(1, 1_000_000);
    Arbitrary<Boolean> flag = Arbitraries.of(true, false);
    return Combinators.combine(
            List.of(
                rows.map(Integer.class::cast).map(Object.class::cast),
                planted.map(Object.class::cast),
                planted.map(Object.class::cast),
                planted.map(Object.class::cast),
                planted.map(Object.class::cast),
                nulls.map(Object.class::cast),
                alpha.map(Object.class::cast),
                users.map(Object.class::cast),
                skew.map(Object.class::cast),
                seed.map(Object.class::cast),
                flag.map(Object.class::cast),
                flag.map(Object.class::cast)))
        .as(
            v ->
                new Spec(
                    (Integer) v.get(0),
                    (Integer) v.get(1),
                    (Integer) v.get(2),
                    (Integer) v.get(3),
                    (Integer) v.get(4),
                    (Double) v.get(5),
                    (Double) v.get(6),
                    (Integer) v.get(7),
                    (Integer) v.get(8),
                    (Integer) v.get(9),
                    (Boolean) v.get(10),
                    (Boolean) v.get(11)));
  }

  /** The dataset a spec describes; planted values sit at fixed ids, the rest is seeded. */
  static Dataset<Row> data(Spec s) {
    int seed = s.seed();
    String nul = "rand(" + (seed + 9) + ") < " + s.nullShare();
    return spark()
        .range(0, s.rows(), 1, 2)
        .selectExpr(
            "id AS n",
            "if(id >= "
                + (s.rows() - s.repeats())
                + ", concat('key-', id - "
                + (s.rows() - s.repeats())
                + "), concat('key-', id)) AS id",
            "if(id < "
                + s.negatives()
                + ", -1 - id * 7, cast(pow(rand("
                + seed
                + "), 3) * 300000 AS BIGINT)) AS ms",
            "if("
                + nul
                + ", NULL, round(pow(1 - rand("
                + (seed + 1)
                + "), -1 / "
                + s.alpha()
                + "), 3)) AS amount",
            "if(id % 13 = 5 AND id / 13 < "
                + s.badCountries()
                + ", 'Q1', if("
                + nul
                + ", NULL, element_at(array('SE', 'US', 'GB', 'DE', 'FR', 'BR', 'JP', 'IN'),"
                + " cast(pow(rand("
                + (seed + 2)
                + "), "
                + s.skew()
                + ") * 8 AS INT) + 1)))"
                + " AS country",
            "if(id % 11 = 3 AND id / 11 < "
                + s.badEmails()
                + ", concat('no-at-sign-', id),"
                + " if("
                + nul
                + ", NULL, concat('user', cast(pow(rand("
                + (seed + 3)
                + "), "
                + s.skew()
                + ") * "
                + s.users()
                + " AS INT), '@example.com'))) AS email",
            "timestamp_seconds(unix_seconds(current_timestamp()) - 3600 - cast(rand("
                + (seed + 4)
                + ") * 86400 AS BIGINT)) AS at")
        .drop("n");
  }

  @Property(tries = 8, seed = "20261204")
  void suggestedChecksPassAgreeAndClaimOnlyWhatIsProven(@ForAll("specs") Spec s) {
    Dataset<Row> data = data(s).cache();
    org.apache.avro.Schema avro = new org.apache.avro.Schema.Parser().parse(SCHEMA);
    Profile profile =
        s.withSchema()
            ? Profiler.defaults().profile(data, Schemas.fromAvro(avro), "generated")
            : Profiler.defaults().profile(data, "generated");
    Suggestions suggestions =
        s.withSchema() ? Suggestions.from(profile, avro) : Suggestions.from(profile);
    SuggestedChecks suggested = s.verify() ? suggestions.suggest(data) : suggestions.suggest();

    // Invariant 1: every suggested check passes on the data it was suggested from.
    CheckResults results = suggested.checks().run(data);
    assertThat(results.failed())
        .as("%s\n%s", s, suggested.checks().toYaml())
        .extracting(CheckResult::message)
        .isEmpty();

    // Invariant 2: no two suggested checks disagree.
    agree(suggested, profile);

    // Invariant 3: uniqueness only from a count on the data, and then exactly when no id repeats.
    List<Check> checks = suggested.checks().checks();
    boolean unique = checks.contains(Check.unique("id"));
    assertThat(unique).as("%s", s).isEqualTo(s.verify() && s.repeats() == 0);
    assertThat(checks).filteredOn(c -> c.rule() instanceof UniqueCheck).hasSize(unique ? 1 : 0);
    List<Finding> repeats =
        suggested.findings().stream()
            .filter(f -> f.kind() == Finding.Kind.DUPLICATES && f.field().equals("id"))
            .toList();
    var id = profile.field("id").orElseThrow();
    boolean candidate =
        id.distinct().orElseThrow().lower() <= id.nonNull()
            && id.distinct().orElseThrow().upper() >= id.nonNull()
            && (id.topValues().isEmpty() || id.topValues().get(0).count() == 1);
    if (s.verify() && s.repeats() > 0 && candidate) {
      assertThat(repeats)
          .singleElement()
          .extracting(Finding::message)
          .asString()
          .startsWith(
              (s.repeats() == 1 ? "1 value of id repeats" : s.repeats() + " values of id repeat")
                  + " an earlier one, counted on the data;");
    } else {
      assertThat(repeats).isEmpty();
    }

    // Breaches of the schema's rules: the share the data meets less the margin, and a finding.
    if (s.withSchema()) {
      breach(suggested, profile, "ms", "non_negative", s.negatives());
      breach(suggested, profile, "country", "country_code", s.badCountries());
    }
    assertThat(suggested.findings())
        .filteredOn(f -> f.kind() == Finding.Kind.BREACH)
        .extracting(Finding::field)
        .doesNotContain("id");
    data.unpersist();
  }

  /** The semantic check of {@code field} and its finding, for {@code broken} planted values. */
  private static void breach(
      SuggestedChecks suggested, Profile profile, String field, String type, int broken) {
    SemanticCheck semantic =
        suggested.checks().checks().stream()
            .map(Check::rule)
            .filter(r -> r instanceof SemanticCheck x && x.field().equals(field))
            .map(SemanticCheck.class::cast)
            .findFirst()
            .orElseThrow();
    List<Finding> found =
        suggested.findings().stream()
            .filter(f -> f.kind() == Finding.Kind.BREACH && f.field().equals(field))
            .toList();
    if (broken == 0) {
      assertThat(semantic.minFraction()).isEqualTo(1.0);
      assertThat(found).isEmpty();
      return;
    }
    long checked = profile.field(field).orElseThrow().nonNull();
    double share = (double) (checked - broken) / checked;
    double margin = Math.max(0.01, 4 * Math.sqrt(share * (1 - share) / checked));
    double expected = Math.max(0, Math.floor((share - margin) * 10_000) / 10_000);
    assertThat(semantic.minFraction()).isEqualTo(expected);
    assertThat(found)
        .singleElement()
        .extracting(Finding::message)
        .isEqualTo(
            broken
                + (broken == 1 ? " value of " : " values of ")
                + field
                + " already "
                + (broken == 1 ? "breaks " : "break ")
                + type
                + "; suggested minFraction "
                + Numbers.text(expected)
                + "; to enforce the schema's rule, set 1");
  }

  /**
   * Invariant 2: per field, at most one check of a kind, never a key beside distinct-count bounds
   * or allowed values beside distinct-count bounds; a range within the bounds the field's semantic
   * type declares (or, where the data breaks it, no wider than the data on that side); a median
   * within the range; allowed values valid for a semantic type every value must meet; distinct
   * counts no more than the rows the row count allows.
   */
  static void agree(SuggestedChecks suggested, Profile profile) {
    Map<String, List<Check.Rule>> byField = new HashMap<>();
    for (Check c : suggested.checks().checks()) {
      Check.Rule r = c.rule();
      field(r).ifPresent(f -> byField.computeIfAbsent(f, k -> new ArrayList<>()).add(r));
    }
    for (Map.Entry<String, List<Check.Rule>> e : byField.entrySet()) {
      List<Check.Rule> rules = e.getValue();
      assertThat(rules.stream().map(Check.Rule::kind).distinct().count())
          .as("one check of a kind per field: %s", rules)
          .isEqualTo(rules.size());
      boolean distinct = rules.stream().anyMatch(r -> r.kind().equals("distinct"));
      assertThat(distinct && rules.stream().anyMatch(r -> r instanceof UniqueCheck))
          .as("unique beside distinct: %s", rules)
          .isFalse();
      assertThat(distinct && rules.stream().anyMatch(r -> r instanceof AllowedValuesCheck))
          .as("allowed values beside distinct: %s", rules)
          .isFalse();
      Optional<SemanticCheck> semantic = first(rules, SemanticCheck.class);
      Optional<RangeCheck> range = first(rules, RangeCheck.class);
      Optional<QuantileCheck> median = first(rules, QuantileCheck.class);
      if (semantic.isPresent() && range.isPresent()) {
        SemanticSpec spec = SemanticSpec.parse(semantic.get().type());
        double lo = range.get().min().orElseThrow();
        double hi = range.get().max().orElseThrow();
        double dataMin = profile.field(e.getKey()).orElseThrow().numeric().orElseThrow().min();
        double dataMax = profile.field(e.getKey()).orElseThrow().numeric().orElseThrow().max();
        double typeMin =
            switch (spec.name()) {
              case "non_negative", "positive" -> 0;
              case "range" -> Double.parseDouble(spec.params().getOrDefault("min", "-Infinity"));
              default -> Double.NEGATIVE_INFINITY;
            };
        double typeMax =
            spec.name().equals("range")
                ? Double.parseDouble(spec.params().getOrDefault("max", "Infinity"))
                : Double.POSITIVE_INFINITY;
        assertThat(lo)
            .as("range low end against %s", spec)
            .isGreaterThanOrEqualTo(Math.min(typeMin, Math.floor(dataMin)));
        assertThat(hi)
            .as("range high end against %s", spec)
            .isLessThanOrEqualTo(Math.max(typeMax, Math.ceil(dataMax)));
        if (semantic.get().minFraction() == 1.0) {
          assertThat(lo).isGreaterThanOrEqualTo(typeMin);
          assertThat(hi).isLessThanOrEqualTo(typeMax);
        }
      }
      if (range.isPresent() && median.isPresent()) {
        assertThat(median.get().min().orElseThrow())
            .isGreaterThanOrEqualTo(range.get().min().orElseThrow());
        assertThat(median.get().max().orElseThrow())
            .isLessThanOrEqualTo(range.get().max().orElseThrow());
      }
      Optional<AllowedValuesCheck> allowed = first(rules, AllowedValuesCheck.class);
      if (semantic.isPresent() && allowed.isPresent() && semantic.get().minFraction() == 1.0) {
        SemanticType type =
            SemanticTypes.create(SemanticSpec.parse(semantic.get().type()), e.getKey());
        assertThat(allowed.get().values()).allMatch(v -> type.check(v).isEmpty());
      }
      first(rules, DistinctCheck.class)
          .ifPresent(
              d ->
                  assertThat(d.max().orElseThrow())
                      .isLessThanOrEqualTo(maxRowsOf(profile, suggested)));
    }
  }

  private static long maxRowsOf(Profile profile, SuggestedChecks suggested) {
    for (Check c : suggested.checks().checks()) {
      if (c.rule() instanceof RowCountCheck rc) {
        return rc.max().orElse(Long.MAX_VALUE);
      }
      if (c.rule() instanceof RowCountRatioCheck rr) {
        return (long) Math.floor(profile.rowCount() * rr.maxRatio().orElse(1e9));
      }
    }
    return Long.MAX_VALUE;
  }

  private static <T> Optional<T> first(List<Check.Rule> rules, Class<T> kind) {
    return rules.stream().filter(kind::isInstance).map(kind::cast).findFirst();
  }

  private static Optional<String> field(Check.Rule r) {
    if (r instanceof CompletenessCheck x) {
      return Optional.of(x.field());
    } else if (r instanceof UniqueCheck x) {
      return Optional.of(String.join(",", x.fields()));
    } else if (r instanceof DistinctCheck x) {
      return Optional.of(x.field());
    } else if (r instanceof DistinctRatioCheck x) {
      return Optional.of(x.field());
    } else if (r instanceof AllowedValuesCheck x) {
      return Optional.of(x.field());
    } else if (r instanceof RangeCheck x) {
      return Optional.of(x.field());
    } else if (r instanceof QuantileCheck x) {
      return Optional.of(x.field());
    } else if (r instanceof SemanticCheck x) {
      return Optional.of(x.field());
    } else if (r instanceof FreshnessCheck x) {
      return Optional.of(x.field());
    }
    return Optional.empty();
  }
}
