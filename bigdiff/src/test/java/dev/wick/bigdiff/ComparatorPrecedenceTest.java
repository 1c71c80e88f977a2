package dev.wick.bigdiff;

import static dev.wick.bigdiff.DiffFixtures.run;
import static dev.wick.bigdiff.DiffFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.bigdiff.DiffFixtures.Run;
import dev.wick.core.WickException;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.FieldPath;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;

/**
 * Which comparator governs a value: the field's own, else the built-ins set nearest above it, else
 * its type's, else plain equality; asserted on the rows that come out same or different.
 */
class ComparatorPrecedenceTest {

  private static final FieldComparator ALWAYS_EQUAL = (l, r) -> functions.lit(true);
  private static final FieldComparator NEVER_EQUAL = (l, r) -> functions.lit(false);
  private static final FieldComparator EXACT = (l, r) -> l.equalTo(r);

  @Test
  void aFieldsOwnComparatorBeatsItsTypesComparatorAndItsOwnBuiltins() {
    Dataset<Row> lhs = values("values (1, 'a', 'x', 'Oslo') as t(id, s, t, c)");
    Dataset<Row> rhs = values("values (1, 'b', 'y', 'OSLO') as t(id, s, t, c)");
    Run r =
        run(
            BigDiff.key("id")
                .comparator(DataType.StringType.class, ALWAYS_EQUAL)
                .comparator("s", EXACT)
                .ignoreCase("c")
                .comparator("c", EXACT),
            lhs,
            rhs);
    assertThat(r.differingFields()).isEqualTo(Map.of("1", Set.of("s", "c")));
  }

  @Test
  void aFieldsOwnToleranceCaseAndTrimBeatItsTypesComparator() {
    Dataset<Row> lhs =
        values(
            "values (1, 1.0D, 1.0D, named_struct('lat', 1.0D), 'Oslo', ' Oslo', 'z',"
                + " date'2024-01-01', date'2024-01-01')"
                + " as t(id, x, y, pos, c, w, other, d, e)");
    Dataset<Row> rhs =
        values(
            "values (1, 1.2D, 1.0D, named_struct('lat', 1.3D), 'OSLO', 'Oslo', 'z',"
                + " date'2024-01-02', date'2024-01-01')"
                + " as t(id, x, y, pos, c, w, other, d, e)");
    Run r =
        run(
            BigDiff.key("id")
                .comparator(DataType.DoubleType.class, NEVER_EQUAL)
                .comparator(DataType.StringType.class, NEVER_EQUAL)
                .comparator(DataType.DateType.class, NEVER_EQUAL)
                .tolerance("x", 0.5)
                .tolerance("pos", 0.5)
                .ignoreCase("c")
                .trimWhitespace("w")
                .tolerance("d", Duration.ofDays(1)),
            lhs,
            rhs);
    // y, other and e are equal values, but nothing of their own governs them: their type's
    // comparator does, and it never finds values equal.
    assertThat(r.differingFields()).isEqualTo(Map.of("1", Set.of("y", "other", "e")));
  }

  @Test
  void aToleranceAtARecordAppliesBelowItAndTheNearestOfEachKindWins() {
    Dataset<Row> lhs =
        values(
            "values (1, named_struct('lat', 1.0D, 'inner', named_struct('x', 1.0D, 'n', 1))),"
                + " (2, named_struct('lat', 1.0D, 'inner', named_struct('x', 1.0D, 'n', 1)))"
                + " as t(id, pos)");
    Dataset<Row> rhs =
        values(
            "values (1, named_struct('lat', 1.005D, 'inner', named_struct('x', 1.9D, 'n', 2))),"
                + " (2, named_struct('lat', 1.5D, 'inner', named_struct('x', 2.5D, 'n', 3)))"
                + " as t(id, pos)");
    Run r = run(BigDiff.key("id").tolerance("pos", 0.01).tolerance("pos.inner", 1.0), lhs, rhs);
    assertThat(r.differingFields())
        .isEqualTo(Map.of("2", Set.of("pos.lat", "pos.inner.x", "pos.inner.n")));

    // Each kind is looked up on its own: the relative tolerance set at pos still governs
    // pos.inner.x below the absolute one set at pos.inner, and being within either is enough.
    Dataset<Row> far =
        values("values (1, named_struct('inner', named_struct('x', 100.0D))) as t(id, pos)");
    Dataset<Row> near =
        values("values (1, named_struct('inner', named_struct('x', 140.0D))) as t(id, pos)");
    BigDiff both = BigDiff.key("id").relativeTolerance("pos", 0.5).tolerance("pos.inner", 1.0);
    assertThat(run(both, far, near).global().same()).isEqualTo(1);
    assertThat(run(BigDiff.key("id").tolerance("pos.inner", 1.0), far, near).differingFields())
        .isEqualTo(Map.of("1", Set.of("pos.inner.x")));
  }

