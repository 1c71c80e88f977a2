package dev.wick.core.report;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * How numbers read in Wick's console lines, messages and reports, so that one count prints the same
 * in every command: counts with thousands separated ({@code 20,000 rows}), shares as percentages
 * with two decimals, measured values in about six significant digits, and numbers that a user may
 * copy back into a setting or SQL in plain notation.
 */
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

  /** A count with thousands separated: {@code 20,000}. */
  public static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** A count and its noun in the right number: {@code 1 row}, {@code 20,000 rows}. */
  public static String count(long n, String singular) {
    return count(n) + " " + (n == 1 ? singular : singular + "s");
  }

  /** A share as a percentage with two decimals: {@code 0.975} reads {@code 97.50%}. */
  public static String percent(double share) {
    return String.format(Locale.ROOT, "%.2f%%", share * 100);
  }

  /**
   * A measured value in about six significant digits: whole numbers with thousands separated and no
   * fraction, very large or small ones in scientific notation, {@code -} for NaN and {@code inf}
   * for infinities.
   */
  public static String number(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "inf" : "-inf";
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return count((long) v);
    }
    double a = Math.abs(v);
    if (a >= 1e6 || a < 1e-3) {
      return String.format(Locale.ROOT, "%.4g", v);
    }
    return String.format(Locale.ROOT, "%,.4f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
  }
}
