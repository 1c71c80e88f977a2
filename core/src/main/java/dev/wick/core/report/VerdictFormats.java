package dev.wick.core.report;

import dev.wick.core.gate.Judgement;
import dev.wick.core.gate.Verdict;
import java.util.List;
import java.util.Optional;

/**
 * A {@link Verdict} in the formats CI systems read: GitHub-flavoured Markdown (for {@code
 * $GITHUB_STEP_SUMMARY} or a pull-request comment) and JUnit XML (one test case per rule judged, so
 * Jenkins, GitLab and GitHub list Wick's rules beside a build's own tests).
 */
public final class VerdictFormats {
  private VerdictFormats() {}

  /** How many passed rules the Markdown lists; failed and warned ones are always all listed. */
  public static final int MARKDOWN_PASSED = 20;

  /**
   * The verdict as Markdown: a heading with the outcome, the headline, the failed and warned rules,
   * the key numbers, then the rules that held, and where the full report is when there is one.
   */
  public static String markdown(Verdict v, Optional<String> report) {
    StringBuilder m = new StringBuilder(2048);
    String mark =
        switch (v.outcome()) {
          case PASSED -> "✅";
          case FAILED -> "❌";
          case NOT_JUDGED -> "⚪";
        };
    m.append("## ")
        .append(mark)
        .append(" wick ")
        .append(v.command())
        .append(": ")
        .append(v.outcome().word())
        .append("\n\n");
    m.append(cell(v.subject())).append("\n\n");
    m.append("**").append(cell(v.headline())).append("**\n\n");
    List<Judgement> broken =
        v.judgements().stream().filter(j -> j.status() != Judgement.Status.PASSED).toList();
    if (!broken.isEmpty()) {
      rules(m, broken, broken.size());
    }
    if (!v.figures().isEmpty()) {
      m.append("| | |\n|---|--:|\n");
      v.figures()
          .forEach(
              f ->
                  m.append("| ")
                      .append(cell(f.label()))
                      .append(" | ")
                      .append(cell(f.value()))
                      .append(" |\n"));
      m.append('\n');
    }
    List<Judgement> passed = v.judgements(Judgement.Status.PASSED);
    if (!passed.isEmpty()) {
      m.append("<details><summary>")
          .append(Wording.count(passed.size(), "rule"))
          .append(" held</summary>\n\n");
      rules(m, passed, MARKDOWN_PASSED);
      m.append("</details>\n\n");
    }
    report.ifPresent(r -> m.append("Full report: ").append(cell(r)).append(".\n"));
    return m.toString();
  }

  /** {@link #markdown} for a summary written in the same folder as its report, {@code report}. */
  public static String markdownBeside(Verdict v, String report) {
    return markdown(v, Optional.of(report + ", beside this file"));
  }

  private static void rules(StringBuilder m, List<Judgement> rules, int most) {
    m.append("| | rule | measured | limit | what was found |\n|---|---|--:|--:|---|\n");
    for (Judgement j : rules.subList(0, Math.min(most, rules.size()))) {
      String mark =
          switch (j.status()) {
            case PASSED -> "✅";
            case WARNED -> "⚠️";
            case FAILED -> j.isInputError() ? "⚪" : "❌";
          };
      m.append("| ")
          .append(mark)
          .append(" | `")
          .append(j.name().replace("`", "'").replace("|", "\\|"))
          .append("` | ")
          .append(cell(j.measured()))
          .append(" | ")
          .append(cell(j.limit()))
          .append(" | ")
          .append(cell(j.message()))
          .append(" |\n");
    }
    if (rules.size() > most) {
      m.append("\n…and ").append(Wording.count(rules.size() - most)).append(" more.\n");
    }
    m.append('\n');
  }

  /** Text safe inside a Markdown table cell: no line breaks, pipes escaped, no raw HTML. */
  private static String cell(String text) {
    return clean(text)
        .replace("\r", " ")
        .replace("\n", " ")
        .replace("\t", " ")
        .replace("|", "\\|")
        .replace("<", "&lt;")
        .replace(">", "&gt;");
  }

