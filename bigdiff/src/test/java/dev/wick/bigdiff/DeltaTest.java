package dev.wick.bigdiff;

import static dev.wick.bigdiff.DiffFixtures.run;
import static dev.wick.bigdiff.DiffFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wick.bigdiff.DiffFixtures.Run;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** Deltas per field type, as written to {@code keys/} and summarized. */
class DeltaTest {

  @Test
  void numericDeltaIsRightMinusLeft() {
    Dataset<Row> lhs = values("values (1, 10L, 2.5D), (2, 10L, 2.5D) as t(id, n, x)");
    Dataset<Row> rhs = values("values (1, 7L, 4.0D), (2, 10L, 2.5D) as t(id, n, x)");
    Run r = run(BigDiff.key("id"), lhs, rhs);
    Row n = r.entry(1, "n");
    assertThat((String) n.getAs("left")).isEqualTo("10");
    assertThat((String) n.getAs("right")).isEqualTo("7");
    assertThat((Double) n.getAs("delta")).isEqualTo(-3.0);
    assertThat((Double) r.entry(1, "x").getAs("delta")).isEqualTo(1.5);
    DeltaStats stats = r.field("n").delta().orElseThrow();
    assertThat(stats.type()).isEqualTo(DeltaType.NUMERIC);
    assertThat(stats.count()).isEqualTo(1);
    assertThat(stats.min().getAsDouble()).isEqualTo(-3.0);
    assertThat(stats.variance().getAsDouble()).isZero();
  }

  @Test
  void stringDeltaIsTheLevenshteinDistance() {
    Dataset<Row> lhs = values("values (1, 'kitten'), (2, 'flaw') as t(id, s)");
    Dataset<Row> rhs = values("values (1, 'sitting'), (2, 'lawn') as t(id, s)");
    Run r = run(BigDiff.key("id"), lhs, rhs);
    assertThat((Double) r.entry(1, "s").getAs("delta")).isEqualTo(3.0);
    assertThat((Double) r.entry(2, "s").getAs("delta")).isEqualTo(2.0);
    DeltaStats stats = r.field("s").delta().orElseThrow();
    assertThat(stats.type()).isEqualTo(DeltaType.STRING);
    assertThat(stats.mean().getAsDouble()).isEqualTo(2.5);
  }

  @Test
  void vectorDeltaIsOneMinusCosine() {
    Dataset<Row> lhs =
        values(
            "values (1, array(1.0D, 0.0D)), (2, array(1.0D, 2.0D)), (3, array(1.0D, 1.0D)),"
                + " (4, array(0.0D, 0.0D)) as t(id, v)");
    Dataset<Row> rhs =
        values(
            "values (1, array(0.0D, 1.0D)), (2, array(2.0D, 4.0D)), (3, array(1.0D, 0.0D)),"
                + " (4, array(1.0D, 0.0D)) as t(id, v)");
    Run r = run(BigDiff.key("id"), lhs, rhs);
    assertThat((Double) r.entry(1, "v").getAs("delta")).isCloseTo(1.0, within(1e-12));
    assertThat((Double) r.entry(2, "v").getAs("delta")).isCloseTo(0.0, within(1e-12));
    assertThat((Double) r.entry(3, "v").getAs("delta"))
        .isCloseTo(1 - Math.sqrt(0.5), within(1e-12));
    // A zero vector has no direction: no delta, but the key still differs.
    assertThat((Double) r.entry(4, "v").getAs("delta")).isNull();
    assertThat((String) r.entry(4, "v").getAs("left")).isEqualTo("[0.0,0.0]");
    FieldStats v = r.field("v");
    assertThat(v.different()).isEqualTo(4);
    assertThat(v.delta().orElseThrow().type()).isEqualTo(DeltaType.VECTOR);
    assertThat(v.delta().orElseThrow().count()).isEqualTo(3);
  }

  @Test
  void fieldsWithoutADeltaTypeStillCountAndShowValues() {
    Dataset<Row> lhs = values("values (1, true, date'2024-01-01') as t(id, b, d)");
    Dataset<Row> rhs = values("values (1, false, date'2024-01-02') as t(id, b, d)");
    Run r = run(BigDiff.key("id"), lhs, rhs);
    assertThat(r.field("b").different()).isEqualTo(1);
    assertThat(r.field("b").delta()).isEmpty();
    assertThat((String) r.entry(1, "d").getAs("right")).isEqualTo("2024-01-02");
    FieldStats.Example example = r.field("d").examples().get(0);
    assertThat(example.key()).isEqualTo("id=1");
    assertThat(example.left()).isEqualTo("2024-01-01");
    assertThat(example.delta()).isEmpty();
  }

  @Test
  void examplesShowTheLargestDeltaAndTheFirstKey() {
    Dataset<Row> lhs = values("values (1, 0), (2, 0), (3, 0), (4, 0) as t(id, n)");
    Dataset<Row> rhs = values("values (1, 5), (2, -50), (3, 0), (4, 7) as t(id, n)");
    FieldStats n = BigDiff.key("id").summarize(lhs, rhs).field("n").orElseThrow();
    assertThat(n.examples()).extracting(FieldStats.Example::key).containsExactly("id=2", "id=1");
    assertThat(n.examples().get(0).delta().getAsDouble()).isEqualTo(-50.0);
    assertThat(n.examples().get(0).right()).isEqualTo("-50");
    assertThat(n.histogram().stream().mapToDouble(FieldStats.HistogramBin::count).sum())
        .isEqualTo(3.0);
  }
}
