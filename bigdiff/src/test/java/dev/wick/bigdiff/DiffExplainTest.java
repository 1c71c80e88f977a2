package dev.wick.bigdiff;

import static dev.wick.bigdiff.DiffFixtures.spark;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.core.WickException;
import dev.wick.core.explain.Explanation;
import dev.wick.core.explain.Slice;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link BigDiff#explain()}: a change planted in one genre's tracks is found there, with its exact
 * counts; keys on one side only are cut by that side's values; bad settings fail before any job.
 */
class DiffExplainTest {
  private static final StructType SCHEMA =
      new StructType()
          .add("track_id", DataTypes.LongType)
          .add("genre", DataTypes.StringType)
          .add("listeners", DataTypes.LongType);

  private static Dataset<Row> lhs;
  private static Dataset<Row> rhs;

  /** Podcasts are every fourth track; nine in ten of them change, and one in fifty of the rest. */
  private static boolean changed(long id) {
    return podcast(id) ? id % 40 != 3 : id % 50 == 0;
  }

  private static boolean podcast(long id) {
    return id % 4 == 3;
  }

  private static String genre(long id) {
    return podcast(id) ? "podcast" : List.of("rock", "pop", "jazz").get((int) (id % 4));
  }

  @BeforeAll
  static void data() {
    List<Row> left = new ArrayList<>();
    List<Row> right = new ArrayList<>();
    for (long id = 0; id < 2000; id++) {
      left.add(RowFactory.create(id, genre(id), 100 + id));
      if (id < 1990) { // the last ten tracks are only in the baseline
        right.add(RowFactory.create(id, genre(id), changed(id) ? 101 + id : 100 + id));
      }
    }
    for (long id = 2000; id < 2030; id++) { // thirty live recordings only in the candidate
      right.add(RowFactory.create(id, "live", 1L));
    }
    lhs = spark().createDataFrame(left, SCHEMA);
    rhs = spark().createDataFrame(right, SCHEMA);
  }

  @Test
  void theChangedGenreIsFoundWithItsCounts() {
    long podcastsChanged = 0;
    long changed = 0;
    long podcasts = 0;
    for (long id = 0; id < 2000; id++) {
      boolean shared = id < 1990;
      changed += shared && changed(id) ? 1 : 0;
      podcastsChanged += shared && changed(id) && podcast(id) ? 1 : 0;
      podcasts += podcast(id) ? 1 : 0;
    }
    DiffSummary s = BigDiff.key("track_id").explain().summarize(lhs, rhs);

    assertThat(s.explanations().keySet())
        .containsExactly(
            "keys not the same", "keys only in lhs", "keys only in rhs", "listeners differs");
    Explanation listeners = s.explanations().get("listeners differs");
    assertThat(listeners.rows()).isEqualTo(2030);
    assertThat(listeners.failing()).isEqualTo(changed);
    assertThat(listeners.unit()).isEqualTo(Explanation.Unit.KEYS);
    assertThat(listeners.columns()).doesNotContain("listeners");
    Slice best = listeners.best().orElseThrow();
    assertThat(best.text()).isEqualTo("genre = podcast");
    assertThat(best.rows()).isEqualTo(podcasts);
    assertThat(best.failing()).isEqualTo(podcastsChanged);
    assertThat(best.coverage()).isEqualTo((double) podcastsChanged / changed);
    assertThat(listeners.line())
        .startsWith("listeners differs: ")
        .contains("of the " + changed + " differing keys are in genre = podcast")
        .contains("differ there");

    Explanation onlyRhs = s.explanations().get("keys only in rhs");
    assertThat(onlyRhs.failing()).isEqualTo(30);
    assertThat(onlyRhs.best().orElseThrow().text()).isEqualTo("genre = live");
    assertThat(onlyRhs.best().get().coverage()).isEqualTo(1.0);
    assertThat(s.explanations().get("keys only in lhs").failing()).isEqualTo(10);
  }

  @Test
  void theExplanationsAreInTheSummaryAndTheReport() throws Exception {
    DiffSummary s = BigDiff.key("track_id").explainBy("genre").summarize(lhs, rhs);
    JsonNode json = new ObjectMapper().readTree(s.toJson());
    JsonNode first = json.get("explain").get(3);
    assertThat(first.get("failure").asText()).isEqualTo("listeners differs");
    assertThat(first.get("unit").asText()).isEqualTo("key");
    assertThat(first.get("columns").toString()).isEqualTo("[\"genre\"]");
    assertThat(first.get("slices").get(0).get("slice").asText()).isEqualTo("genre = podcast");
    String html = HtmlReport.render(s, "lhs", "rhs");
    assertThat(html).contains("<h2>Where the differences sit</h2>", "<code>genre = podcast</code>");
  }

  @Test
  void aDiffWithoutExplainHasNoExplanations() throws Exception {
    DiffSummary s = BigDiff.key("track_id").summarize(lhs, rhs);
    assertThat(s.explanations()).isEmpty();
    assertThat(new ObjectMapper().readTree(s.toJson()).has("explain")).isFalse();
  }

  @Test
  void badSettingsFailBeforeAnyJob() {
    assertThatThrownBy(() -> BigDiff.key("track_id").explainBy("genres").prepare(lhs, rhs))
        .isInstanceOf(WickException.class)
        .hasMessageContaining("'genres', which the data does not have")
        .hasMessageContaining("genre");
    assertThatThrownBy(() -> BigDiff.keyless().explain().prepare(lhs, rhs))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("The explanation of a diff needs key fields");
  }
}