  /**
   * The verdict as a JUnit XML report: one suite named {@code wick.<command>}, one test case per
   * rule judged. A broken rule is a {@code failure}; an input with no rows is an {@code error} (the
   * rule could not be judged); a rule that only warned passes with the warning as its output. A run
   * with no rule judged is one skipped case that says why.
   */
  public static String junitXml(Verdict v) {
    List<Judgement> rules = v.judgements();
    long failures =
        rules.stream()
            .filter(j -> j.status() == Judgement.Status.FAILED && !j.isInputError())
            .count();
    long errors = rules.stream().filter(Judgement::isInputError).count();
    boolean none = rules.isEmpty();
    int tests = none ? 1 : rules.size();
    // Named as a test class is: CI tools show package "wick", class "<command>".
    String suite = "wick." + v.command();
    String counts =
        " tests=\""
            + tests
            + "\" failures=\""
            + failures
            + "\" errors=\""
            + errors
            + "\" skipped=\""
            + (none ? 1 : 0)
            + "\"";
    StringBuilder x = new StringBuilder(2048);
    x.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"wick\"")
        .append(counts)
        .append(">\n  <testsuite name=\"")
        .append(attr(suite))
        .append("\"")
        .append(counts)
        .append(" time=\"0\">\n    <properties>\n      <property name=\"subject\" value=\"")
        .append(attr(v.subject()))
        .append("\"/>\n      <property name=\"verdict\" value=\"")
        .append(v.outcome().word())
        .append("\"/>\n");
    v.figures()
        .forEach(
            f ->
                x.append("      <property name=\"")
                    .append(attr(f.label()))
                    .append("\" value=\"")
                    .append(attr(f.value()))
                    .append("\"/>\n"));
    x.append("    </properties>\n");
    String className = suite;
    if (none) {
      x.append("    <testcase classname=\"")
          .append(className)
          .append("\" name=\"verdict\" time=\"0\">\n      <skipped message=\"")
          .append(attr(v.headline()))
          .append("\"/>\n    </testcase>\n");
    }
    for (Judgement j : rules) {
      x.append("    <testcase classname=\"")
          .append(attr(className))
          .append("\" name=\"")
          .append(attr(j.name()))
          .append("\" time=\"0\"");
      String detail = "measured " + j.measured() + ", limit " + j.limit() + ": " + j.message();
      switch (j.status()) {
        case PASSED -> x.append("/>\n");
        case WARNED ->
            x.append(">\n      <system-out>")
                .append(text("warning: " + detail))
                .append("</system-out>\n    </testcase>\n");
        case FAILED -> {
          String element = j.isInputError() ? "error" : "failure";
          x.append(">\n      <")
              .append(element)
              .append(" message=\"")
              .append(attr(j.message()))
              .append("\" type=\"")
              .append(j.kind().name().toLowerCase(java.util.Locale.ROOT))
              .append("\">")
              .append(text(detail))
              .append("</")
              .append(element)
              .append(">\n    </testcase>\n");
        }
      }
    }
    x.append("  </testsuite>\n</testsuites>\n");
    return x.toString();
  }

  /** Text for an XML attribute: the markup characters escaped, control characters dropped. */
  private static String attr(String s) {
    return Html.escape(clean(s)).replace("\n", "&#10;");
  }

  private static String text(String s) {
    return clean(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  /** XML 1.0 has no place for most control characters: they are dropped. */
  private static String clean(String s) {
    StringBuilder out = new StringBuilder(s.length());
    s.codePoints()
        .filter(c -> c == '\t' || c == '\n' || c == '\r' || c >= 0x20)
        .filter(c -> c != 0xFFFE && c != 0xFFFF)
        .forEach(out::appendCodePoint);
    return out.toString();
  }
}
