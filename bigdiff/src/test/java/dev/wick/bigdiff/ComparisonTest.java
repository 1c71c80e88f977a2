package dev.wick.bigdiff;

import static dev.wick.bigdiff.DiffFixtures.run;
import static dev.wick.bigdiff.DiffFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.bigdiff.DiffFixtures.Run;
import dev.wick.core.WickException;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** How values compare: nulls, NaN, tolerances, nested records, arrays and maps. */
class ComparisonTest {

  @Test
  void nullsMatchNullsAndNanMatchesNan() {
    Dataset<Row> lhs =
        values(
            "values (1, cast(null as double), 'a'), (2, double('NaN'), null), (3, 1.0, 'c'),"
                + " (4, double('NaN'), 'd') as t(id, x, s)");
    Dataset<Row> rhs =
        values(
            "values (1, cast(null as double), 'a'), (2, double('NaN'), null), (3, null, 'c'),"
                + " (4, 2.0, null) as t(id, x, s)");
    Run r = run(BigDiff.key("id"), lhs, rhs);
    assertThat(r.global().same()).isEqualTo(2);
    assertThat(r.global().different()).isEqualTo(2);
    assertThat(r.differingFields()).isEqualTo(Map.of("3", Set.of("x"), "4", Set.of("x", "s")));
    // NaN vs 2.0 and 1.0 vs null differ but have no finite delta.
    assertThat(r.field("x").delta().orElseThrow().count()).isZero();
    assertThat((String) r.entry(4, "x").getAs("left")).isEqualTo("NaN");
  }

  @Test
  void absoluteAndRelativeTolerances() {
    Dataset<Row> lhs =
        values("values (1, 1.0D, 100.0D), (2, 1.0D, 100.0D), (3, 5.0D, -100.0D) as t(id, a, r)");
    Dataset<Row> rhs =
        values("values (1, 1.05D, 100.9D), (2, 1.2D, 102.0D), (3, 5.0D, -100.5D) as t(id, a, r)");
    Run tolerant =
        run(BigDiff.key("id").tolerance("a", 0.1).relativeTolerance("r", 0.01), lhs, rhs);
    assertThat(tolerant.types()).isEqualTo(Map.of("2", "DIFFERENT"));
    assertThat(tolerant.differingFields()).isEqualTo(Map.of("2", Set.of("a", "r")));
    assertThat(tolerant.field("r").delta().orElseThrow().max().getAsDouble()).isEqualTo(2.0);
  }

  @Test
  void toleranceAppliesToEveryNumberBelowItsPathAndTheDeepestWins() {
    Dataset<Row> lhs =
        values(
            "values (1, array(named_struct('price', 10.0D, 'qty', 1)),"
                + " named_struct('lat', 1.0D, 'lon', 2.0D)),"
                + " (2, array(named_struct('price', 10.0D, 'qty', 1)),"
                + " named_struct('lat', 1.0D, 'lon', 2.0D)) as t(id, items, pos)");
    Dataset<Row> rhs =
        values(
            "values (1, array(named_struct('price', 10.004D, 'qty', 1)),"
                + " named_struct('lat', 1.004D, 'lon', 2.5D)),"
                + " (2, array(named_struct('price', 10.004D, 'qty', 2)),"
                + " named_struct('lat', 1.5D, 'lon', 4.0D)) as t(id, items, pos)");
    Run r =
        run(
            BigDiff.key("id")
                .tolerance("items[].price", 0.01)
                .tolerance("pos", 0.01)
                .tolerance("pos.lon", 1.0),
            lhs,
            rhs);
    assertThat(r.differingFields()).isEqualTo(Map.of("2", Set.of("items", "pos.lat", "pos.lon")));
  }

