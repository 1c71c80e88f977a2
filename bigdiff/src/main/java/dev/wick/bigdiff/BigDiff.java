package dev.wick.bigdiff;

import dev.wick.core.WickException;
import dev.wick.core.io.Source;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.KeyHash;
import dev.wick.core.spark.SqlTrust;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

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
  private final boolean sqlTrusted;

  private BigDiff(DiffOptions options) {
    this(options, false);
  }

  private BigDiff(DiffOptions options, boolean sqlTrusted) {
    this.options = options;
    this.sqlTrusted = sqlTrusted;
  }

  /**
   * This diff with its filters trusted: by default a filter that calls a reflective function
   * ({@code reflect}, {@code java_method}: any static Java method) or has a subquery (which can
   * read any table or file) is refused, since whoever writes it runs code in this JVM; trust the
   * filters only when you trust whoever wrote them.
   */
  public BigDiff trustSql() {
    return new BigDiff(options, true);
  }

  /**
   * A diff keyed by these fields ({@code id}, {@code user.id}); together they identify a record.
   */
  public static BigDiff key(String... paths) {
    if (paths.length == 0) {
      throw WickException.usage("A diff needs at least one key field; name the key fields.")
          .about("key", "name the key fields");
    }
    return initial(parse(List.of(), paths));
  }

  /**
   * A diff without key fields: both sides are compared as multisets of rows (on their common
   * fields), so that a row present twice on the left and once on the right has one copy only in the
   * left. The counts count row copies: SAME the matched ones, MISSING_RHS and MISSING_LHS those on
   * one side only; {@code keys/} holds the differing rows with how many copies are one-sided. Rows
   * compare exactly (NaN equal to NaN): tolerances, text rules, comparators and unordered arrays
   * need key fields.
   */
  public static BigDiff keyless() {
    return initial(List.of());
  }

  private static BigDiff initial(List<FieldPath> keys) {
    return new BigDiff(DiffOptions.keyedBy(keys));
  }

  /** Also leaves these fields, and everything below them, out of the comparison. */
  public BigDiff ignore(String... paths) {
    return with(options.withIgnored(parse(options.ignored(), paths)));
  }

  /** Also compares these array fields as multisets: the same elements in any order are equal. */
  public BigDiff unordered(String... paths) {
    return withRules(rules().withUnordered(parse(rules().unordered(), paths)));
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
    if (rules().elementKeys().containsKey(a)) {
      throw WickException.usage(
          "Array '" + array + "' is given an element key twice; give it one.");
    }
    return withRules(rules().withElementKeys(put(rules().elementKeys(), a, k)));
  }

  /**
   * Numbers at or below {@code path} are equal when {@code |rhs - lhs| <= absolute}. A tolerance
   * set deeper wins over one set above it.
   */
  public BigDiff tolerance(String path, double absolute) {
    FieldPath p = checkTolerance(AbsoluteTolerance.class, path, absolute, false);
    return withComparator(p, new AbsoluteTolerance(absolute));
  }

  /**
   * Numbers at or below {@code path} are equal when {@code |rhs - lhs| <= relative * max(|lhs|,
   * |rhs|)}. With both tolerances set, being within either one is enough.
   */
  public BigDiff relativeTolerance(String path, double relative) {
    FieldPath p = checkTolerance(RelativeTolerance.class, path, relative, true);
    return withComparator(p, new RelativeTolerance(relative));
  }

  /**
   * Dates and timestamps at or below {@code path} are equal when at most {@code tolerance} apart
   * (timestamps to the microsecond, dates by whole days). A tolerance set deeper wins.
   */
  public BigDiff tolerance(String path, Duration tolerance) {
    Objects.requireNonNull(tolerance, "tolerance");
    FieldPath p = FieldPath.parse(path);
    if (tolerance.isNegative()) {
      throw WickException.usage(
              "Tolerance for '" + path + "' must not be negative, got " + tolerance + ".")
          .about("tolerance", "Tolerance");
    }
    if (rules().builtins(TimeTolerance.class).containsKey(p)) {
      throw WickException.usage("Tolerance for '" + path + "' is set twice; set it once.")
          .about("tolerance", "Tolerance");
    }
    return withComparator(p, new TimeTolerance(tolerance));
  }

  /**
   * Strings at or below these paths compare ignoring case ({@code "Oslo"} equals {@code "OSLO"}).
   */
  public BigDiff ignoreCase(String... paths) {
    return withEach(parse(List.of(), paths), new IgnoreCase());
  }

  /**
   * Strings at or below these paths compare without their leading and trailing whitespace ({@code "
   * Oslo\n"} equals {@code "Oslo"}).
   */
  public BigDiff trimWhitespace(String... paths) {
    return withEach(parse(List.of(), paths), new TrimWhitespace());
  }

  /**
   * Whether a NaN equals a NaN in {@code float} and {@code double} fields (default {@code true}: a
   * value that was NaN and still is NaN has not changed). With {@code false}, a NaN differs from
   * everything, itself included, as in IEEE 754.
   */
  public BigDiff nanEqual(boolean nanEqual) {
    return withRules(rules().withNanEqual(nanEqual));
  }

  /**
   * Values at {@code path} (a compared field, or inside arrays and maps such as {@code
   * items[].price}) are equal when {@code comparator} says so; it wins over every other rule for
   * that field. A built-in comparator ({@link FieldComparator#tolerance(double)} and the others)
   * works as its setter does: for every value of its kind at or below {@code path}.
   */
  public BigDiff comparator(String path, FieldComparator comparator) {
    Objects.requireNonNull(comparator, "comparator");
    FieldPath p = FieldPath.parse(path);
    if (comparator instanceof Builtin b) {
      Builtin there = rules().builtins(b.getClass()).get(p);
      if (there != null && !there.equals(b)) {
        throw WickException.usage(
            "Comparator for '"
                + path
                + "' sets "
                + b
                + " where "
                + there
                + " is set; set it once.");
      }
    }
    return withComparator(p, comparator);
  }

  /**
   * Every value of this type (such as {@code DataType.StringType.class}), wherever it is, is equal
   * when {@code comparator} says so, unless its field has a comparator or a rule of its own
   * (tolerance, case, whitespace). A built-in comparator must apply to the type ({@code
   * FieldComparator.tolerance(1e-9)} to numbers, say); the diff checks it against the schemas.
   */
  public BigDiff comparator(Class<? extends DataType> type, FieldComparator comparator) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(comparator, "comparator");
    if (type == DataType.RecordType.class
        || type == DataType.ArrayType.class
        || type == DataType.MapType.class) {
      throw WickException.usage(
          "A comparator by type applies to values (numbers, strings, dates, ...), not to "
              + type.getSimpleName()
              + "; register it for the field instead.");
    }
    return withRules(rules().withTypeComparator(type, comparator));
  }

  /**
   * Diffs only the rows of both sides for which this Spark SQL predicate holds ({@code "country =
   * 'SE' AND ms_played > 0"}); it may name any column, compared or not.
   */
  public BigDiff where(String predicate) {
    String p = predicate(predicate);
    return with(
        options.withWhere(append(selection().lhsWhere(), p), append(selection().rhsWhere(), p)));
  }

  /** Diffs only the left-hand rows for which this Spark SQL predicate holds. */
  public BigDiff lhsWhere(String predicate) {
    String p = predicate(predicate);
    return with(options.withWhere(append(selection().lhsWhere(), p), selection().rhsWhere()));
  }

  /** Diffs only the right-hand rows for which this Spark SQL predicate holds. */
  public BigDiff rhsWhere(String predicate) {
    String p = predicate(predicate);
    return with(options.withWhere(selection().lhsWhere(), append(selection().rhsWhere(), p)));
  }

  private static String predicate(String predicate) {
    if (predicate == null || predicate.isBlank()) {
      throw WickException.usage(
          "A filter predicate must not be empty; give a Spark SQL condition such as \"x > 0\".");
    }
    return predicate;
  }

  private static List<String> append(List<String> list, String item) {
    List<String> out = new ArrayList<>(list);
    out.add(item);
    return out;
  }

  /**
   * Diffs only the keys that a sample by key with this fraction and seed keeps ({@code wick sample
   * --by KEY}: the sampler's key hash, so both sides keep the same keys, in every run), and bounds
   * what that says of all keys: the summary gets {@link SampleBounds}, a Wilson interval per
   * classification and per field, and the gate compares the upper bound with its threshold.
   */
  public BigDiff sample(double fraction, long seed) {
    if (!(fraction > 0 && fraction <= 1)) {
      throw WickException.usage("The sample fraction must be in (0, 1], got " + fraction + ".")
          .about("sample", "The sample fraction");
    }
    return with(options.withSample(fraction, seed));
  }

  /** What to do with keys that occur more than once on a side (default {@code FAIL}). */
  public BigDiff duplicates(DuplicateKeys policy) {
    Objects.requireNonNull(policy, "policy");
    return with(options.withDuplicates(policy));
  }

  /** Also write {@link DiffType#SAME} keys to {@code keys/} (default: only differing keys). */
  public BigDiff includeSame(boolean includeSame) {
    return with(options.withIncludeSame(includeSame));
  }

  /**
   * Also explains where the differences sit ({@link DiffSummary#explanations()}): the slices of the
   * keys (a column's value, a bucket of numbers or times, nulls, and pairs of those) that hold much
   * more of the keys that are not the same, and of each differing field's keys, than their share of
   * the keys, cut by the left-hand side's top-level columns of few distinct values and by buckets
   * of its numbers and times. A key only on the right-hand side is cut by the right's values.
   */
  public BigDiff explain() {
    return with(options.withExplain(Optional.of(options.explain().orElse(List.of()))));
  }

  /**
   * Like {@link #explain()}, cutting by {@code columns} (top-level columns of the left-hand side)
   * instead.
   */
  public BigDiff explainBy(String... columns) {
    return with(options.withExplain(Optional.of(List.of(columns))));
  }

  /** How messages and the report name the two sides (default {@code lhs} and {@code rhs}). */
  public BigDiff labels(String lhs, String rhs) {
    return with(options.withLabels(new DiffOptions.Labels(lhs, rhs)));
  }

  /** This diff with {@code changed} settings, trusting its filters as this one does. */
  private BigDiff with(DiffOptions changed) {
    return new BigDiff(changed, sqlTrusted);
  }

  private BigDiff withRules(Rules changed) {
    return with(options.withRules(changed));
  }

  private BigDiff withComparator(FieldPath path, FieldComparator comparator) {
    return withRules(rules().withComparator(path, comparator));
  }

  /** This diff with the built-in {@code comparator} set at each of {@code paths}. */
  private BigDiff withEach(List<FieldPath> paths, Builtin comparator) {
    Rules next = rules();
    for (FieldPath p : paths) {
      next = next.withComparator(p, comparator);
    }
    return withRules(next);
  }

  private Rules rules() {
    return options.rules();
  }

  private DiffOptions.Selection selection() {
    return options.selection();
  }

  /**
   * Checks the keys, fields and rules against the schemas of {@code lhs} (the baseline) and {@code
   * rhs} (the candidate) and plans the diff; no Spark job runs.
   */
  public PreparedDiff prepare(Dataset<Row> lhs, Dataset<Row> rhs) {
    Objects.requireNonNull(lhs, "lhs");
    Objects.requireNonNull(rhs, "rhs");
    if (options.keys().isEmpty()) {
      KeylessDiff.check(options);
    }
    Dataset<Row> filteredL = filter(lhs, selection().lhsWhere(), "lhs", sqlTrusted);
    Dataset<Row> filteredR = filter(rhs, selection().rhsWhere(), "rhs", sqlTrusted);
    Set<FieldPath> dropped = droppableColumns(filteredL, filteredR);
    Dataset<Row> l = drop(filteredL, dropped);
    Dataset<Row> r = drop(filteredR, dropped);
    Schema lhsSchema = Schemas.fromSpark(l.schema(), "lhs");
    Schema rhsSchema = Schemas.fromSpark(r.schema(), "rhs");
    Alignment alignment = Alignment.of(lhsSchema, rhsSchema, options, dropped);
    if (options.explain().isPresent()) {
      if (options.keys().isEmpty()) {
        throw WickException.usage(
                "The explanation of a diff needs key fields: without them its differences are"
                    + " rows on one side only, with no key to slice; give the key fields, or drop"
                    + " the explanation.")
            .about("explain", "The explanation");
      }
      DiffExplain.checkColumns(l, options.explain().get());
    }
    return new PreparedDiff(sampled(l), sampled(r), alignment, options);
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

  /** {@code map} with {@code key} mapped to {@code value}. */
  private static <K, V> Map<K, V> put(Map<K, V> map, K key, V value) {
    Map<K, V> out = new LinkedHashMap<>(map);
    out.put(key, value);
    return out;
  }

  /** The path of a numeric tolerance of {@code kind}, once it is checked as a new valid one. */
  private FieldPath checkTolerance(
      Class<? extends Builtin> kind, String path, double value, boolean relative) {
    FieldPath p = FieldPath.parse(path);
    String what = relative ? "Relative tolerance" : "Tolerance";
    WickException bad = null;
    if (!Double.isFinite(value) || value < 0) {
      bad =
          WickException.usage(
              what + " for '" + path + "' must be a number >= 0, got " + value + ".");
    } else if (rules().builtins(kind).containsKey(p)) {
      bad = WickException.usage(what + " for '" + path + "' is set twice; set it once.");
    }
    if (bad != null) {
      throw relative ? bad.about("relativeTolerance", what) : bad.about("tolerance", what);
    }
    return p;
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

  /**
   * {@code data} with the predicates applied; a predicate Spark cannot parse or resolve on it, or
   * one that is not a condition, fails at once with Spark's first line.
   */
  private static Dataset<Row> filter(
      Dataset<Row> data, List<String> predicates, String side, boolean trusted) {
    Dataset<Row> out = data;
    for (String p : predicates) {
      Optional<String> beyond =
          trusted ? Optional.empty() : SqlTrust.beyondTheRows(data.sparkSession(), p);
      if (beyond.isPresent()) {
        throw WickException.usage(
                "Filter '"
                    + p
                    + "' "
                    + beyond.get()
                    + "; a filter may only compute over the rows, so remove that from it, or trust it"
                    + " with BigDiff.trustSql() if you trust whoever wrote it.")
            .about(Source.TRUST_SQL, "with BigDiff.trustSql()");
      }
      try {
        // Checked first on an empty frame of the same schema in a session of its own: a failed
        // analysis in the data's session would also reach its query listeners, which log it.
        SparkSession probe = data.sparkSession().newSession();
        probe.createDataFrame(List.<Row>of(), data.schema()).filter(functions.expr(p));
        out = out.filter(functions.expr(p));
      } catch (Exception e) {
        // Spark throws AnalysisException (and its ParseException) unchecked, from Scala.
        if (!(e instanceof AnalysisException)) {
          throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
        }
        String first = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
        throw WickException.usage(
            "Filter '" + p + "' is not a condition Spark can apply to the " + side + ": " + first,
            e);
      }
    }
    return out;
  }

  /** The rows of {@code data} whose key the sampler's key hash keeps, when sampling. */
  private Dataset<Row> sampled(Dataset<Row> data) {
    if (selection().sample().isEmpty()) {
      return data;
    }
    List<String> keys = options.keys().stream().map(FieldPath::toString).toList();
    return data.filter(
        KeyHash.unit(data.schema(), keys, selection().seed())
            .lt(functions.lit(selection().sample().getAsDouble())));
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
