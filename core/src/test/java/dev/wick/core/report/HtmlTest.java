package dev.wick.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HtmlTest {
  @Test
  void escapesEveryCharacterThatCouldEndAnElementOrAnAttribute() {
    assertThat(Html.escape("<b title=\"x\" alt='y'>Tom & Jerry</b>"))
        .isEqualTo("&lt;b title=&quot;x&quot; alt=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/b&gt;");
  }

  @Test
  void leavesOtherTextAloneIncludingUnicode() {
    assertThat(Html.escape("Malmö 🎵 plays")).isEqualTo("Malmö 🎵 plays");
    assertThat(Html.escape("")).isEmpty();
  }
}
