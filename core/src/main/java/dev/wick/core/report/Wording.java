package dev.wick.core.report;

import java.math.BigDecimal;

/** How numbers read in Wick's messages, summaries and generated SQL. */
public final class Wording {
  private Wording() {}

  /** A number in plain notation without trailing zeros: {@code 0.01}, {@code 1}, {@code 1e-7}. */
  public static String plain(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return String.valueOf(value);
    }
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return String.valueOf((long) value);
    }
    return new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
  }
}
