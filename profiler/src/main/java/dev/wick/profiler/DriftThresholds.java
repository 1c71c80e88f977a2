package dev.wick.profiler;

import dev.wick.core.WickException;
import dev.wick.core.gate.Judgement;
import dev.wick.core.gate.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The drift a field may show before a comparison fails. Any combination of:
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
 *
 * <p>Whatever the limits, the gate ({@link DriftReport#gate(DriftThresholds)}) also fails on a
 * schema change unless {@code allowSchemaChange}, and reports a profile of no rows as an input
 * error unless {@code allowEmpty}.
 *
 * @param score the largest allowed score
 * @param nulls the largest allowed change in null rate
 * @param distinct the largest allowed relative change in the distinct count
 * @param allowSchemaChange whether fields in one profile only, or of a changed type, pass
 * @param allowEmpty whether a profile of no rows passes
 */
public record DriftThresholds(
    Optional<Double> score,
    Optional<Double> nulls,
    Optional<Double> distinct,
    boolean allowSchemaChange,
    boolean allowEmpty) {

  public DriftThresholds {
    check("score", score);
    check("nulls", nulls);
    check("distinct", distinct);
  }

  /** Limits on the measures, with schema changes and empty profiles failing. */
  public DriftThresholds(
      Optional<Double> score, Optional<Double> nulls, Optional<Double> distinct) {
    this(score, nulls, distinct, false, false);
  }

  /** These thresholds, accepting schema changes. */
  public DriftThresholds allowingSchemaChange() {
    return new DriftThresholds(score, nulls, distinct, true, allowEmpty);
  }

  /** These thresholds, accepting profiles of no rows. */
  public DriftThresholds allowingEmpty() {
    return new DriftThresholds(score, nulls, distinct, allowSchemaChange, true);
  }

  private static void check(String name, Optional<Double> v) {
    if (v.isPresent() && (v.get().isNaN() || v.get() < 0)) {
      throw new IllegalArgumentException(name + " threshold must be >= 0, got " + v.get());
    }
  }

  /** No limits on the measures (schema changes and empty profiles still fail the gate). */
  public static DriftThresholds none() {
    return new DriftThresholds(Optional.empty(), Optional.empty(), Optional.empty());
  }

  /** A threshold on the score alone. */
  public static DriftThresholds score(double max) {
    return new DriftThresholds(Optional.of(max), Optional.empty(), Optional.empty());
  }

  /** Parses thresholds written as above; a usage error (exit 2) explains a malformed text. */
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
        "Drift thresholds '"
            + text
            + "' are malformed: "
            + why
            + "; write a score such as 0.1, or score=0.1,nulls=0.05,distinct=0.5.");
  }

  /** True when no threshold is set. */
  public boolean isEmpty() {
    return score.isEmpty() && nulls.isEmpty() && distinct.isEmpty();
  }

  /** The thresholds {@code drift} exceeds, one violation each. */
  public List<Violation> check(FieldDrift drift) {
    return judge(drift).stream()
        .filter(j -> j.status() == Judgement.Status.FAILED)
        .map(Judgement::toViolation)
        .toList();
  }

  /** {@link #check}'s rules for one field, those that held among them. */
  public List<Judgement> judge(FieldDrift drift) {
    List<Judgement> out = new ArrayList<>();
    score.ifPresent(limit -> out.add(judgement(drift.path(), "score", drift.score(), limit)));
    nulls.ifPresent(
        limit -> out.add(judgement(drift.path(), "nulls", drift.nullRateChange(), limit)));
    if (distinct.isPresent() && drift.distinctChange().isPresent()) {
      out.add(judgement(drift.path(), "distinct", drift.distinctChange().get(), distinct.get()));
    }
    return out;
  }

  private static Judgement judgement(String path, String measure, double value, double limit) {
    String v = String.format(Locale.ROOT, "%.4f", value);
    String l = String.format(Locale.ROOT, "%.4f", limit);
    boolean within = Math.abs(value) <= limit;
    return new Judgement(
        Violation.Kind.THRESHOLD,
        path,
        measure,
        v,
        l,
        within ? Judgement.Status.PASSED : Judgement.Status.FAILED,
        within
            ? "Field '" + path + "': " + measure + " " + v + " is within " + l + "."
            : "Field '" + path + "' drifted: " + measure + " " + v + " exceeds " + l + ".");
  }
}
