package dev.wick.sampler;

import dev.wick.core.WickException;
import dev.wick.core.report.Wording;

/**
 * How much of a dataset a sample keeps: a {@link Fraction} of its records or about (or, with {@code
 * exact}, exactly) a {@link Count} of them.
 */
public sealed interface SampleSize {

  /** Keep this share of the records, in {@code (0, 1]}. */
  record Fraction(double value) implements SampleSize {
    public Fraction {
      if (!(value > 0.0 && value <= 1.0)) {
        throw WickException.usage(
                "fraction must be in (0, 1], got "
                    + Wording.plain(value)
                    + "; pass a share such as 0.01 for 1%.")
            .about("fraction", "fraction");
      }
    }

    @Override
    public String describe() {
      return "fraction " + Wording.plain(value);
    }
  }

  /** Keep about (or exactly) this many records, at least 1. */
  record Count(long value) implements SampleSize {
    public Count {
      if (value < 1) {
        throw WickException.usage(
                "count must be at least 1, got " + value + "; pass the number of records to keep.")
            .about("count", "count");
      }
    }

    @Override
    public String describe() {
      return "count " + value;
    }
  }

  /** A short description such as {@code fraction 0.01} or {@code count 1000}. */
  String describe();
}