  @Test
  void anAbsoluteToleranceOnIntegersAndDecimalsIsExact() {
    // In doubles 1.1 - 1.0 is 0.10000000000000009, above 0.1; the two longs are one apart but the
    // same double; the two decimals a cent apart are the same double.
    Dataset<Row> lhs =
        values(
            "values (1, cast('1.0' as decimal(20,10)), 9007199254740993L,"
                + " cast('12345678901234567890.00' as decimal(38,2))),"
                + " (2, cast('1.0' as decimal(20,10)), 5L, cast('1.00' as decimal(38,2)))"
                + " as t(id, d, n, big)");
    Dataset<Row> rhs =
        values(
            "values (1, cast('1.1' as decimal(20,10)), 9007199254740992L,"
                + " cast('12345678901234567890.01' as decimal(38,2))),"
                + " (2, cast('1.1000000001' as decimal(20,10)), 5L, cast('1.00' as decimal(38,2)))"
                + " as t(id, d, n, big)");
    Run r =
        run(
            BigDiff.key("id").tolerance("d", 0.1).tolerance("n", 0.5).tolerance("big", 0.001),
            lhs,
            rhs);
    assertThat(r.differingFields()).isEqualTo(Map.of("1", Set.of("n", "big"), "2", Set.of("d")));
  }

  @Test
  void withNanEqualityOffANanDiffersFromANanWhereverItIs() {
    Dataset<Row> lhs =
        values(
            "values (1, double('NaN'), array(double('NaN')), named_struct('f', float('NaN'))),"
                + " (2, 1.0D, array(2.0D), named_struct('f', float(3))) as t(id, x, xs, r)");
    Dataset<Row> same = lhs;
    assertThat(run(BigDiff.key("id"), lhs, same).global().same()).isEqualTo(2);
    Run strict = run(BigDiff.key("id").nanEqual(false).relativeTolerance("x", 0.5), lhs, same);
    assertThat(strict.differingFields()).isEqualTo(Map.of("1", Set.of("x", "xs", "r.f")));
    // A comparator of the user's for the type governs its values, NaN included.
    Run own =
        run(
            BigDiff.key("id").nanEqual(false).comparator(DataType.DoubleType.class, ALWAYS_EQUAL),
            lhs,
            same);
    assertThat(own.differingFields()).isEqualTo(Map.of("1", Set.of("r.f")));
  }

