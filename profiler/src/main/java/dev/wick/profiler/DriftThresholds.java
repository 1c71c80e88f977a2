package dev.wick.profiler;

import dev.wick.core.WickException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The drift a field may show before a comparison fails ({@code wick ... --max-drift}). Any
 * combination of:
 *
 * <ul>
 *   <li>{@code score}: the largest allowed {@link FieldDrift#score()} (KS statistic or L-infinity,
 *       0 to 1);
 *   <li>{@code nulls}: the largest allowed change in null rate, up or down (0 to 1);
 *   <li>{@code distinct}: the largest allowed relative change in the distinct count, up or down
 *       (0.5 allows -50% to +50%).
 * </ul>
 *
 * <p>Written {@code 0.1} (a score alone) or {@code score=0.1,nulls=0.05,distinct=0.5}.
 */
public record DriftThresholds(
    Optional<Double> score, Optional<Double> nulls, Optional<Double> distinct) {

  public DriftThresholds {
    check("score", score);
    check("nulls", nulls);
    check("distinct", distinct);
  }

  private static void check(String name, Optional<Double> v) {
    if (v.isPresent() && (v.get().isNaN() || v.get() < 0)) {
      throw new IllegalArgumentException(name + " threshold must be >= 0, got " + v.get());
    }
  }

  /** No thresholds: nothing fails. */
  public static DriftThresholds none() {
    return new DriftThresholds(Optional.empty(), Optional.empty(), Optional.empty());
  }

  /** A threshold on the score alone. */
  public static DriftThresholds score(double max) {
    return new DriftThresholds(Optional.of(max), Optional.empty(), Optional.empty());
  }

  /** Parses the {@code --max-drift} text; a usage error (exit 2) explains a malformed one. */
  public static DriftThresholds parse(String text) {
    Optional<Double> score = Optional.empty();
    Optional<Double> nulls = Optional.empty();
    Optional<Double> distinct = Optional.empty();
    String trimmed = text == null ? "" : text.trim();
    if (trimmed.isEmpty()) {
      throw malformed(text, "it is empty");
    }
    for (String part : trimmed.split(",")) {
      String p = part.trim();
      int eq = p.indexOf('=');
      String key = eq < 0 ? "score" : p.substring(0, eq).trim().toLowerCase(Locale.ROOT);
      double value = number(eq < 0 ? p : p.substring(eq + 1).trim(), text);
      switch (key) {
        case "score" -> score = Optional.of(value);
        case "nulls" -> nulls = Optional.of(value);
        case "distinct" -> distinct = Optional.of(value);
        default -> throw malformed(text, "'" + key + "' is not one of score, nulls, distinct");
      }
    }
    return new DriftThresholds(score, nulls, distinct);
  }

  private static double number(String s, String text) {
    try {
      double v = Double.parseDouble(s);
      if (v < 0 || Double.isNaN(v)) {
        throw malformed(text, "'" + s + "' is negative");
      }
      return v;
    } catch (NumberFormatException e) {
      throw malformed(text, "'" + s + "' is not a number");
    }
  }

  private static WickException malformed(String text, String why) {
    return WickException.usage(
        "--max-drift '"
            + text
            + "' is malformed: "
            + why
            + "; write a score such as 0.1, or score=0.1,nulls=0.05,distinct=0.5.");
  }

  /** True when no threshold is set. */
  public boolean isEmpty() {
    return score.isEmpty() && nulls.isEmpty() && distinct.isEmpty();
  }

  /** The thresholds {@code drift} exceeds. */
  public List<Violation> check(FieldDrift drift) {
    List<Violation> out = new ArrayList<>();
    if (score.isPresent() && drift.score() > score.get()) {
      out.add(new Violation(drift.path(), "score", drift.score(), score.get()));
    }
    if (nulls.isPresent() && Math.abs(drift.nullRateChange()) > nulls.get()) {
      out.add(new Violation(drift.path(), "nulls", drift.nullRateChange(), nulls.get()));
    }
    if (distinct.isPresent()
        && drift.distinctChange().isPresent()
        && Math.abs(drift.distinctChange().get()) > distinct.get()) {
      out.add(
          new Violation(drift.path(), "distinct", drift.distinctChange().get(), distinct.get()));
    }
    return out;
  }

  /** One exceeded threshold: field {@code path}'s {@code measure} was {@code value}. */
  public record Violation(String path, String measure, double value, double limit) {
    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%s: %s %.4f exceeds %.4f", path, measure, value, limit);
    }
  }
}
