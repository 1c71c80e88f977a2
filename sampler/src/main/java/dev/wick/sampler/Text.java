package dev.wick.sampler;

import java.math.BigDecimal;

/** Number formatting for messages, summaries and SQL. */
final class Text {
  private Text() {}

  /** A number in plain notation without trailing zeros: {@code 0.01}, {@code 1}, {@code 1e-7}. */
  static String number(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return String.valueOf(value);
    }
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return String.valueOf((long) value);
    }
    return new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
  }
}
