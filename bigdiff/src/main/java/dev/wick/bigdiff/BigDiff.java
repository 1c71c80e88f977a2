package dev.wick.bigdiff;

import dev.wick.core.WickException;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The options of a keyed diff of two datasets: every key is {@link DiffType#SAME}, {@link
 * DiffType#DIFFERENT}, {@link DiffType#MISSING_LHS} or {@link DiffType#MISSING_RHS}, and every
 * compared field gets delta statistics, all in one shuffle of both sides by key.
 *
 * <pre>{@code
 * BigDiff diff =
 *     BigDiff.key("track_id", "country")
 *         .ignore("computed_at")
 *         .unordered("tags")
 *         .tolerance("score", 1e-6);
 * DiffSummary summary = diff.summarize(baseline, candidate);
 * // or: diff.prepare(baseline, candidate).writeTo(output, Format.PARQUET) for keys/, report.html
 * }</pre>
 *
 * <p>A {@code BigDiff} is immutable: each setter returns a new one, and one value can diff any
 * number of pairs of datasets. Settings are checked as they are given (a malformed path, a negative
 * tolerance, a tolerance set twice), each failure a {@link WickException} naming the fix; field
 * names and types are checked against both schemas by {@link #prepare(Dataset, Dataset)}, which
 * fails with one sentence naming the field and the nearest names.
 */
public final class BigDiff {
  private final DiffOptions options;

  private BigDiff(DiffOptions options) {
    this.options = options;
  }

  /**
   * A diff keyed by these fields ({@code id}, {@code user.id}); together they identify a record.
   */
  public static BigDiff key(String... paths) {
    if (paths.length == 0) {
      throw WickException.usage("A diff needs at least one key field; name the key fields.")
          .about("key", "name the key fields");
    }
    return new BigDiff(
        new DiffOptions(
            parse(List.of(), paths),
            List.of(),
            List.of(),
            Map.of(),
            Map.of(),
            Map.of(),
            DuplicateKeys.FAIL,
            false,
            "lhs",
            "rhs"));
  }

  /** Also leaves these fields, and everything below them, out of the comparison. */
  public BigDiff ignore(String... paths) {
    return with(d -> d.ignored = parse(d.ignored, paths));
  }

  /** Also compares these array fields as multisets: the same elements in any order are equal. */
  public BigDiff unordered(String... paths) {
    return with(d -> d.unordered = parse(d.unordered, paths));
  }

  /**
   * Also compares the array of records at {@code array} by element key: within each key, elements
   * with equal {@code elementKey} (a field of the element record, such as {@code track_id}) are
   * matched whatever their positions, and their other fields compared; an element whose key is on
   * one side only is reported as such. Each differing element field gets its own statistics (as
   * {@code plays[].ms_played}). An array holding a null or repeated element key cannot be matched:
   * its key is DIFFERENT, with the reason, whatever the values.
   */
  public BigDiff unorderedBy(String array, String elementKey) {
    FieldPath a = FieldPath.parse(array);
    FieldPath k = FieldPath.parse(elementKey);
    if (!k.isStructPath()) {
      throw WickException.usage(
          "Element key '"
              + elementKey
              + "' of '"
              + array
              + "' steps into an array or map; name a plain field of the elements.");
    }
    if (options.elementKeys().containsKey(a)) {
      throw WickException.usage(
          "Array '" + array + "' is given an element key twice; give it one.");
    }
    return with(
        d -> {
          Map<FieldPath, FieldPath> next = new LinkedHashMap<>(d.elementKeys);
          next.put(a, k);
          d.elementKeys = next;
        });
  }

  /**
   * Numbers at or below {@code path} are equal when {@code |rhs - lhs| <= absolute}. A tolerance
   * set deeper wins over one set above it.
   */
  public BigDiff tolerance(String path, double absolute) {
    return with(d -> d.absolute = put(d.absolute, path, absolute, false));
  }

  /**
   * Numbers at or below {@code path} are equal when {@code |rhs - lhs| <= relative * max(|lhs|,
   * |rhs|)}. With both tolerances set, being within either one is enough.
   */
  public BigDiff relativeTolerance(String path, double relative) {
    return with(d -> d.relative = put(d.relative, path, relative, true));
  }

  /** What to do with keys that occur more than once on a side (default {@code FAIL}). */
  public BigDiff duplicates(DuplicateKeys policy) {
    Objects.requireNonNull(policy, "policy");
    return with(d -> d.duplicates = policy);
  }

  /** Also write {@link DiffType#SAME} keys to {@code keys/} (default: only differing keys). */
  public BigDiff includeSame(boolean includeSame) {
    return with(d -> d.includeSame = includeSame);
  }

  /** How messages and the report name the two sides (default {@code lhs} and {@code rhs}). */
  public BigDiff labels(String lhs, String rhs) {
    Objects.requireNonNull(lhs, "lhs");
    Objects.requireNonNull(rhs, "rhs");
    return with(
        d -> {
          d.lhsLabel = lhs;
          d.rhsLabel = rhs;
        });
  }

  /** A copy of these options with one change: the one place that copies every setting. */
  private BigDiff with(Consumer<Draft> change) {
    Draft d = new Draft(options);
    change.accept(d);
    return new BigDiff(
        new DiffOptions(
            d.keys,
            d.ignored,
            d.unordered,
            d.elementKeys,
            d.absolute,
            d.relative,
            d.duplicates,
            d.includeSame,
            d.lhsLabel,
            d.rhsLabel));
  }

  /** The settings while one setter changes them; never escapes {@link #with}. */
  private static final class Draft {
    final List<FieldPath> keys;
    List<FieldPath> ignored;
    List<FieldPath> unordered;
    Map<FieldPath, FieldPath> elementKeys;
    Map<FieldPath, Double> absolute;
    Map<FieldPath, Double> relative;
    DuplicateKeys duplicates;
    boolean includeSame;
    String lhsLabel;
    String rhsLabel;

    Draft(DiffOptions o) {
      keys = o.keys();
      ignored = o.ignored();
      unordered = o.unordered();
      elementKeys = o.elementKeys();
      absolute = o.absoluteTolerance();
      relative = o.relativeTolerance();
      duplicates = o.duplicates();
      includeSame = o.includeSame();
      lhsLabel = o.lhsLabel();
      rhsLabel = o.rhsLabel();
    }
  }

  /**
   * Checks the keys, fields and rules against the schemas of {@code lhs} (the baseline) and {@code
   * rhs} (the candidate) and plans the diff; no Spark job runs.
   */
  public PreparedDiff prepare(Dataset<Row> lhs, Dataset<Row> rhs) {
    Objects.requireNonNull(lhs, "lhs");
    Objects.requireNonNull(rhs, "rhs");
    Set<FieldPath> dropped = droppableColumns(lhs, rhs);
    Dataset<Row> l = drop(lhs, dropped);
    Dataset<Row> r = drop(rhs, dropped);
    Schema lhsSchema = Schemas.fromSpark(l.schema(), "lhs");
    Schema rhsSchema = Schemas.fromSpark(r.schema(), "rhs");
    Alignment alignment = Alignment.of(lhsSchema, rhsSchema, options, dropped);
    return new PreparedDiff(l, r, alignment, options);
  }

  /**
   * Prepares and runs the diff of {@code lhs} against {@code rhs} without writing anything; see
   * {@link PreparedDiff#summarize()}.
   */
  public DiffSummary summarize(Dataset<Row> lhs, Dataset<Row> rhs) {
    return prepare(lhs, rhs).summarize();
  }

  private static List<FieldPath> parse(List<FieldPath> before, String... paths) {
    List<FieldPath> out = new ArrayList<>(before);
    for (String p : paths) {
      out.add(FieldPath.parse(p));
    }
    return out;
  }

  private static Map<FieldPath, Double> put(
      Map<FieldPath, Double> rules, String path, double value, boolean relative) {
    FieldPath p = FieldPath.parse(path);
    String what = relative ? "Relative tolerance" : "Tolerance";
    WickException bad = null;
    if (!Double.isFinite(value) || value < 0) {
      bad =
          WickException.usage(
              what + " for '" + path + "' must be a number >= 0, got " + value + ".");
    } else if (rules.containsKey(p)) {
      bad = WickException.usage(what + " for '" + path + "' is set twice; set it once.");
    }
    if (bad != null) {
      throw relative ? bad.about("relativeTolerance", what) : bad.about("tolerance", what);
    }
    Map<FieldPath, Double> out = new LinkedHashMap<>(rules);
    out.put(p, value);
    return out;
  }

  /**
   * The ignored top-level columns, dropped up front so that a column of a type Wick cannot compare
   * can be ignored rather than stop the diff.
   */
  private Set<FieldPath> droppableColumns(Dataset<Row> lhs, Dataset<Row> rhs) {
    Set<FieldPath> out = new HashSet<>();
    Set<String> names = new HashSet<>(List.of(lhs.columns()));
    names.addAll(List.of(rhs.columns()));
    for (FieldPath p : options.ignored()) {
      if (p.steps().size() == 1
          && p.isStructPath()
          && names.contains(p.leafName())
          && options.keys().stream().noneMatch(k -> k.startsWith(p))) {
        out.add(p);
      }
    }
    return out;
  }

  private static Dataset<Row> drop(Dataset<Row> data, Set<FieldPath> dropped) {
    List<String> present = new ArrayList<>();
    for (FieldPath p : dropped) {
      if (List.of(data.columns()).contains(p.leafName())) {
        present.add(p.leafName());
      }
    }
    return present.isEmpty() ? data : data.drop(present.toArray(new String[0]));
  }
}
