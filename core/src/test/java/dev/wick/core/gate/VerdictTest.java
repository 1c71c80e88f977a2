package dev.wick.core.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.report.ReportPage;
import dev.wick.core.report.VerdictFormats;
import java.io.StringReader;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/** One verdict, rendered for people and for CI: outcome, headline, order, escaping. */
class VerdictTest {
  static final Judgement HELD =
      Judgement.passed(
          Violation.Kind.THRESHOLD, "keys", "diff fraction", "0.002", "0.01", "1 of 500 differ.");
  static final Violation BROKEN =
      new Violation(
          Violation.Kind.THRESHOLD,
          "a|b <c>",
          "rows",
          "7",
          "0",
          "Field 'a|b <c>' breaks & fails\nhere \u0001.");
  static final List<Verdict.Figure> FIGURES = List.of(Verdict.Figure.count("keys", 12_345));

  @Test
  void aGateOfNoViolationPassesAndCountsItsRules() {
    Verdict v =
        Verdict.of("diff", "x → y", new GateResult(List.of(), List.of(HELD)), "rule", FIGURES);
    assertThat(v.outcome()).isEqualTo(Verdict.Outcome.PASSED);
    assertThat(v.headline()).isEqualTo("The one rule judged held.");
    assertThat(v.figures()).extracting(Verdict.Figure::value).containsExactly("12,345");
  }

  @Test
  void failuresComeFirstAndCountInTheHeadline() {
    Judgement warned = Judgement.warned("range(x)", "range", "[1, 9]", "<= 5", "x runs to 9.");
    GateResult gate = new GateResult(List.of(BROKEN), List.of(HELD, warned));
    Verdict v = Verdict.of("check", "in", gate, "check", FIGURES);
    assertThat(v.outcome()).isEqualTo(Verdict.Outcome.FAILED);
    assertThat(v.headline()).isEqualTo("1 of 3 checks failed; 1 only warned.");
    assertThat(v.judgements())
        .extracting(Judgement::status)
        .containsExactly(Judgement.Status.FAILED, Judgement.Status.WARNED, Judgement.Status.PASSED);
  }

  @Test
  void anEmptyInputIsNotJudgedAndSaysWhy() {
    GateResult gate =
        new GateResult(List.of(Violation.emptyInput("lhs", "The lhs has no rows.")), List.of());
    Verdict v = Verdict.of("diff", "x", gate, "rule", FIGURES);
    assertThat(v.outcome()).isEqualTo(Verdict.Outcome.NOT_JUDGED);
    assertThat(v.headline()).isEqualTo("The lhs has no rows.");
    String xml = VerdictFormats.junitXml(v);
    assertThat(xml).contains("errors=\"1\"", "<error message=\"The lhs has no rows.\"");
  }

  @Test
  void aFailedRuleIsNeverARuleThatHeld() {
    assertThatThrownBy(() -> new GateResult(List.of(), List.of(Judgement.of(BROKEN))))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(HELD::toViolation).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void theJUnitXmlParsesAndKeepsEveryTextWhole() throws Exception {
    GateResult gate = new GateResult(List.of(BROKEN), List.of(HELD));
    String xml = VerdictFormats.junitXml(Verdict.of("check", "in <&>", gate, "check", FIGURES));
    Document doc =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new InputSource(new StringReader(xml)));
    Element suite = (Element) doc.getElementsByTagName("testsuite").item(0);
    assertThat(suite.getAttribute("name")).isEqualTo("wick.check");
    assertThat(suite.getAttribute("tests")).isEqualTo("2");
    assertThat(suite.getAttribute("failures")).isEqualTo("1");
    NodeList cases = doc.getElementsByTagName("testcase");
    assertThat(((Element) cases.item(0)).getAttribute("name")).isEqualTo("a|b <c>: rows");
    Element failure = (Element) doc.getElementsByTagName("failure").item(0);
    // The control character is dropped (XML 1.0 cannot hold it); the rest survives escaping.
    assertThat(failure.getAttribute("message")).isEqualTo("Field 'a|b <c>' breaks & fails\nhere .");
    assertThat(failure.getTextContent()).startsWith("measured 7, limit 0: Field 'a|b <c>'");
  }

  @Test
  void theMarkdownKeepsEachRuleOnOneTableRow() {
    GateResult gate = new GateResult(List.of(BROKEN), List.of(HELD));
    String md =
        VerdictFormats.markdown(
            Verdict.of("check", "in", gate, "check", FIGURES), Optional.of("checks.html"));
    assertThat(md).startsWith("## ❌ wick check: FAILED\n");
    String row = md.lines().filter(l -> l.startsWith("| ❌")).findFirst().orElseThrow();
    assertThat(row)
        .isEqualTo(
            "| ❌ | `a\\|b <c>: rows` | 7 | 0 | Field 'a\\|b &lt;c&gt;' breaks & fails here . |");
    assertThat(md)
        .contains("<details><summary>1 rule held</summary>")
        .endsWith("Full report: checks.html.\n");
  }

  @Test
  void theBannerEscapesAndSaysTheWord() {
    GateResult gate = new GateResult(List.of(BROKEN), List.of(HELD));
    String html = ReportPage.banner(Verdict.of("check", "in", gate, "check", FIGURES));
    assertThat(html)
        .startsWith("<div class=\"verdict failed\" id=\"verdict\"><div class=\"word\">FAILED</div>")
        .contains("a|b &lt;c&gt;")
        .doesNotContain("<c>");
    assertThat(html.indexOf("class=\"fail\"")).isLessThan(html.indexOf("class=\"pass\""));
    String none =
        ReportPage.banner(Verdict.notJudged("diff", "x", "No threshold was set.", FIGURES));
    assertThat(none).contains("verdict not-judged", ">NOT JUDGED<", "No threshold was set.");
  }
}
