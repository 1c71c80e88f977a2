package dev.wick.bigdiff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.bigdiff.BigDiffProperties.Rec;
import dev.wick.bigdiff.SchemaDifference.Rename;
import dev.wick.bigdiff.SchemaDifference.TypeChange;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** The diff's gate on generated datasets: schema changes and duplicated keys never pass. */
class GateProperties {
  /** The top-level compared columns of {@link BigDiffProperties#SCHEMA}. */
  static final List<String> COLUMNS = List.of("a", "b", "s", "tags", "nested");

  /** Types {@code a} (an int) widens to without losing a value, with their schema notation. */
  static final List<List<String>> WIDENINGS =
      List.of(
          List.of("bigint", "long"),
          List.of("double", "double"),
          List.of("decimal(12,0)", "decimal(12, 0)"),
          List.of("decimal(14,2)", "decimal(14, 2)"));

  @Provide
  Arbitrary<List<Rec>> datasets() {
    return new BigDiffProperties().datasets().filter(l -> !l.isEmpty());
  }

  @Provide
  Arbitrary<String> columns() {
    return Arbitraries.of(COLUMNS);
  }

  /** The rhs's columns: every column of the lhs, with {@code column} as {@code replacement}. */
  private static Dataset<Row> replace(Dataset<Row> lhs, String column, String replacement) {
    List<String> cols = new ArrayList<>(List.of("id"));
    for (String c : COLUMNS) {
      if (!c.equals(column)) {
        cols.add(c);
      } else if (replacement != null) {
        cols.add(replacement);
      }
    }
    return lhs.selectExpr(cols.toArray(new String[0]));
  }

  private static void failsOnSchemaAlone(DiffSummary s, int changes) {
    GateResult gate = s.gate(DiffThresholds.anyDifference());
    assertThat(gate.violations()).hasSize(changes);
    assertThat(gate.violations())
        .extracting(Violation::kind)
        .containsOnly(Violation.Kind.SCHEMA_CHANGE);
    assertThat(s.gate(DiffThresholds.anyDifference().allowingSchemaChange()).passes()).isTrue();
  }

  @Property(tries = 12)
  void aRenamedColumnIsReportedExactlyAndFailsTheGate(
      @ForAll("datasets") List<Rec> recs,
      @ForAll("columns") String column,
      @ForAll boolean byCase) {
    Dataset<Row> lhs = BigDiffProperties.dataset(recs);
    String renamed = byCase ? column.toUpperCase(Locale.ROOT) : column + "_v2";
    DiffSummary s =
        BigDiff.key("id").summarize(lhs, replace(lhs, column, column + " AS " + renamed));
    assertThat(s.schema().onlyLhs()).containsExactly(column);
    assertThat(s.schema().onlyRhs()).containsExactly(renamed);
    assertThat(s.schema().typeChanges()).isEmpty();
    assertThat(s.schema().nullabilityChanges()).isEmpty();
    assertThat(s.schema().renames())
        .isEqualTo(byCase ? List.of(new Rename(column, renamed)) : List.of());
    assertThat(s.global().same()).isEqualTo(recs.size());
    failsOnSchemaAlone(s, 2);
  }

  @Property(tries = 12)
  void aDroppedColumnIsReportedExactlyAndFailsTheGate(
      @ForAll("datasets") List<Rec> recs, @ForAll("columns") String column) {
    Dataset<Row> lhs = BigDiffProperties.dataset(recs);
    DiffSummary s = BigDiff.key("id").summarize(lhs, replace(lhs, column, null));
    assertThat(s.schema().onlyLhs()).containsExactly(column);
    assertThat(s.schema().onlyRhs()).isEmpty();
    assertThat(s.schema().typeChanges()).isEmpty();
    assertThat(s.schema().nullabilityChanges()).isEmpty();
    assertThat(s.global().same()).isEqualTo(recs.size());
    failsOnSchemaAlone(s, 1);
    DiffSummary ignored =
        BigDiff.key("id").ignore(column).summarize(lhs, replace(lhs, column, null));
    assertThat(ignored.gate(DiffThresholds.anyDifference()).passes()).isTrue();
  }

  @Property(tries = 12)
  void aWidenedColumnIsComparedByValueReportedExactlyAndFailsTheGate(
      @ForAll("datasets") List<Rec> recs, @ForAll("widenings") List<String> widening) {
    Dataset<Row> lhs = BigDiffProperties.dataset(recs);
    DiffSummary s =
        BigDiff.key("id")
            .summarize(lhs, replace(lhs, "a", "cast(a as " + widening.get(0) + ") as a"));
    assertThat(s.schema().typeChanges())
        .containsExactly(new TypeChange("a", "int", widening.get(1), true));
    assertThat(s.schema().onlyLhs()).isEmpty();
    assertThat(s.schema().onlyRhs()).isEmpty();
    assertThat(s.schema().nullabilityChanges()).isEmpty();
    assertThat(s.schema().compared()).contains("a");
    // The values are equal in the wider type.
    assertThat(s.global().same()).isEqualTo(recs.size());
    failsOnSchemaAlone(s, 1);
  }

  @Provide
  Arbitrary<List<String>> widenings() {
    return Arbitraries.of(WIDENINGS);
  }

  @Property(tries = 12)
  void duplicatingKKeysAlwaysFailsTheGateWithKCounted(
      @ForAll("datasets") List<Rec> recs, @ForAll long seed) {
    Random random = new Random(seed);
    List<Rec> doubled = new ArrayList<>(recs);
    int k = 0;
    for (Rec r : recs) {
      if (k == 0 || random.nextInt(3) == 0) {
        doubled.add(r);
        k++;
      }
    }
    long duplicated = k;
    DiffSummary s =
        BigDiff.key("id")
            .duplicates(DuplicateKeys.REPORT)
            .summarize(BigDiffProperties.dataset(recs), BigDiffProperties.dataset(doubled));
    GlobalCounts g = s.global();
    assertThat(g.duplicateKeys()).isEqualTo(k);
    assertThat(g.duplicateKeysRhs()).isEqualTo(k);
    assertThat(g.same()).isEqualTo(recs.size() - k);
    assertThat(g.notSame()).isEqualTo(k);
    assertThat(g.diffFraction()).isEqualTo((double) k / recs.size());
    assertThat(s.hasDifferences()).isTrue();
    GateResult gate = s.gate(DiffThresholds.anyDifference());
    assertThat(gate.violations())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.kind()).isEqualTo(Violation.Kind.THRESHOLD);
              assertThat(v.message())
                  .startsWith(duplicated + " of " + recs.size() + " keys are not SAME")
                  .contains(", " + duplicated + " duplicated)");
            });
    double f = random.nextDouble();
    assertThat(s.gate(DiffThresholds.maxDiffFraction(f)).passes())
        .isEqualTo((double) k / recs.size() <= f);
  }
}