  @Test
  void builtInComparatorsWorkForATypeAndForAPathAsTheirSettersDo() {
    Dataset<Row> lhs =
        values(
            "values (1, cast('1.0' as decimal(20,10)), 1.0D, 1.0D, ' Oslo', double('NaN')),"
                + " (2, cast('1.0' as decimal(20,10)), 1.0D, 1.0D, 'Oslo', 1.0D)"
                + " as t(id, d, x, y, s, n)");
    Dataset<Row> rhs =
        values(
            "values (1, cast('1.1' as decimal(20,10)), 1.4D, 1.0D, 'oslo', double('NaN')),"
                + " (2, cast('1.2' as decimal(20,10)), 2.0D, 1.4D, 'Bergen', 1.0D)"
                + " as t(id, d, x, y, s, n)");
    Run r =
        run(
            BigDiff.key("id")
                .comparator(DataType.DecimalType.class, FieldComparator.tolerance(0.1))
                .comparator(DataType.DoubleType.class, FieldComparator.tolerance(0.5))
                .tolerance("y", 0.01)
                .comparator("s", FieldComparator.ignoringCase())
                .trimWhitespace("s")
                .nanEqual(false),
            lhs,
            rhs);
    // d is exact at 0.1 as decimals; y's own tolerance beats its type's; case and whitespace
    // combine on s; NaN inequality joins a built-in registered for the type.
    assertThat(r.differingFields())
        .isEqualTo(Map.of("1", Set.of("n"), "2", Set.of("d", "x", "y", "s")));
    assertThatThrownBy(
            () ->
                BigDiff.key("id")
                    .comparator(DataType.StringType.class, FieldComparator.tolerance(0.1))
                    .prepare(lhs, rhs))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("Comparator for StringType cannot apply");
    assertThatThrownBy(
            () ->
                BigDiff.key("id")
                    .tolerance("x", 0.1)
                    .comparator("x", FieldComparator.tolerance(0.2)))
        .hasMessageEndingWith("set it once.");
    assertThatThrownBy(() -> FieldComparator.relativeTolerance(-1))
        .hasMessage("Relative tolerance must be a number >= 0, got -1.0.");
  }

  @Test
  void rulesResolveEachValueToOneComparator() {
    FieldPath pos = FieldPath.parse("pos");
    FieldPath inner = FieldPath.parse("pos.inner");
    Rules rules =
        Rules.NONE
            .withComparator(pos, new AbsoluteTolerance(0.01))
            .withComparator(pos, new RelativeTolerance(0.5))
            .withComparator(inner, new AbsoluteTolerance(1.0))
            .withComparator(pos, new IgnoreCase())
            .withComparator(pos, new IgnoreCase())
            .withComparator(FieldPath.parse("pos.own"), EXACT)
            .withComparator(FieldPath.parse("pos.own"), ALWAYS_EQUAL)
            .withTypeComparator(DataType.StringType.class, NEVER_EQUAL)
            .withTypeComparator(DataType.DateType.class, NEVER_EQUAL);
    DataType dbl = new DataType.DoubleType();
    DataType str = new DataType.StringType();
    DataType date = new DataType.DateType();
    assertThat(rules.comparatorFor(FieldPath.parse("pos.inner.x"), dbl))
        .contains(
            new Builtin.Combined(List.of(new AbsoluteTolerance(1.0), new RelativeTolerance(0.5))));
    assertThat(rules.comparatorFor(FieldPath.parse("pos.lat"), dbl))
        .contains(
            new Builtin.Combined(List.of(new AbsoluteTolerance(0.01), new RelativeTolerance(0.5))));
    assertThat(rules.comparatorFor(FieldPath.parse("pos.inner.s"), str)).contains(new IgnoreCase());
    assertThat(rules.comparatorFor(FieldPath.parse("pos.own"), str)).contains(ALWAYS_EQUAL);
    assertThat(rules.comparatorFor(FieldPath.parse("pos.d"), date)).contains(NEVER_EQUAL);
    assertThat(rules.comparatorFor(FieldPath.parse("other"), dbl)).isEmpty();
    assertThat(rules.withNanEqual(false).comparatorFor(FieldPath.parse("other"), dbl))
        .contains(new NanUnequal());
    assertThat(rules.withNanEqual(false).comparatorFor(FieldPath.parse("pos.lat"), dbl))
        .contains(
            new Builtin.Combined(
                List.of(
                    new AbsoluteTolerance(0.01), new RelativeTolerance(0.5), new NanUnequal())));
    assertThat(rules.builtins(IgnoreCase.class)).containsOnlyKeys(pos);
    assertThat(rules.fieldComparators())
        .containsExactly(Map.entry(FieldPath.parse("pos.own"), ALWAYS_EQUAL));
  }
}
