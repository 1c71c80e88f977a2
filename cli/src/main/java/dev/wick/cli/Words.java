package dev.wick.cli;

/** Words for the human summaries on stdout and stderr. */
final class Words {
  private Words() {}

  /** {@code n} and the noun in the right number: {@code 1 file}, {@code 3 files}. */
  static String count(long n, String singular) {
    return n + " " + (n == 1 ? singular : singular + "s");
  }

  /** {@code n} rows, with thousands separated: {@code 1 row}, {@code 4,000 rows}. */
  static String rows(long n) {
    return String.format(java.util.Locale.ROOT, "%,d", n) + (n == 1 ? " row" : " rows");
  }
}
