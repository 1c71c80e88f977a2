package dev.wick.bigdiff;

import static dev.wick.bigdiff.DiffFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Violation;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** Composite and null keys, duplicates, and empty inputs. */
class KeysTest {

  @Test
  void nullKeyPartsMatchNullSafelyAndAreCounted() {
    Dataset<Row> lhs =
        values(
            "values (1, 'SE', 10), (1, cast(null as string), 20), (cast(null as int), 'NO', 30),"
                + " (2, 'SE', 40) as t(track, country, plays)");
    Dataset<Row> rhs =
        values(
            "values (1, 'SE', 10), (1, cast(null as string), 21), (cast(null as int), 'NO', 30),"
                + " (3, null, 50) as t(track, country, plays)");
    DiffFixtures.Run run = DiffFixtures.run(BigDiff.key("track", "country"), lhs, rhs);
    GlobalCounts g = run.global();
    assertThat(g.total()).isEqualTo(5);
    assertThat(g.same()).isEqualTo(2);
    assertThat(g.different()).isEqualTo(1);
    assertThat(g.missingRhs()).isEqualTo(1);
    assertThat(g.missingLhs()).isEqualTo(1);
    assertThat(g.nullKeys()).isEqualTo(3);
    assertThat(run.keys()).hasSize(3);
    Row different =
        run.keys().stream().filter(r -> r.getAs("diff").equals("DIFFERENT")).findFirst().get();
    assertThat(different.<String>getAs("diff")).isEqualTo("DIFFERENT");
    assertThat(different.<Integer>getAs("track")).isEqualTo(1);
    assertThat(different.<String>getAs("country")).isNull();
  }

