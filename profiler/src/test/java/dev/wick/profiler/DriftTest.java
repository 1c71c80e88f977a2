package dev.wick.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Violation;
import dev.wick.core.spark.WickSpark;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Drift between profiles, computed from their sketches, on samples of known distributions. */
class DriftTest {
  static SparkSession spark;
  static Profile base;
  static Profile sameAgain;
  static Profile shifted;

  @BeforeAll
  static void profiles() {
    spark = WickSpark.local(2);
    TestTypes.register();
    Profiler profiler = Profiler.defaults();
    base = profiler.profile(Plays.generate(5000, 1, 0, 0).dataset(spark, 3), "day1");
    sameAgain = profiler.profile(Plays.generate(5000, 2, 0, 0).dataset(spark, 3), "day2");
    // Play times half a standard deviation longer; 20% of plays from country "ZZ".
    shifted = profiler.profile(Plays.generate(5000, 3, 0.5, 0.2).dataset(spark, 3), "day3");
  }

  @Test
  void twoSamplesOfOneDistributionShowNoDrift() {
    DriftReport r = Drift.compare(base, sameAgain);
    assertThat(r.sameFields()).isTrue();
    FieldDrift ms = r.field("ms_played").orElseThrow();
    assertThat(ms.ks()).isPresent();
    assertThat(ms.score()).isLessThan(0.05);
    assertThat(ms.ks().get().pValue()).isGreaterThan(0.05);
    FieldDrift country = r.field("country").orElseThrow();
    assertThat(country.categorical()).isPresent();
    assertThat(country.score()).isLessThan(0.03);
    assertThat(r.gate(DriftThresholds.score(0.1)).passes()).isTrue();
    assertThat(Math.abs(ms.nullRateChange())).isLessThan(0.02);
  }

  @Test
  void aShiftedDistributionDrifts() {
    DriftReport r = Drift.compare(base, shifted);
    FieldDrift ms = r.field("ms_played").orElseThrow();
    // A shift of 0.5 standard deviations of a normal distribution moves its CDF by up to
    // 2 * Phi(0.25) - 1, about 0.197.
    assertThat(ms.score()).isBetween(0.15, 0.25);
    assertThat(ms.ks().get().pValue()).isLessThan(1e-10);
    FieldDrift country = r.field("country").orElseThrow();
    assertThat(country.score()).isGreaterThan(0.15);
    assertThat(country.categorical().get().pValue()).isLessThan(1e-10);
    assertThat(r.gate(DriftThresholds.score(0.1)).violations())
        .extracting(Violation::subject)
        .containsExactly("ms_played", "country");
    assertThat(r.gate(DriftThresholds.score(0.1)).violations().get(0).message())
        .matches("Field 'ms_played' drifted: score 0\\.\\d{4} exceeds 0\\.1000\\.");
    // Unchanged fields stay quiet.
    assertThat(r.field("day").orElseThrow().score()).isLessThan(0.05);
    // The two drifted fields lead, most drifted first (a KS score counts beyond the sketch error).
    assertThat(r.byScore().subList(0, 2))
        .extracting(FieldDrift::path)
        .containsExactlyInAnyOrder("ms_played", "country");
    assertThat(r.byScore().get(0).score()).isGreaterThanOrEqualTo(r.byScore().get(1).score());
  }

  @Test
  void nullRateAndDistinctChangesAreReported() {
    Profile fewerNulls =
        Profiler.defaults()
            .profile(
                Plays.generate(5000, 1, 0, 0)
                    .dataset(spark, 2)
                    .na()
                    .fill(0.0, new String[] {"ms_played"}),
                "filled");
    FieldDrift ms = Drift.compare(base, fewerNulls).field("ms_played").orElseThrow();
    assertThat(ms.baselineNullRate()).isEqualTo(base.field("ms_played").orElseThrow().nullRate());
    assertThat(ms.currentNullRate()).isZero();
    assertThat(ms.nullRateChange()).isNegative();
    DriftThresholds nulls = DriftThresholds.parse("nulls=0.01");
    assertThat(nulls.check(ms)).extracting(Violation::measure).contains("nulls");
    FieldDrift id = Drift.compare(base, sameAgain).field("id").orElseThrow();
    assertThat(id.distinctChange()).isPresent();
    assertThat(Math.abs(id.distinctChange().get())).isLessThan(0.1);
  }

