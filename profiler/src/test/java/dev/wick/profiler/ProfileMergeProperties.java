package dev.wick.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wick.core.spark.WickSpark;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * Profiles merge like the data they summarise: merging the profiles of a split equals profiling the
 * whole (exact statistics exactly, sketched ones within their error), in any grouping.
 */
class ProfileMergeProperties {
  static SparkSession spark;
  static Dataset<Row> data;

  @BeforeContainer
  static void data() {
    spark = WickSpark.local(2);
    TestTypes.register();
    data = Plays.generate(1200, 9, 0, 0).dataset(spark, 2).cache();
  }

  private static Profile part(long from, long to) {
    return Profiler.defaults()
        .profile(
            data.where(functions.col("id").geq(from).and(functions.col("id").lt(to))), "plays");
  }

  @Property(tries = 4)
  void mergingTheProfilesOfASplitEqualsProfilingTheWhole(
      @ForAll @IntRange(min = 1, max = 599) int a, @ForAll @IntRange(min = 600, max = 1199) int b) {
    Profile x = part(0, a);
    Profile y = part(a, b);
    Profile z = part(b, 1200);
    Profile whole = part(0, 1200);
    Profile left = x.merge(y).merge(z);
    Profile right = x.merge(y.merge(z));
    for (Profile merged : List.of(left, right)) {
      assertThat(merged.rowCount()).isEqualTo(whole.rowCount());
      assertThat(merged.paths()).isEqualTo(whole.paths());
      for (FieldProfile w : whole.fields()) {
        FieldProfile m = merged.field(w.path()).orElseThrow();
        assertThat(m.count()).as(w.path()).isEqualTo(w.count());
        assertThat(m.nulls()).as(w.path()).isEqualTo(w.nulls());
        assertThat(m.text().map(t -> List.of(t.empty(), t.minLength(), t.maxLength())))
            .as(w.path())
            .isEqualTo(w.text().map(t -> List.of(t.empty(), t.minLength(), t.maxLength())));
        assertThat(m.semantic()).as(w.path()).isEqualTo(w.semantic());
        if (w.numeric().isPresent()) {
          NumericStats ws = w.numeric().get();
          NumericStats ms = m.numeric().orElseThrow();
          assertThat(ms.n()).isEqualTo(ws.n());
          assertThat(ms.min()).isEqualTo(ws.min());
          assertThat(ms.max()).isEqualTo(ws.max());
          assertThat(ms.nan()).isEqualTo(ws.nan());
          assertThat(ms.mean()).isCloseTo(ws.mean(), within(1e-9 * (1 + Math.abs(ws.mean()))));
          assertThat(ms.stddev()).isCloseTo(ws.stddev(), within(1e-6 * (1 + ws.stddev())));
        }
        if (w.kind() == FieldKind.BOOLEAN || w.path().equals("country")) {
          // Few distinct values: the frequent-items sketches are exact, so merges are too.
          assertThat(m.topValues()).as(w.path()).isEqualTo(w.topValues());
        }
        if (w.distinct().isPresent()) {
          double exact = w.distinct().get().estimate();
          assertThat(m.distinct().orElseThrow().estimate())
              .as(w.path())
              .isCloseTo(exact, within(0.05 * exact + 1));
        }
      }
      // The merged KLL sketch holds every value of the whole.
      assertThat(Drift.compare(whole, merged).field("ms_played").orElseThrow().score())
          .isLessThan(0.03);
    }
  }
}
