package dev.wick.bigdiff;

import static dev.wick.bigdiff.DiffFixtures.run;
import static dev.wick.bigdiff.DiffFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.bigdiff.DiffFixtures.Run;
import dev.wick.core.WickException;
import dev.wick.core.schema.DataType;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;

/** Comparators: time tolerances, text rules, NaN, and comparators registered in the library. */
class ComparatorTest {

  @Test
  void datesAndTimestampsWithinTheirTolerance() {
    Dataset<Row> lhs =
        values(
                "values (1, timestamp'2024-01-01 10:00:00', date'2024-01-01'),"
                    + " (2, timestamp'2024-01-01 10:00:00', date'2024-01-01'),"
                    + " (3, timestamp_ntz'2024-01-01 10:00:00', date'2024-01-01') as t(id, ts, d)")
            .selectExpr("id", "cast(ts as timestamp) as ts", "d");
    Dataset<Row> rhs =
        values(
            "values (1, timestamp'2024-01-01 10:00:04.999999', date'2024-01-02'),"
                + " (2, timestamp'2024-01-01 09:59:54', date'2024-01-04'),"
                + " (3, timestamp'2024-01-01 10:00:05', date'2023-12-31') as t(id, ts, d)");
    Run r =
        run(
            BigDiff.key("id")
                .tolerance("ts", Duration.ofSeconds(5))
                .tolerance("d", Duration.ofDays(1)),
            lhs,
            rhs);
    assertThat(r.differingFields()).isEqualTo(Map.of("2", Set.of("ts", "d")));
    Run exact = run(BigDiff.key("id"), lhs, rhs);
    assertThat(exact.differingFields())
        .isEqualTo(Map.of("1", Set.of("ts", "d"), "2", Set.of("ts", "d"), "3", Set.of("ts", "d")));
  }

  @Test
  void textIgnoringCaseOrSurroundingWhitespacePerField() {
    Dataset<Row> lhs =
        values("values (1, 'Oslo', 'Oslo', 'a'), (2, 'Oslo', ' Oslo', 'b') as t(id, c, w, other)");
    Dataset<Row> rhs =
        values(
            "values (1, 'OSLO', 'Oslo\t\n', 'A'), (2, ' oslo', 'oslo', 'b') as t(id, c, w, other)");
    Run r = run(BigDiff.key("id").ignoreCase("c").trimWhitespace("w"), lhs, rhs);
    assertThat(r.differingFields()).isEqualTo(Map.of("1", Set.of("other"), "2", Set.of("c", "w")));
    Run both =
        run(BigDiff.key("id").ignoreCase("c", "w", "other").trimWhitespace("c", "w"), lhs, rhs);
    assertThat(both.global().same()).isEqualTo(2);
  }

  @Test
  void nanEqualsNanUnlessToldOtherwise() {
    Dataset<Row> lhs =
        values("values (1, double('NaN'), float('NaN')), (2, 1.0D, float(1)) as t(id, x, f)");
    Dataset<Row> rhs =
        values("values (1, double('NaN'), float('NaN')), (2, 1.0D, float(1)) as t(id, x, f)");
    assertThat(run(BigDiff.key("id"), lhs, rhs).global().same()).isEqualTo(2);
    Run strict = run(BigDiff.key("id").nanEqual(false), lhs, rhs);
    assertThat(strict.differingFields()).isEqualTo(Map.of("1", Set.of("x", "f")));
    Run tolerant = run(BigDiff.key("id").nanEqual(false).tolerance("x", 1.0), lhs, rhs);
    assertThat(tolerant.differingFields()).isEqualTo(Map.of("1", Set.of("x", "f")));
  }

  @Test
  void registeredComparatorsForAFieldAndForAType() {
    Dataset<Row> lhs =
        values(
            "values (1, 10.004D, 'ab', array(named_struct('sku', 'X1', 'price', 1.001D))),"
                + " (2, 10.0D, 'ab', array(named_struct('sku', 'X1', 'price', 1.0D)))"
                + " as t(id, price, code, items)");
    Dataset<Row> rhs =
        values(
            "values (1, 10.001D, 'AB', array(named_struct('sku', 'x1', 'price', 1.004D))),"
                + " (2, 10.2D, 'ab', array(named_struct('sku', 'X1', 'price', 1.5D)))"
                + " as t(id, price, code, items)");
    FieldComparator cents = (l, r) -> functions.round(l, 2).equalTo(functions.round(r, 2));
    Run r =
        run(
            BigDiff.key("id")
                .comparator("price", cents)
                .comparator("items[].price", cents)
                .comparator(
                    DataType.StringType.class,
                    (l, r2) -> functions.upper(l).equalTo(functions.upper(r2))),
            lhs,
            rhs);
    assertThat(r.differingFields()).isEqualTo(Map.of("2", Set.of("price", "items")));
    // A field's own rule wins over a comparator for its type.
    Run own =
        run(
            BigDiff.key("id")
                .comparator(DataType.StringType.class, (l, r2) -> functions.lit(true))
                .trimWhitespace("code"),
            values("values (1, 'a', 'x') as t(id, code, s)"),
            values("values (1, 'b', 'y') as t(id, code, s)"));
    assertThat(own.differingFields()).isEqualTo(Map.of("1", Set.of("code")));
  }

  @Test
  void rulesOnTheWrongKindOfFieldFailBeforeAnyJob() {
    Dataset<Row> data = values("values (1, 2.0D, 'a', date'2024-01-01') as t(id, x, s, d)");
    assertThatThrownBy(
            () -> BigDiff.key("id").tolerance("x", Duration.ofSeconds(1)).prepare(data, data))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Tolerance 'x' cannot apply: it is a double with no dates or timestamps; time"
                + " tolerances apply to date and timestamp fields.");
    assertThatThrownBy(() -> BigDiff.key("id").ignoreCase("d").prepare(data, data))
        .hasMessageContaining("Case-insensitive field 'd' cannot apply: it is a date");
    assertThatThrownBy(() -> BigDiff.key("id").trimWhitespace("nope").prepare(data, data))
        .hasMessageStartingWith("Whitespace-trimmed field 'nope' is not a compared field");
    assertThatThrownBy(
            () -> BigDiff.key("id").comparator("nope", (l, r) -> l.equalTo(r)).prepare(data, data))
        .hasMessageStartingWith("Comparator field 'nope' is not a compared field");
    assertThatThrownBy(() -> BigDiff.key("id").tolerance("d", Duration.ofSeconds(-1)))
        .hasMessage("Tolerance for 'd' must not be negative, got PT-1S.");
    assertThatThrownBy(
            () -> BigDiff.key("id").comparator(DataType.RecordType.class, (l, r) -> l.equalTo(r)))
        .hasMessageContaining("register it for the field instead");
  }
}
