package dev.wick.cli;

import dev.wick.bigdiff.BigDiff;
import dev.wick.bigdiff.DuplicateKeys;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
          "Compare these array fields as multisets (order does not matter); ARRAY:KEY (such as"
              + " plays:track_id) matches an array of records' elements by their KEY field and"
              + " compares them field by field.")
  List<String> unordered = new ArrayList<>();

  @Option(
      names = "--tolerance",
      split = ",",
      paramLabel = "FIELD=ABS",
      description = "Numbers at or below FIELD are equal when |rhs - lhs| <= ABS.")
  Map<String, Double> tolerance = new LinkedHashMap<>();

  @Option(
      names = "--relative-tolerance",
      split = ",",
      paramLabel = "FIELD=REL",
      description =
          "Numbers at or below FIELD are equal when |rhs - lhs| <= REL * max(|lhs|, |rhs|).")
  Map<String, Double> relativeTolerance = new LinkedHashMap<>();

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
    for (Map.Entry<String, Double> t : tolerance.entrySet()) {
      out = out.tolerance(t.getKey(), t.getValue());
    }
    for (Map.Entry<String, Double> t : relativeTolerance.entrySet()) {
      out = out.relativeTolerance(t.getKey(), t.getValue());
    }
    return out;
  }
}
