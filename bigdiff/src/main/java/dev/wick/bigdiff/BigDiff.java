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
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * A keyed diff of two datasets: every key is {@link DiffType#SAME}, {@link DiffType#DIFFERENT},
 * {@link DiffType#MISSING_LHS} or {@link DiffType#MISSING_RHS}, and every compared field gets delta
 * statistics, all in one shuffle of both sides by key.
 *
 * <pre>{@code
 * DiffSummary summary =
 *     BigDiff.of(baseline, candidate)
 *         .key("track_id", "country")
 *         .ignore("computed_at")
 *         .unordered("tags")
 *         .tolerance("score", 1e-6)
 *         .prepare()          // checks keys and schemas now, before any Spark job
 *         .summarize();       // or writeTo(output, Format.PARQUET) for keys/, report.html, ...
 * }</pre>
 *
 * <p>Configuration is checked as it is given (a malformed path, a negative tolerance); field names
 * and types are checked against both schemas by {@link #prepare()}, which fails with one sentence
 * naming the field and the nearest names.
 */
public final class BigDiff {
  private final Dataset<Row> lhs;
  private final Dataset<Row> rhs;
  private final List<FieldPath> keys = new ArrayList<>();
  private final List<FieldPath> ignored = new ArrayList<>();
  private final List<FieldPath> unordered = new ArrayList<>();
  private final Map<FieldPath, Double> absolute = new LinkedHashMap<>();
  private final Map<FieldPath, Double> relative = new LinkedHashMap<>();
  private DuplicateKeys duplicates = DuplicateKeys.FAIL;
  private boolean includeSame;
  private String lhsLabel = "lhs";
  private String rhsLabel = "rhs";

  private BigDiff(Dataset<Row> lhs, Dataset<Row> rhs) {
    this.lhs = Objects.requireNonNull(lhs, "lhs");
    this.rhs = Objects.requireNonNull(rhs, "rhs");
  }

  /** A diff of {@code lhs} (the baseline) against {@code rhs} (the candidate). */
  public static BigDiff of(Dataset<Row> lhs, Dataset<Row> rhs) {
    return new BigDiff(lhs, rhs);
  }

  /** Adds key fields ({@code id}, {@code user.id}); together they identify a record. */
  public BigDiff key(String... paths) {
    for (String p : paths) {
      keys.add(FieldPath.parse(p));
    }
    return this;
  }

  /** Leaves fields, and everything below them, out of the comparison. */
  public BigDiff ignore(String... paths) {
    for (String p : paths) {
      ignored.add(FieldPath.parse(p));
    }
    return this;
  }

  /** Compares these array fields as multisets: the same elements in any order are equal. */
  public BigDiff unordered(String... paths) {
    for (String p : paths) {
      unordered.add(FieldPath.parse(p));
    }
    return this;
  }

  /**
   * Numbers at or below {@code path} are equal when {@code |rhs - lhs| <= absolute}. A tolerance
   * set deeper wins over one set above it.
   */
  public BigDiff tolerance(String path, double absolute) {
    put(this.absolute, path, absolute, "Tolerance");
    return this;
  }

  /**
   * Numbers at or below {@code path} are equal when {@code |rhs - lhs| <= relative * max(|lhs|,
   * |rhs|)}. With both tolerances set, being within either one is enough.
   */
  public BigDiff relativeTolerance(String path, double relative) {
    put(this.relative, path, relative, "Relative tolerance");
    return this;
  }

  private static void put(Map<FieldPath, Double> rules, String path, double value, String what) {
    FieldPath p = FieldPath.parse(path);
    if (!Double.isFinite(value) || value < 0) {
      throw WickException.usage(
          what + " for '" + path + "' must be a number >= 0, got " + value + ".");
    }
    if (rules.containsKey(p)) {
      throw WickException.usage(what + " for '" + path + "' is set twice; set it once.");
    }
    rules.put(p, value);
  }

  /** What to do with keys that occur more than once on a side (default {@code FAIL}). */
  public BigDiff duplicates(DuplicateKeys policy) {
    this.duplicates = Objects.requireNonNull(policy, "policy");
    return this;
  }

  /** Also write {@link DiffType#SAME} keys to {@code keys/} (default: only differing keys). */
  public BigDiff includeSame(boolean includeSame) {
    this.includeSame = includeSame;
    return this;
  }

  /** How messages and the report name the two sides (default {@code lhs} and {@code rhs}). */
  public BigDiff labels(String lhs, String rhs) {
    this.lhsLabel = Objects.requireNonNull(lhs, "lhs");
    this.rhsLabel = Objects.requireNonNull(rhs, "rhs");
    return this;
  }

  /**
   * Checks the keys, fields and rules against both schemas and plans the diff; no Spark job runs.
   */
  public PreparedDiff prepare() {
    DiffOptions options =
        new DiffOptions(
            keys,
            ignored,
            unordered,
            absolute,
            relative,
            duplicates,
            includeSame,
            lhsLabel,
            rhsLabel);
    Set<FieldPath> dropped = droppableColumns();
    Dataset<Row> l = drop(lhs, dropped);
    Dataset<Row> r = drop(rhs, dropped);
    Schema lhsSchema = Schemas.fromSpark(l.schema(), "lhs");
    Schema rhsSchema = Schemas.fromSpark(r.schema(), "rhs");
    Alignment alignment = Alignment.of(lhsSchema, rhsSchema, options, dropped);
    return new PreparedDiff(l, r, alignment, options);
  }

  /** Prepares and runs the diff without writing anything; see {@link PreparedDiff#summarize()}. */
  public DiffSummary summarize() {
    return prepare().summarize();
  }

  /**
   * The ignored top-level columns, dropped up front so that a column of a type Wick cannot compare
   * can be ignored rather than stop the diff.
   */
  private Set<FieldPath> droppableColumns() {
    Set<FieldPath> out = new HashSet<>();
    Set<String> names = new HashSet<>(List.of(lhs.columns()));
    names.addAll(List.of(rhs.columns()));
    for (FieldPath p : ignored) {
      if (p.steps().size() == 1
          && p.isStructPath()
          && names.contains(p.leafName())
          && keys.stream().noneMatch(k -> k.startsWith(p))) {
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
