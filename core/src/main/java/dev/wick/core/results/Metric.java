package dev.wick.core.results;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One number a Wick run measured, as a results table keeps it: what it is of, what it measures, its
 * value, and, when a rule judged it, the rule's bound and whether it held.
 *
 * @param subject what the number is of: a check's name, a field, a metric's field, or {@code
 *     dataset} for the whole input
 * @param metric what it measures, such as {@code rows}, {@code not same fraction} or {@code null
 *     fraction}
 * @param value the number; empty when there is none (the mean of no values)
 * @param bound the rule's bound in words ({@code <= 0.01}, {@code between 0 and 100}), when judged
 * @param passed whether the rule held, when judged
 */
public record Metric(
    String subject,
    String metric,
    OptionalDouble value,
    Optional<String> bound,
    Optional<Boolean> passed) {
  public Metric {
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(metric, "metric");
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(bound, "bound");
    Objects.requireNonNull(passed, "passed");
  }

  /** A number no rule judged; NaN reads as no value. */
  public static Metric of(String subject, String metric, double value) {
    return new Metric(subject, metric, number(value), Optional.empty(), Optional.empty());
  }

  /** A number a rule judged against {@code bound}. */
  public static Metric judged(
      String subject, String metric, double value, String bound, boolean passed) {
    return new Metric(subject, metric, number(value), Optional.of(bound), Optional.of(passed));
  }

  /** This metric judged against {@code bound}. */
  public Metric judged(String bound, boolean passed) {
    return new Metric(subject, metric, value, Optional.of(bound), Optional.of(passed));
  }

  private static OptionalDouble number(double value) {
    return Double.isNaN(value) ? OptionalDouble.empty() : OptionalDouble.of(value);
  }
}