  @Test
  void nestedRecordsCompareFieldByField() {
    Dataset<Row> lhs =
        values(
            "values (1, named_struct('city', 'Oslo', 'geo', named_struct('lat', 1, 'lon', 2))),"
                + " (2, named_struct('city', 'Rome', 'geo', named_struct('lat', 3, 'lon', 4)))"
                + " as t(id, address)");
    Dataset<Row> rhs =
        values(
            "values (1, named_struct('city', 'Oslo', 'geo', named_struct('lat', 1, 'lon', 9))),"
                + " (2, named_struct('city', 'Roma', 'geo', named_struct('lat', 3, 'lon', 4)))"
                + " as t(id, address)");
    PreparedDiff diff = BigDiff.key("id").prepare(lhs, rhs);
    assertThat(diff.schema().compared())
        .containsExactly("address.city", "address.geo.lat", "address.geo.lon");
    assertThat(run(diff).differingFields())
        .isEqualTo(Map.of("1", Set.of("address.geo.lon"), "2", Set.of("address.city")));
  }

  @Test
  void aNullRecordDiffersFromARecordOfNulls() {
    Dataset<Row> lhs =
        values(
            "values (1, cast(null as struct<a: int, b: string>)),"
                + " (2, named_struct('a', 1, 'b', 'x')) as t(id, r)");
    Dataset<Row> rhs =
        values(
            "values (1, named_struct('a', cast(null as int), 'b', cast(null as string))),"
                + " (2, named_struct('a', 1, 'b', 'x')) as t(id, r)");
    Run r = run(BigDiff.key("id"), lhs, rhs);
    assertThat(r.differingFields()).isEqualTo(Map.of("1", Set.of("r")));
    assertThat((String) r.entry(1, "r").getAs("left")).isEqualTo("null");
    assertThat((String) r.entry(1, "r").getAs("right")).isEqualTo("present");
  }

  @Test
  void arraysCompareInOrderOrAsMultisets() {
    Dataset<Row> lhs =
        values(
            "values (1, array('a', 'b'), array(1, 2)), (2, array('a', 'a', 'b'), array(1, 2)),"
                + " (3, array('x'), array(3)) as t(id, tags, seq)");
    Dataset<Row> rhs =
        values(
            "values (1, array('b', 'a'), array(2, 1)), (2, array('a', 'b', 'b'), array(1, 2)),"
                + " (3, array('x'), array(3)) as t(id, tags, seq)");
    Run r = run(BigDiff.key("id").unordered("tags"), lhs, rhs);
    assertThat(r.differingFields()).isEqualTo(Map.of("1", Set.of("seq"), "2", Set.of("tags")));
  }

  @Test
  void unorderedArraysOfRecordsWithTolerance() {
    Dataset<Row> lhs =
        values(
            "values (1, array(named_struct('k', 'a', 'v', 1.0D), named_struct('k', 'b', 'v',"
                + " 2.0D))) as t(id, items)");
    Dataset<Row> rhs =
        values(
            "values (1, array(named_struct('k', 'b', 'v', 2.001D), named_struct('k', 'a', 'v',"
                + " 1.0D))) as t(id, items)");
    Run r = run(BigDiff.key("id").unordered("items").tolerance("items", 0.01), lhs, rhs);
    assertThat(r.global().same()).isEqualTo(1);
  }

  @Test
  void mapsCompareByKey() {
    Dataset<Row> lhs =
        values(
                "values (1, map('a', 1, 'b', 2)), (2, map('a', 1)), (3, map('a', 1)),"
                    + " (4, map('a', 1.0D)), (5, map('a', 1.0D)) as t(id, m)")
            .selectExpr("id", "cast(m as map<string, double>) as m");
    Dataset<Row> rhs =
        values(
                "values (1, map('b', 2, 'a', 1)), (2, map('a', 2)), (3, map('a', 1, 'c', 3)),"
                    + " (4, map('a', 1.001D)), (5, map('b', 1.0D)) as t(id, m)")
            .selectExpr("id", "cast(m as map<string, double>) as m");
    Run r = run(BigDiff.key("id").tolerance("m", 0.01), lhs, rhs);
    assertThat(r.types()).isEqualTo(Map.of("2", "DIFFERENT", "3", "DIFFERENT", "5", "DIFFERENT"));
    assertThat((String) r.entry(3, "m").getAs("right")).isEqualTo("{\"a\":1.0,\"c\":3.0}");
  }

