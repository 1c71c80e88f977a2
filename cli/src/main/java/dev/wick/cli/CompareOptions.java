package dev.wick.cli;

import dev.wick.bigdiff.BigDiff;
import dev.wick.bigdiff.DuplicateKeys;
import dev.wick.core.Durations;
import dev.wick.core.WickException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * What {@code wick diff} compares and how: {@code --ignore}, {@code --unordered}, the tolerances,
 * {@code --duplicates} and {@code --include-same}, each the flag of the {@link BigDiff} setting of
 * the same name.
 */
final class CompareOptions {
  @Option(
      names = "--ignore",
      split = ",",
      paramLabel = "FIELD",
      description = "Leave these fields, and everything below them, out of the comparison.")
  List<String> ignore = new ArrayList<>();

  @Option(
      names = "--unordered",
      split = ",",
      paramLabel = "FIELD[:KEY]",
      description =
          "Compare these array fields as multisets (order does not matter); ARRAY:KEY matches"
              + " an array of records' elements by their KEY field and compares them field by"
              + " field.")
  List<String> unordered = new ArrayList<>();

  @Option(
      names = "--tolerance",
      split = ",",
      paramLabel = "FIELD=ABS",
      description =
          "Numbers at or below FIELD are equal when |rhs - lhs| <= ABS; dates and timestamps when"
              + " at most a duration apart (FIELD=5s; units ms, s, m, h, d).")
  Map<String, String> tolerance = new LinkedHashMap<>();

  @Option(
      names = "--ignore-case",
      split = ",",
      paramLabel = "FIELD",
      description = "Compare strings at or below these fields ignoring case.")
  List<String> ignoreCase = new ArrayList<>();

  @Option(
      names = "--trim",
      split = ",",
      paramLabel = "FIELD",
      description =
          "Compare strings at or below these fields without leading and trailing whitespace.")
  List<String> trim = new ArrayList<>();

  @Option(
      names = "--nan-equal",
      arity = "1",
      paramLabel = "true|false",
      description =
          "Whether NaN equals NaN in float and double fields (default true: a value that was NaN"
              + " and still is has not changed; false: NaN differs from everything, as in IEEE"
              + " 754).")
  boolean nanEqual = true;

  @Option(
      names = "--relative-tolerance",
      split = ",",
      paramLabel = "FIELD=REL",
      description =
          "Numbers at or below FIELD are equal when |rhs - lhs| <= REL * max(|lhs|, |rhs|).")
  Map<String, Double> relativeTolerance = new LinkedHashMap<>();

  @Option(
      names = "--where",
      paramLabel = "SQL",
      description = "Diff only the rows of both sides for which this Spark SQL condition holds.")
  String where;

  @Option(
      names = "--lhs-where",
      paramLabel = "SQL",
      description = "Diff only the lhs rows for which this Spark SQL condition holds.")
  String lhsWhere;

  @Option(
      names = "--rhs-where",
      paramLabel = "SQL",
      description = "Diff only the rhs rows for which this Spark SQL condition holds.")
  String rhsWhere;

  @Option(
      names = "--trust-sql",
      description =
          "Let --where, --lhs-where and --rhs-where call reflective functions (reflect,"
              + " java_method) and use subqueries, which run Java code and read any table or"
              + " file; only for SQL whose writer you trust.")
  boolean trustSql;

  @Option(
      names = "--duplicates",
      paramLabel = "fail|report",
      converter = DuplicatesConverter.class,
      description =
          "Keys that occur more than once on a side: fail (the default) stops with examples;"
              + " report counts them, lists them under duplicates/ and diffs the rest.")
  DuplicateKeys duplicates = DuplicateKeys.FAIL;

  @Option(
      names = "--include-same",
      description = "Also list SAME keys in keys/ (by default only the differing ones).")
  boolean includeSame;

  /** {@code diff} with these settings. */
  BigDiff apply(BigDiff diff) {
    BigDiff out =
        diff.ignore(ignore.toArray(new String[0])).duplicates(duplicates).includeSame(includeSame);
    for (String u : unordered) {
      int colon = u.indexOf(':');
      out =
          colon < 0
              ? out.unordered(u)
              : out.unorderedBy(u.substring(0, colon), u.substring(colon + 1));
    }
    for (Map.Entry<String, String> t : tolerance.entrySet()) {
      Optional<Duration> time = Durations.parse(t.getValue());
      if (time.isPresent()) {
        out = out.tolerance(t.getKey(), time.get());
        continue;
      }
      double absolute;
      try {
        absolute = Double.parseDouble(t.getValue().trim());
      } catch (NumberFormatException e) {
        throw WickException.usage(
            "--tolerance for '"
                + t.getKey()
                + "' must be a number, or a duration such as 5s or 2d, got '"
                + t.getValue()
                + "'.");
      }
      out = out.tolerance(t.getKey(), absolute);
    }
    out = out.ignoreCase(ignoreCase.toArray(new String[0]));
    out = out.trimWhitespace(trim.toArray(new String[0]));
    out = out.nanEqual(nanEqual);
    if (where != null) {
      out = out.where(where);
    }
    if (lhsWhere != null) {
      out = out.lhsWhere(lhsWhere);
    }
    if (rhsWhere != null) {
      out = out.rhsWhere(rhsWhere);
    }
    if (trustSql) {
      out = out.trustSql();
    }
    for (Map.Entry<String, Double> t : relativeTolerance.entrySet()) {
      out = out.relativeTolerance(t.getKey(), t.getValue());
    }
    return out;
  }
}
