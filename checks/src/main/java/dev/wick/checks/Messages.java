package dev.wick.checks;

import dev.wick.core.report.Wording;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/** The results' wording shared by check kinds. */
final class Messages {
  private Messages() {}

  /** A result; its message only when it failed. */
  static CheckResult result(
      Check check, boolean ok, Object measured, String bound, OptionalLong failing, String msg) {
    return new CheckResult(check, ok, measured, bound, failing, List.of(), ok ? "" : msg);
  }

  static OptionalDouble d(OptionalLong v) {
    return v.isPresent() ? OptionalDouble.of(v.getAsLong()) : OptionalDouble.empty();
  }

  /** {@code between 1 and 2}, {@code at least 1}, {@code at most 2}. */
  static String bounds(OptionalDouble min, OptionalDouble max) {
    if (min.isPresent() && max.isPresent()) {
      return "between "
          + Numbers.text(min.getAsDouble())
          + " and "
          + Numbers.text(max.getAsDouble());
    }
    return min.isPresent()
        ? "at least " + Numbers.text(min.getAsDouble())
        : "at most " + Numbers.text(max.getAsDouble());
  }

  /** {@code none may}, {@code at most 1% may}. */
  static String allowance(double minFraction) {
    return minFraction >= 1.0 ? "none may" : "at most " + Wording.percent(1 - minFraction) + " may";
  }
}
