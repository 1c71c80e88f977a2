package dev.wick.bigdiff;

import static dev.wick.bigdiff.DiffFixtures.run;
import static dev.wick.bigdiff.DiffFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.bigdiff.DiffFixtures.Run;
import dev.wick.core.WickException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** A diff without key fields: rows as multisets, duplicates counted. */
class KeylessTest {

  @Test
  void countsRowCopiesOnEachSideDuplicatesIncluded() {
    Dataset<Row> lhs =
        values(
            "values ('a', 1), ('a', 1), ('b', 2), ('c', 3), ('d', cast(null as int)) as t(s, n)");
    Dataset<Row> rhs =
        values(
            "values ('a', 1), ('b', 2), ('b', 2), ('b', 2), ('d', cast(null as int)),"
                + " ('e', 5) as t(s, n)");
    Run r = run(BigDiff.keyless(), lhs, rhs);
    GlobalCounts g = r.global();
    // matched: a once, b once, d once; only lhs: a, c; only rhs: b twice, e.
    assertThat(g.same()).isEqualTo(3);
    assertThat(g.missingRhs()).isEqualTo(2);
    assertThat(g.missingLhs()).isEqualTo(3);
    assertThat(g.total()).isEqualTo(8);
    assertThat(g.lhsKeys()).isEqualTo(5);
    assertThat(g.rhsKeys()).isEqualTo(6);
    assertThat(r.keys())
        .extracting(
            k -> k.getAs("s") + ":" + k.getAs("n") + ":" + k.getAs("diff") + ":" + k.getAs("count"))
        .containsExactlyInAnyOrder(
            "a:1:MISSING_RHS:1", "c:3:MISSING_RHS:1", "b:2:MISSING_LHS:2", "e:5:MISSING_LHS:1");
    // Typed as in the input, not as text.
    assertThat(r.keys().get(0).schema().apply("n").dataType().typeName()).isEqualTo("integer");
    assertThat(r.summary().keyless()).isTrue();
    assertThat(r.summary().rows())
        .extracting(RowExample::type, RowExample::row, RowExample::count)
        .contains(
            org.assertj.core.groups.Tuple.tuple(DiffType.MISSING_LHS, "{\"s\":\"b\",\"n\":2}", 2L));
    assertThat(r.summary().gate(DiffThresholds.maxDiffFraction(0.5)).violations().get(0).message())
        .isEqualTo(
            "5 of 8 rows are not SAME (62.50%: 2 only in lhs, 3 only in rhs, duplicates counted);"
                + " at most 50.00% may be.");
  }

  @Test
  void comparesTheCommonFieldsInTheWiderTypeAndIgnoresWhatItIsTold() {
    Dataset<Row> lhs = values("values (1, 'x', 9), (2, 'y', 9) as t(n, s, extra)");
    Dataset<Row> rhs = values("values (1L, 'x', 7), (2L, 'y', 8) as t(n, s, other)");
    Run r = run(BigDiff.keyless().ignore("extra", "other"), lhs, rhs);
    assertThat(r.global().same()).isEqualTo(2);
    assertThat(r.summary().schema().typeChanges()).hasSize(1);
    Run same = run(BigDiff.keyless(), lhs, lhs);
    assertThat(same.global().notSame()).isZero();
    assertThat(same.keys()).isEmpty();
  }

  @Test
  void settingsThatNeedKeysAreRefused() {
    Dataset<Row> data = values("values (1, 2.0D, map('a', 1)) as t(n, x, m)");
    assertThatThrownBy(() -> BigDiff.keyless().tolerance("x", 1).prepare(data, data))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "A diff without key fields compares whole rows as they are, so it cannot apply"
                + " tolerances; name the key fields to use them.");
    assertThatThrownBy(() -> BigDiff.keyless().prepare(data, data).summarize())
        .hasMessageStartingWith("Field 'm' holds a map");
    assertThat(BigDiff.keyless().ignore("m").summarize(data, data).global().same()).isEqualTo(1);
  }
}