  @Test
  void profilesOfDifferentSchemasCompareTheirCommonFields() {
    Profile narrow =
        Profiler.defaults()
            .profile(
                Plays.generate(2000, 4, 0, 0)
                    .dataset(spark, 2)
                    .select("id", "ms_played", "premium")
                    .withColumn("extra", org.apache.spark.sql.functions.lit("x")),
                "narrow");
    DriftReport r = Drift.compare(base, narrow);
    assertThat(r.fields())
        .extracting(FieldDrift::path)
        .containsExactly("id", "ms_played", "premium");
    assertThat(r.onlyInCurrent()).containsExactly("extra");
    assertThat(r.onlyInBaseline()).contains("country", "user.age", "tags[]");
    assertThat(r.sameFields()).isFalse();
    // Whatever the limits, the vanished and added fields fail the gate unless allowed.
    GateResult gate = r.gate(DriftThresholds.none());
    assertThat(gate.violations())
        .extracting(Violation::kind)
        .containsOnly(Violation.Kind.SCHEMA_CHANGE);
    assertThat(gate.violations())
        .extracting(Violation::message)
        .contains(
            "Field 'country' is only in the baseline profile, so it was not compared.",
            "Field 'extra' is only in the current profile, so it was not compared.");
    assertThat(gate.violations()).hasSize(r.onlyInBaseline().size() + 1);
    assertThat(r.gate(DriftThresholds.none().allowingSchemaChange()).passes()).isTrue();
  }

  private static FieldProfile field(String path, String type, FieldKind kind) {
    return new FieldProfile(
        path,
        type,
        kind,
        1,
        0,
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        List.of(),
        false,
        Optional.empty(),
        FieldSketches.none());
  }

  @Test
  void typeAndKindChangesAndEmptyProfilesFailTheGate() {
    Profile before =
        new Profile(
            "old",
            "2024-01-01T00:00:00Z",
            5,
            10,
            List.of(
                field("a", "int", FieldKind.NUMERIC),
                field("b", "long", FieldKind.NUMERIC),
                field("c", "string", FieldKind.TEXT)));
    Profile after =
        new Profile(
            "new",
            "2024-01-02T00:00:00Z",
            0,
            10,
            List.of(
                field("a", "long", FieldKind.NUMERIC),
                field("b", "string", FieldKind.TEXT),
                field("c", "string", FieldKind.TEXT)));
    DriftReport r = Drift.compare(before, after);
    assertThat(r.typeChanged()).containsExactly(new DriftReport.TypeChange("a", "int", "long"));
    assertThat(r.kindChanged()).containsExactly(new DriftReport.TypeChange("b", "long", "string"));
    assertThat(r.fields()).extracting(FieldDrift::path).containsExactly("a", "c");
    assertThat(r.schemaChanged()).isTrue();
    GateResult gate = r.gate(DriftThresholds.score(0.5));
    assertThat(gate.hasInputError()).isTrue();
    assertThat(gate.violations())
        .extracting(Violation::message)
        .containsExactly(
            "The current profile (of new) has no rows, so there is no drift to measure.",
            "Field 'b' changed from long to string, another kind of value, so it was not"
                + " compared.",
            "Field 'a' changed type from int to long.");
    assertThat(r.gate(DriftThresholds.score(0.5).allowingEmpty()).hasInputError()).isFalse();
    assertThat(r.gate(DriftThresholds.score(0.5).allowingEmpty().allowingSchemaChange()).passes())
        .isTrue();
    assertThat(r.toJson())
        .contains(
            "\"typeChanged\" : [ {\n"
                + "      \"path\" : \"a\",\n"
                + "      \"baselineType\" : \"int\",\n"
                + "      \"currentType\" : \"long\"\n"
                + "    } ]");
  }

  @Test
  void profilesWithoutACommonFieldCannotBeCompared() {
    Profile other =
        new Profile(
            "other",
            "2024-01-01T00:00:00Z",
            1,
            10,
            List.of(
                new FieldProfile(
                    "zzz",
                    "long",
                    FieldKind.NUMERIC,
                    1,
                    0,
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    List.of(),
                    false,
                    Optional.empty(),
                    FieldSketches.none())));
    assertThatThrownBy(() -> Drift.compare(base, other))
        .isInstanceOf(WickException.class)
        .hasMessageContaining("share no field")
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
  }

  @Test
  void thresholdsParseAndExplainMistakes() {
    assertThat(DriftThresholds.parse("0.2")).isEqualTo(DriftThresholds.score(0.2));
    DriftThresholds all = DriftThresholds.parse("score=0.1, nulls=0.05,distinct=0.5");
    assertThat(all.score()).contains(0.1);
    assertThat(all.nulls()).contains(0.05);
    assertThat(all.distinct()).contains(0.5);
    assertThatThrownBy(() -> DriftThresholds.parse("speed=1"))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Drift thresholds 'speed=1' are malformed: 'speed' is not one of score, nulls, distinct;"
                + " write a score such as 0.1, or score=0.1,nulls=0.05,distinct=0.5.");
    assertThatThrownBy(() -> DriftThresholds.parse("score=abc"))
        .hasMessageContaining("'abc' is not a number");
  }

  @Test
  void driftJsonCarriesEveryComparedField() {
    String json = Drift.compare(base, shifted).toJson();
    assertThat(json).contains("\"path\" : \"ms_played\"", "\"ks\"", "\"categorical\"", "\"linf\"");
  }
}
