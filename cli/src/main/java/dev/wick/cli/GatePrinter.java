package dev.wick.cli;

import dev.wick.core.ExitCode;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Judgement;
import dev.wick.core.gate.Verdict;
import dev.wick.core.gate.Violation;
import java.io.PrintWriter;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Prints a gate's violations on stderr, one sentence each with the flag that governs it, and maps
 * the result to an exit code: 0 when it passes, 2 when an input is unusable (no rows: then only
 * that is printed, as an error), else 1. Violations print in the library's order, at most {@link
 * #SHOWN} of each kind.
 */
final class GatePrinter {
  /** How many violations of one kind stderr lists; the reports have them all. */
  static final int SHOWN = 10;

  private GatePrinter() {}

  /**
   * @param command the command's name ({@code diff}, {@code drift}, {@code validate})
   * @param thresholdFlag how the threshold was given ({@code --fail-on-diff}, {@code --max-drift
   *     0.2})
   * @param schemaHint how to accept a schema change, empty when the command has none
   */
  static int report(
      GateResult result, PrintWriter err, String command, String thresholdFlag, String schemaHint) {
    return report(result, err, command, v -> thresholdFlag, schemaHint);
  }

  /**
   * {@link #report(GateResult, PrintWriter, String, String, String)} for a command whose thresholds
   * are given in several places: {@code thresholdFlag} says where each violated one was set.
   */
  static int report(
      GateResult result,
      PrintWriter err,
      String command,
      Function<Violation, String> thresholdFlag,
      String schemaHint) {
    if (result.passes()) {
      return ExitCode.OK.code();
    }
    Map<Violation.Kind, String> hints =
        Map.of(
            Violation.Kind.SCHEMA_CHANGE,
            "(" + schemaHint + ")",
            Violation.Kind.EMPTY_INPUT,
            "(check the path, or pass --allow-empty to accept it)");
    // An unusable input makes every other measure meaningless: report it alone, as an error.
    String prefix = result.hasInputError() ? "error: " : command + " check failed: ";
    Map<Violation.Kind, Integer> printed = new EnumMap<>(Violation.Kind.class);
    for (Violation v : result.violations()) {
      if (result.hasInputError() && !v.kind().isInputError()) {
        continue;
      }
      int n = printed.merge(v.kind(), 1, Integer::sum);
      if (n <= SHOWN) {
        String hint =
            v.kind() == Violation.Kind.THRESHOLD
                ? "(" + thresholdFlag.apply(v) + ")"
                : hints.get(v.kind());
        err.println(prefix + sentence(v.message(), hint));
      }
    }
    for (Map.Entry<Violation.Kind, Integer> e : printed.entrySet()) {
      if (e.getValue() > SHOWN) {
        err.println(prefix + "... and " + (e.getValue() - SHOWN) + " more like these.");
      }
    }
    err.flush();
    return result.hasInputError() ? ExitCode.USAGE.code() : ExitCode.CHECK_FAILED.code();
  }

  /**
   * The one line a judged run prints on {@code out} when its gate passes: that it passed, and
   * against what ({@code thresholdFlag}); nothing for a run that failed or was not judged, whose
   * reasons {@link #report} prints.
   */
  static void passed(Verdict verdict, PrintWriter out, String thresholdFlag) {
    if (verdict.outcome() != Verdict.Outcome.PASSED) {
      return;
    }
    List<Judgement> thresholds =
        verdict.judgements().stream()
            .filter(j -> j.kind() == Violation.Kind.THRESHOLD && j.limit().length() > 0)
            .filter(j -> !j.limit().equals("-"))
            .toList();
    String hint = thresholdFlag.isEmpty() ? "" : "(" + thresholdFlag + ")";
    String why = thresholds.size() == 1 ? thresholds.get(0).message() : verdict.headline();
    out.println(
        verdict.command() + " gate passed: " + (hint.isEmpty() ? why : sentence(why, hint)));
    out.flush();
  }

  /** {@code message} (a sentence ending in a period) with {@code hint} before the period. */
  private static String sentence(String message, String hint) {
    String body = message.endsWith(".") ? message.substring(0, message.length() - 1) : message;
    return body + " " + hint + ".";
  }
}
