package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The examples of a failed row-level check mark the value the check judged, escaped. */
class ChecksHtmlTest {
  @Test
  void theJudgedValueIsMarkedAndEverythingEscaped() {
    String row = "{\"id\":1,\"ms\":-935,\"note\":\"a, \\\"b\\\" <c>\",\"country\":\"XX\"}";
    assertThat(ChecksHtml.marked(row, Optional.of("ms")))
        .isEqualTo(
            "{&quot;id&quot;:1,&quot;ms&quot;:<mark>-935</mark>,&quot;note&quot;:&quot;a,"
                + " \\&quot;b\\&quot; &lt;c&gt;&quot;,&quot;country&quot;:&quot;XX&quot;}");
    assertThat(ChecksHtml.marked(row, Optional.of("note")))
        .contains("<mark>&quot;a, \\&quot;b\\&quot; &lt;c&gt;&quot;</mark>,&quot;country");
    assertThat(ChecksHtml.marked(row, Optional.of("country")))
        .endsWith("<mark>&quot;XX&quot;</mark>}");
    // A nested path or a field the row lacks marks nothing.
    assertThat(ChecksHtml.marked(row, Optional.of("user.ms"))).doesNotContain("<mark>");
    assertThat(ChecksHtml.marked(row, Optional.of("absent"))).doesNotContain("<mark>");
    assertThat(ChecksHtml.marked(row, Optional.empty())).doesNotContain("<mark>");
  }

  @Test
  void rowLevelChecksNameTheirField() {
    assertThat(
            ChecksHtml.judgedField(
                Check.range("ms", OptionalDouble.of(0), OptionalDouble.empty()).rule()))
        .contains("ms");
    assertThat(ChecksHtml.judgedField(Check.completeness("country", 0.9).rule()))
        .contains("country");
    assertThat(
            ChecksHtml.judgedField(
                Check.mean("ms", OptionalDouble.of(1), OptionalDouble.empty()).rule()))
        .isEmpty();
  }
}
