package dev.wick.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.report.Wording;
import dev.wick.core.spark.WickSpark;
import dev.wick.profiler.internal.ProfileHtml;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The HTML report's content: tables, one chart per field, overlays, escaping, no network. */
class ProfileHtmlTest {
  static Profile base;
  static Profile current;
  static String plain;
  static String compared;

  @BeforeAll
  static void render() {
    TestTypes.register();
    var spark = WickSpark.local(2);
    base = Profiler.defaults().profile(Plays.generate(1500, 21, 0, 0).dataset(spark, 2), "old");
    Dataset<Row> now =
        Plays.generate(1500, 22, 0.5, 0.1)
            .dataset(spark, 2)
            .withColumn(
                "country",
                functions
                    .when(
                        functions.col("id").equalTo(3), functions.lit("<script>alert(1)</script>"))
                    .otherwise(functions.col("country")));
    current = Profiler.defaults().top(300).profile(now, "new & <improved>");
    plain = ProfileHtml.render(current, Optional.empty(), Optional.empty());
    compared =
        ProfileHtml.render(current, Optional.of(base), Optional.of(Drift.compare(base, current)));
  }

  static int count(String html, String regex) {
    Matcher m = Pattern.compile(regex).matcher(html);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  @Test
  void everyFieldHasASectionAndEveryDistributionOrCategoryAChart() {
    assertThat(count(plain, "<section id=\"f\\d+\">")).isEqualTo(current.fields().size());
    long histograms =
        current.fields().stream()
            .filter(f -> f.numeric().map(n -> !n.histogram().isEmpty()).orElse(false))
            .count();
    long barCharts =
        current.fields().stream()
            .filter(f -> f.numeric().isEmpty() && !f.topValues().isEmpty())
            .count();
    assertThat(count(plain, "<svg class=\"chart histogram\"")).isEqualTo(histograms).isEqualTo(7);
    assertThat(count(plain, "<svg class=\"chart topvalues\"")).isEqualTo(barCharts).isEqualTo(4);
    assertThat(plain)
        .contains("<table class=\"sortable numeric\">", "<table class=\"sortable categorical\">");
    assertThat(plain).doesNotContain("Drift (KS)", "class=\"baseline\"");
  }

  @Test
  void aComparisonAddsDriftColumnsAndOverlaysTheBaseline() {
    assertThat(compared).contains("<th>Drift (KS)</th>", "<th>Drift (L&infin;)</th>");
    assertThat(count(compared, "<path class=\"baseline\"")).isEqualTo(7);
    assertThat(count(compared, "<rect class=\"baseline\"")).isPositive();
    assertThat(compared).contains("tr class=\"drifted\"");
  }

  @Test
  void eachFieldsDriftScoreIsTheNumberTheConsoleAndJsonPrint() {
    DriftReport drift = Drift.compare(base, current);
    var withKs = drift.fields().stream().filter(f -> f.ks().isPresent()).toList();
    assertThat(withKs).isNotEmpty();
    assertThat(withKs).anyMatch(f -> f.ks().get().sketchError() > 0);
    for (FieldDrift f : withKs) {
      assertThat(compared)
          .as(f.path())
          .contains("<dt>Drift (KS)</dt><dd>" + Wording.number(f.score()) + ", p = ");
    }
  }

  @Test
  void userDataIsEscaped() {
    assertThat(plain).doesNotContain("<script>alert(1)</script>");
    assertThat(plain).contains("&lt;script&gt;alert(1)&lt;/script&gt;");
    assertThat(plain).contains("Profile of new &amp; &lt;improved&gt;");
    assertThat(count(plain, "<script>")).isEqualTo(1);
  }

  @Test
  void aLongTopValueIsCutInItsLabelAndWholeInItsTooltip() {
    // 25 characters: the label keeps 19 and an ellipsis, so it fits left of the bars.
    assertThat(plain).contains(">&lt;script&gt;alert(1)&lt;/s…</text>");
    assertThat(plain).contains("<title>&lt;script&gt;alert(1)&lt;/script&gt;: 1 (");
  }

  @Test
  void thePageFetchesNothing() {
    for (String html : new String[] {plain, compared}) {
      assertThat(html).doesNotContain("src=", "<link", "@import", "url(");
      assertThat(html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "")).doesNotContain("http");
    }
  }

  @Test
  void datesAreShownAsDates() {
    assertThat(plain).containsPattern("<dt>min</dt><dd>2024-01-0\\d</dd>");
  }
}
