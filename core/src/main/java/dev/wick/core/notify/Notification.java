package dev.wick.core.notify;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.gate.Judgement;
import dev.wick.core.gate.Verdict;
import dev.wick.core.json.Json;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A verdict as the JSON message a webhook receives: a Slack-compatible {@code text} for people and
 * the verdict's fields for programs. Slack's incoming webhooks, and the many chat and alerting
 * tools that read the same body, show {@code text}; anything else can read {@code wick}:
 *
 * <pre>{@code
 * {
 *   "text": "*wick check: FAILED*\ndata/plays\n1 of 3 checks failed.\n• rowCount: ...\nReport: /runs/7/checks.html",
 *   "wick": {
 *     "command": "check",
 *     "subject": "data/plays",
 *     "outcome": "FAILED",
 *     "headline": "1 of 3 checks failed.",
 *     "failures": [
 *       {"subject": "rowCount", "measure": "rows", "measured": "500", "limit": ">= 1,000,000",
 *        "message": "..."}
 *     ],
 *     "failureCount": 1,
 *     "figures": [{"label": "rows", "value": "500"}],
 *     "report": "/runs/7/checks.html"
 *   }
 * }
 * }</pre>
 *
 * <p>{@code outcome} is {@code PASSED}, {@code FAILED} or {@code NOT_JUDGED}; {@code failures}
 * holds the failed rules, at most {@link #MOST_FAILURES} of them, and {@code failureCount} how many
 * there are in all; {@code report} is where the run's report was written, or {@code null} when it
 * wrote none. The text lists the failed rules, then those that only warned, at most {@link
 * #TEXT_RULES} of them and then how many more, with {@code &}, {@code <} and {@code >} escaped as
 * Slack asks.
 *
 * @param text the message for people, in Slack's markup
 * @param json the whole body, {@code text} included
 */
public record Notification(String text, String json) {

  /** How many broken rules the text lists; the report has them all. */
  public static final int TEXT_RULES = 10;

  /** How many failed rules {@code wick.failures} holds. */
  public static final int MOST_FAILURES = 100;

  public Notification {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(json, "json");
  }

  /**
   * The message for {@code verdict}, whose report was written to {@code report} (empty when the run
   * wrote none).
   */
  public static Notification of(Verdict verdict, Optional<String> report) {
    String text = text(verdict, report);
    ObjectNode body = Json.object();
    body.put("text", text);
    ObjectNode wick = body.putObject("wick");
    wick.put("command", verdict.command());
    wick.put("subject", verdict.subject());
    wick.put("outcome", verdict.outcome().name());
    wick.put("headline", verdict.headline());
    List<Judgement> failed = verdict.judgements(Judgement.Status.FAILED);
    ArrayNode failures = wick.putArray("failures");
    for (Judgement j : failed.subList(0, Math.min(MOST_FAILURES, failed.size()))) {
      failures
          .addObject()
          .put("subject", j.subject())
          .put("measure", j.measure())
          .put("measured", j.measured())
          .put("limit", j.limit())
          .put("message", j.message());
    }
    wick.put("failureCount", failed.size());
    ArrayNode figures = wick.putArray("figures");
    verdict
        .figures()
        .forEach(f -> figures.addObject().put("label", f.label()).put("value", f.value()));
    wick.put("report", report.orElse(null));
    return new Notification(text, Json.write(body));
  }

  private static String text(Verdict verdict, Optional<String> report) {
    StringBuilder t = new StringBuilder(1024);
    t.append("*wick ")
        .append(escape(verdict.command()))
        .append(": ")
        .append(verdict.outcome().word())
        .append("*\n");
    t.append(escape(verdict.subject())).append('\n');
    t.append(escape(verdict.headline())).append('\n');
    List<Judgement> broken =
        verdict.judgements().stream().filter(j -> j.status() != Judgement.Status.PASSED).toList();
    for (Judgement j : broken.subList(0, Math.min(TEXT_RULES, broken.size()))) {
      t.append("• ")
          .append(j.status() == Judgement.Status.WARNED ? "(warning) " : "")
          .append(
              escape(
                  j.message().startsWith(j.name()) ? j.message() : j.name() + ": " + j.message()))
          .append('\n');
    }
    if (broken.size() > TEXT_RULES) {
      t.append("… and ").append(broken.size() - TEXT_RULES).append(" more.\n");
    }
    report.ifPresent(r -> t.append("Report: ").append(escape(r)).append('\n'));
    return t.toString().stripTrailing();
  }

  /** {@code s} with the three characters Slack's markup reserves escaped. */
  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
