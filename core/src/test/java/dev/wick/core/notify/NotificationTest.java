package dev.wick.core.notify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Judgement;
import dev.wick.core.gate.Verdict;
import dev.wick.core.gate.Violation;
import dev.wick.core.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The message a webhook receives: Slack's text for people, the verdict's fields for programs. */
class NotificationTest {
  static final Judgement HELD =
      Judgement.passed(
          Violation.Kind.THRESHOLD, "keys", "diff fraction", "0.002", "0.01", "1 of 500 differ.");
  static final List<Verdict.Figure> FIGURES = List.of(Verdict.Figure.count("rows", 12_345));

  static Violation broken(String subject) {
    return new Violation(
        Violation.Kind.THRESHOLD, subject, "rows", "7", "0", subject + " has 7 bad rows.");
  }

  @Test
  void aFailedVerdictSaysWhatFailedFirstAndWhereTheReportIs() {
    Judgement warned = Judgement.warned("range(x)", "range", "[1, 9]", "<= 5", "x runs to 9.");
    Verdict v =
        Verdict.of(
            "check",
            "data/plays",
            new GateResult(List.of(broken("unique(id)")), List.of(HELD, warned)),
            "check",
            FIGURES);
    Notification n = Notification.of(v, Optional.of("/runs/7/checks.html"));

    assertThat(n.text())
        .isEqualTo(
            "*wick check: FAILED*\n"
                + "data/plays\n"
                + "1 of 3 checks failed; 1 only warned.\n"
                + "• unique(id): rows: unique(id) has 7 bad rows.\n"
                + "• (warning) range(x): x runs to 9.\n"
                + "Report: /runs/7/checks.html");
    JsonNode body = Json.read(n.json(), "the notification");
    assertThat(body.get("text").asText()).isEqualTo(n.text());
    JsonNode wick = body.get("wick");
    assertThat(wick.get("command").asText()).isEqualTo("check");
    assertThat(wick.get("subject").asText()).isEqualTo("data/plays");
    assertThat(wick.get("outcome").asText()).isEqualTo("FAILED");
    assertThat(wick.get("headline").asText()).isEqualTo("1 of 3 checks failed; 1 only warned.");
    assertThat(wick.get("failureCount").asInt()).isEqualTo(1);
    JsonNode failure = wick.get("failures").get(0);
    assertThat(failure.get("subject").asText()).isEqualTo("unique(id)");
    assertThat(failure.get("measure").asText()).isEqualTo("rows");
    assertThat(failure.get("measured").asText()).isEqualTo("7");
    assertThat(failure.get("limit").asText()).isEqualTo("0");
    assertThat(failure.get("message").asText()).isEqualTo("unique(id) has 7 bad rows.");
    assertThat(wick.get("figures").get(0).get("label").asText()).isEqualTo("rows");
    assertThat(wick.get("figures").get(0).get("value").asText()).isEqualTo("12,345");
    assertThat(wick.get("report").asText()).isEqualTo("/runs/7/checks.html");
  }

  @Test
  void theTextListsTenBrokenRulesThenHowManyMoreWhileTheFieldsHoldEveryFailure() {
    List<Violation> many = new ArrayList<>();
    IntStream.range(0, 13).forEach(i -> many.add(broken("f" + i)));
    Verdict v = Verdict.of("diff", "a vs b", new GateResult(many, List.of()), "rule", FIGURES);
    Notification n = Notification.of(v, Optional.empty());

    assertThat(n.text().lines().filter(l -> l.startsWith("• "))).hasSize(10);
    assertThat(n.text()).endsWith("… and 3 more.").doesNotContain("Report:");
    JsonNode wick = Json.read(n.json(), "the notification").get("wick");
    assertThat(wick.get("failures")).hasSize(13);
    assertThat(wick.get("failureCount").asInt()).isEqualTo(13);
    assertThat(wick.get("report").isNull()).isTrue();
  }

  @Test
  void aPassedOrUnjudgedVerdictListsNoRules() {
    Verdict passed =
        Verdict.of("diff", "a vs b", new GateResult(List.of(), List.of(HELD)), "rule", FIGURES);
    Notification p = Notification.of(passed, Optional.of("out/report.html"));
    assertThat(p.text())
        .isEqualTo(
            "*wick diff: PASSED*\na vs b\nThe one rule judged held.\nReport: out/report.html");
    assertThat(Json.read(p.json(), "it").get("wick").get("failures")).isEmpty();

    Verdict unjudged = Verdict.notJudged("drift", "old → new", "No threshold was set.", FIGURES);
    JsonNode wick = Json.read(Notification.of(unjudged, Optional.empty()).json(), "it").get("wick");
    assertThat(wick.get("outcome").asText()).isEqualTo("NOT_JUDGED");
    assertThat(Notification.of(unjudged, Optional.empty()).text())
        .startsWith("*wick drift: NOT JUDGED*");
  }

  @Test
  void slacksReservedCharactersAreEscapedInTheTextButNotInTheFields() {
    Verdict v =
        Verdict.of(
            "check",
            "<a> & b",
            new GateResult(List.of(broken("x > 1")), List.of()),
            "check",
            FIGURES);
    Notification n = Notification.of(v, Optional.empty());
    assertThat(n.text()).contains("&lt;a&gt; &amp; b").contains("x &gt; 1").doesNotContain("<a>");
    JsonNode wick = Json.read(n.json(), "it").get("wick");
    assertThat(wick.get("subject").asText()).isEqualTo("<a> & b");
  }
}