  @Test
  void duplicatedKeysFailByDefaultWithExamples() {
    Dataset<Row> lhs = values("values (1, 'a'), (1, 'b'), (2, 'c'), (3, 'd') as t(id, s)");
    Dataset<Row> rhs = values("values (1, 'a'), (2, 'c'), (2, 'x'), (2, 'y') as t(id, s)");
    assertThatThrownBy(() -> BigDiff.key("id").summarize(lhs, rhs))
        .isInstanceOf(WickException.class)
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE))
        .hasMessage(
            "Key (id) is not unique: 1 key in the lhs and 1 key in the rhs occur more than once,"
                + " e.g. (id=1) lhs 2 rows, rhs 1 row; (id=2) lhs 1 row, rhs 3 rows; deduplicate"
                + " the inputs, add key fields, or report duplicates to list them and diff the"
                + " rest.")
        .satisfies(
            e ->
                assertThat(((WickException) e).settings())
                    .containsExactly(new WickException.Setting("duplicates", "report duplicates")));
  }

  @Test
  void keysRepeatedOnOneSideOnlyFailToo() {
    // Identical rows, and keys the other side lacks: nothing but a key's repetition shows them.
    Dataset<Row> lhs = values("values (1, 'a'), (1, 'a'), (2, 'b'), (5, 'e') as t(id, s)");
    Dataset<Row> rhs = values("values (2, 'b'), (3, 'c'), (3, 'c'), (3, 'c') as t(id, s)");
    assertThatThrownBy(() -> BigDiff.key("id").summarize(lhs, rhs))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith(
            "Key (id) is not unique: 1 key in the lhs and 1 key in the rhs occur more than once,"
                + " e.g. (id=1) lhs 2 rows, rhs 0 rows; (id=3) lhs 0 rows, rhs 3 rows;");
  }

  @Test
  void keysRepeatedAlikeOnBothSidesFail() {
    // Every joined row compares SAME: only the count of joined rows against each side's shows it.
    Dataset<Row> lhs = values("values (1, 'a'), (1, 'a'), (2, 'b') as t(id, s)");
    Dataset<Row> rhs = values("values (1, 'a'), (1, 'a'), (2, 'b') as t(id, s)");
    assertThatThrownBy(() -> BigDiff.key("id").summarize(lhs, rhs))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith(
            "Key (id) is not unique: 1 key in the lhs and 1 key in the rhs occur more than once,"
                + " e.g. (id=1) lhs 2 rows, rhs 2 rows;");
  }

  @Test
  void reportedDuplicatesAreCountedPerSideAndLeftOutOfTheClassification() {
    Dataset<Row> lhs =
        values("values (1, 'a'), (1, 'b'), (2, 'c'), (3, 'd'), (4, 'e') as t(id, s)");
    Dataset<Row> rhs =
        values("values (1, 'a'), (2, 'c'), (2, 'x'), (3, 'd'), (4, 'f'), (4, 'f') as t(id, s)");
    DiffFixtures.Run run =
        DiffFixtures.run(BigDiff.key("id").duplicates(DuplicateKeys.REPORT), lhs, rhs);
    GlobalCounts g = run.global();
    assertThat(g.total()).isEqualTo(4);
    assertThat(g.duplicateKeysLhs()).isEqualTo(1);
    assertThat(g.duplicateKeysRhs()).isEqualTo(2);
    assertThat(g.duplicateKeys()).isEqualTo(3);
    assertThat(g.same()).isEqualTo(1);
    assertThat(g.classified()).isEqualTo(1);
    assertThat(run.keys()).isEmpty();
    // Duplicated keys are not SAME: they count against the gate, in the denominator too.
    assertThat(g.notSame()).isEqualTo(3);
    assertThat(g.diffFraction()).isEqualTo(0.75);
    assertThat(run.summary().hasDifferences()).isTrue();
    GateResult gate = run.summary().gate(DiffThresholds.maxDiffFraction(0.5));
    assertThat(gate.violations())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.kind()).isEqualTo(Violation.Kind.THRESHOLD);
              assertThat(v.measured()).isEqualTo("0.75");
              assertThat(v.message())
                  .isEqualTo(
                      "3 of 4 keys are not SAME (75.00%: 0 different, 0 only in lhs, 0 only in"
                          + " rhs, 3 duplicated); at most 50.00% may be.");
            });
    assertThat(run.summary().gate(DiffThresholds.maxDiffFraction(0.75)).passes()).isTrue();
  }

  @Test
  void emptyInputsMakeAnEmptyDiff() {
    Dataset<Row> empty = values("values (1, 'a') as t(id, s)").limit(0);
    DiffSummary s = BigDiff.key("id").summarize(empty, empty);
    assertThat(s.global()).isEqualTo(new GlobalCounts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    assertThat(s.fields()).singleElement().satisfies(f -> assertThat(f.different()).isZero());
    assertThat(s.hasDifferences()).isFalse();
    assertThat(s.global().diffFraction()).isZero();
    // No rows must never read as no differences: a gate over them is an input error.
    GateResult gate = s.gate(DiffThresholds.anyDifference());
    assertThat(gate.hasInputError()).isTrue();
    assertThat(gate.violations())
        .extracting(Violation::message)
        .containsExactly(
            "The lhs has no rows, so the diff compared nothing.",
            "The rhs has no rows, so the diff compared nothing.");
    assertThat(s.gate(DiffThresholds.anyDifference().allowingEmpty()).passes()).isTrue();

    Dataset<Row> one = values("values (1, 'a') as t(id, s)");
    DiffSummary half = BigDiff.key("id").summarize(empty, one);
    GlobalCounts g = half.global();
    assertThat(g.missingLhs()).isEqualTo(1);
    assertThat(g.total()).isEqualTo(1);
    assertThat(g.lhsKeys()).isZero();
    assertThat(g.rhsKeys()).isEqualTo(1);
    assertThat(half.gate(DiffThresholds.maxDiffFraction(1)).violations())
        .extracting(Violation::subject)
        .containsExactly("lhs");
  }

  @Test
  void aDiffOfKeysOnlyClassifiesPresence() {
    Dataset<Row> lhs = values("values (1), (2) as t(id)");
    Dataset<Row> rhs = values("values (2), (3) as t(id)");
    DiffSummary s = BigDiff.key("id").summarize(lhs, rhs);
    assertThat(s.fields()).isEmpty();
    assertThat(s.global().same()).isEqualTo(1);
    assertThat(s.global().missingLhs()).isEqualTo(1);
    assertThat(s.global().missingRhs()).isEqualTo(1);
  }
}