  @Test
  void recordsInsideArraysAreComparedOnTheirCommonFields() {
    Dataset<Row> lhs =
        values(
            "values (1, array(named_struct('a', 1, 'old', 'x'))),"
                + " (2, array(named_struct('a', 1, 'old', 'x'))) as t(id, items)");
    Dataset<Row> rhs =
        values(
            "values (1, array(named_struct('new', true, 'a', 1))),"
                + " (2, array(named_struct('new', true, 'a', 2))) as t(id, items)");
    PreparedDiff diff = BigDiff.key("id").prepare(lhs, rhs);
    assertThat(diff.schema().onlyLhs()).containsExactly("items[].old");
    assertThat(diff.schema().onlyRhs()).containsExactly("items[].new");
    Run r = run(diff);
    assertThat(r.types()).isEqualTo(Map.of("2", "DIFFERENT"));
    assertThat((String) r.entry(2, "items").getAs("right")).isEqualTo("[{\"a\":2}]");
  }

  @Test
  void narrowerIntegerTypesCompareWithWiderOnesAndSameKeysCanBeListed() {
    Dataset<Row> lhs = values("values (1, 5S), (2, 6S), (3, 7S) as t(id, n)");
    Dataset<Row> rhs = values("values (1, 5), (2, 7), (4, 1) as t(id, n)");
    Run r = run(BigDiff.key("id").includeSame(true), lhs, rhs);
    assertThat(r.types())
        .isEqualTo(Map.of("1", "SAME", "2", "DIFFERENT", "3", "MISSING_RHS", "4", "MISSING_LHS"));
    assertThat((Double) r.entry(2, "n").getAs("delta")).isEqualTo(1.0);
  }

  @Test
  void optionsAreAValueThatSettersCopyAndThatDiffsAnyPair() {
    Dataset<Row> lhs = values("values (1, 5, 'a'), (2, 6, 'b') as t(id, n, s)");
    Dataset<Row> rhs = values("values (1, 5, 'x'), (2, 7, 'b') as t(id, n, s)");
    BigDiff base = BigDiff.key("id");
    BigDiff ignoring = base.ignore("s");
    base.tolerance("n", 5).includeSame(true);
    DiffSummary plain = base.summarize(lhs, rhs);
    assertThat(plain.global().different()).isEqualTo(2);
    assertThat(plain.differingFields())
        .extracting(FieldStats::field)
        .containsExactlyInAnyOrder("n", "s");
    DiffSummary withoutS = ignoring.summarize(lhs, rhs);
    assertThat(withoutS.global().different()).isEqualTo(1);
    assertThat(withoutS.schema().compared()).containsExactly("n");
    assertThat(base.summarize(rhs, rhs).global().same()).isEqualTo(2);
    assertThatThrownBy(() -> base.tolerance("n", 1).tolerance("n", 2))
        .isInstanceOf(WickException.class)
        .hasMessage("Tolerance for 'n' is set twice; set it once.");
  }

  @Test
  void listingSameKeysChangesNeitherTheCountsNorTheFieldStatistics() {
    Dataset<Row> lhs = values("values (1, 5, 'a'), (2, 6, 'b'), (3, 7, 'c') as t(id, n, s)");
    Dataset<Row> rhs = values("values (1, 5, 'a'), (2, 9, 'b'), (4, 1, 'd') as t(id, n, s)");
    DiffSummary differing = BigDiff.key("id").summarize(lhs, rhs);
    DiffSummary all = BigDiff.key("id").includeSame(true).summarize(lhs, rhs);
    assertThat(all.global()).isEqualTo(differing.global());
    assertThat(all.fields()).isEqualTo(differing.fields());
    FieldStats n = all.field("n").orElseThrow();
    assertThat(n.different()).isEqualTo(1);
    assertThat(n.delta().orElseThrow().mean().getAsDouble()).isEqualTo(3.0);
    FieldStats s = all.field("s").orElseThrow();
    assertThat(s.different()).isZero();
    assertThat(s.delta().orElseThrow().count()).isZero();
    assertThat(s.examples()).isEmpty();
  }
}
