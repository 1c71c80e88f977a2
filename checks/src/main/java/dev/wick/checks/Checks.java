package dev.wick.checks;

import dev.wick.core.WickException;
import dev.wick.core.explain.Explainer;
import dev.wick.core.validation.RowJudge;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Dataset-level checks: an immutable value built fluently in Java or read from a checks file (JSON
 * or YAML), and written back to one ({@link #toJson()}, {@link #toYaml()}).
 *
 * <pre>{@code
 * Checks checks =
 *     Checks.of(
 *         Check.rowCount(OptionalLong.of(1000), OptionalLong.empty()),
 *         Check.completeness("country", 0.99).warn(),
 *         Check.unique("play_id"),
 *         Check.references("user_id", "users", "user_id"))
 *     .reference("users", "warehouse/users");
 * CheckResults results = checks.run(plays);   // one aggregation, plus one pass per key and reference
 * results.gate().passes();
 * }</pre>
 *
 * <p>A checks file is an object with a list of {@code checks}, each an object naming its kind under
 * {@code check} (see {@link Check.Rule}), and optionally a {@code baseline} profile (for row counts
 * relative to it) and named {@code references} (other datasets, by path):
 *
 * <pre>
 * baseline: reports/day1/profile.json
 * references:
 *   - {name: users, path: warehouse/users}
 * checks:
 *   - {check: rowCount, minRatio: 0.9, maxRatio: 1.1}
 *   - {check: completeness, field: country, min: 0.99, severity: warn}
 *   - {check: unique, fields: [play_id]}
 *   - {check: references, field: user_id, in: users.user_id}
 * </pre>
 *
 * <p>Everything wrong in a file (an unknown kind or key, a value of the wrong type, a bound out of
 * range) fails at once with a {@link WickException} naming the check, the problem and the fix;
 * fields the data lacks fail in {@link #run} before any Spark job, naming the nearest field.
 *
 * <p>{@link #split} also judges each row by the row-level checks, for the rows that pass them all
 * apart from those that fail one, with their reasons ({@link CheckSplit}); {@link #rowLevel()}
 * judges the rows alone, for a job's {@code JobContext.split}.
 */
public final class Checks {
  private final List<Check> checks;
  private final Map<String, String> references;
  private final Optional<String> baseline;
  private final Optional<String> origin;
  private final boolean sqlTrusted;

  private Checks(List<Check> checks, Map<String, String> references, Optional<String> baseline) {
    this(checks, references, baseline, Optional.empty(), false);
  }

  private Checks(
      List<Check> checks,
      Map<String, String> references,
      Optional<String> baseline,
      Optional<String> origin,
      boolean sqlTrusted) {
    this.checks = List.copyOf(checks);
    this.references = Collections.unmodifiableMap(new LinkedHashMap<>(references));
    this.baseline = baseline;
    this.origin = origin;
    this.sqlTrusted = sqlTrusted;
  }

  /** No checks. */
  public static Checks none() {
    return new Checks(List.of(), Map.of(), Optional.empty());
  }

  /** These checks, in this order. */
  public static Checks of(Check... checks) {
    return new Checks(List.of(checks), Map.of(), Optional.empty());
  }

  /** These checks followed by {@code check}. */
  public Checks and(Check check) {
    Objects.requireNonNull(check, "check");
    List<Check> more = new ArrayList<>(checks);
    more.add(check);
    return new Checks(more, references, baseline, origin, sqlTrusted);
  }

  /**
   * These checks, reading the dataset {@code name} (of {@link ReferencesCheck} checks) from {@code
   * path} (a file, folder, glob or {@code table:NAME}); replaces an earlier path of that name.
   */
  public Checks reference(String name, String path) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(path, "path");
    if (name.isBlank() || path.isBlank()) {
      throw WickException.usage(
              "A reference needs a name and a path, got '"
                  + name
                  + "' and '"
                  + path
                  + "'; name the dataset as the checks do and give its path.")
          .about("references", "name the dataset as the checks do and give its path");
    }
    Map<String, String> more = new LinkedHashMap<>(references);
    more.put(name, path);
    return new Checks(checks, more, baseline, origin, sqlTrusted);
  }

  /**
   * These checks, with row counts relative to the profile at {@code profile} (a profile.json). A
   * checks file that names a relative baseline path is read relative to the file's folder.
   */
  public Checks baseline(String profile) {
    Objects.requireNonNull(profile, "profile");
    return new Checks(checks, references, Optional.of(profile), origin, sqlTrusted);
  }

  /**
   * These checks with their SQL trusted. By default a {@code predicate} check whose SQL calls a
   * reflective function ({@code reflect}, {@code java_method}: any static Java method) or has a
   * subquery (which can read any table or file) is refused before any Spark job, since a checks
   * file is code that runs in this JVM; trust a file only when you trust whoever wrote it.
   */
  public Checks trustSql() {
    return new Checks(checks, references, baseline, origin, true);
  }

  /** Whether these checks' SQL may reach beyond the rows ({@link #trustSql()}). */
  public boolean sqlTrusted() {
    return sqlTrusted;
  }

  /** Where these checks were read from, such as "checks file conf/checks.yaml", if from a file. */
  public Optional<String> origin() {
    return origin;
  }

  /** The checks, in order. */
  public List<Check> checks() {
    return checks;
  }

  /** The referenced datasets' paths by name, in the order given. */
  public Map<String, String> references() {
    return references;
  }

  /** The baseline profile's path, if any. */
  public Optional<String> baseline() {
    return baseline;
  }

  /**
   * The locations these checks read besides the checked data: the baseline profile and the
   * referenced datasets (an output must not overlap them).
   */
  public List<String> inputs() {
    List<String> out = new ArrayList<>();
    baseline.ifPresent(out::add);
    out.addAll(references.values());
    return out;
  }

  /**
   * Reads a checks file: YAML when its name ends in {@code .yaml} or {@code .yml}, JSON when it
   * ends in {@code .json}, else whichever its first character says ({@code {} for JSON).
   */
  public static Checks read(Path file) {
    Objects.requireNonNull(file, "file");
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw WickException.usage(
              "Checks file " + file + " does not exist; give the path of the checks file.", e)
          .about("checks", "give the path of the checks file");
    } catch (IOException e) {
      throw WickException.usage(
              "Checks file "
                  + file
                  + " cannot be read ("
                  + e.getClass().getSimpleName()
                  + "); give the path of a readable checks file.",
              e)
          .about("checks", "give the path of a readable checks file");
    }
    String name = file.getFileName() == null ? "" : file.getFileName().toString();
    String lower = name.toLowerCase(Locale.ROOT);
    boolean yaml;
    if (lower.endsWith(".json")) {
      yaml = false;
    } else if (ChecksFile.YAML_EXTENSIONS.stream().anyMatch(lower::endsWith)) {
      yaml = true;
    } else {
      yaml = !text.stripLeading().startsWith("{");
    }
    Checks read = ChecksFile.parse(text, "Checks file " + file, yaml);
    return new Checks(
        read.checks,
        read.references,
        read.baseline.map(b -> besideFile(b, file)),
        Optional.of("checks file " + file),
        false);
  }

  /**
   * A baseline path as a checks file names it, read relative to the file's folder: a relative local
   * path resolves against it; an absolute path or a URI ({@code s3a://...}) stays as given.
   */
  private static String besideFile(String baseline, Path file) {
    if (baseline.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*")
        && !baseline.matches("^[A-Za-z]:[\\\\/].*")) {
      return baseline;
    }
    Path p;
    try {
      p = Path.of(baseline);
    } catch (java.nio.file.InvalidPathException e) {
      return baseline;
    }
    if (p.isAbsolute()) {
      return baseline;
    }
    Path folder = file.toAbsolutePath().getParent();
    return folder == null ? baseline : folder.resolve(p).normalize().toString();
  }

  /**
   * Parses the text of a checks file, JSON when it starts with {@code {}, else YAML; {@code where}
   * names it in errors.
   */
  public static Checks parse(String text, String where) {
    Objects.requireNonNull(text, "text");
    return ChecksFile.parse(text, where, !text.stripLeading().startsWith("{"));
  }

  /** These checks as a JSON checks file (lower camel case keys, through core's JSON helper). */
  public String toJson() {
    return ChecksFile.json(this);
  }

  /** These checks as a YAML checks file, with the same keys as {@link #toJson()}. */
  public String toYaml() {
    return ChecksFile.yaml(this);
  }

  /**
   * Runs the checks on {@code data}, reading referenced datasets from their paths ({@link
   * #reference}) and the baseline from its profile.
   */
  public CheckResults run(Dataset<Row> data) {
    return run(data, Map.of());
  }

  /**
   * Runs the checks on {@code data}; {@code datasets} gives referenced datasets by name (those it
   * lacks are read from their paths). Fields, types and SQL are checked before any Spark job runs.
   * On Parquet, ORC, Delta, Iceberg or rows in memory, the aggregate checks are one aggregation,
   * the distinct counts' and quantiles' sketches one scan of their fields, and each {@code unique}
   * or {@code references} check one read of its key columns, side by side. On other inputs, which a
   * second read would parse or compute again, every aggregate rides along the first {@code unique}
   * or {@code references} check's job (else one aggregation), plus one read per further such check.
   * Failed row-level checks take one more short, limited pass each for their example rows ({@link
   * CheckResults#passes()} counts them).
   */
  public CheckResults run(Dataset<Row> data, Map<String, Dataset<Row>> datasets) {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(datasets, "datasets");
    return Evaluation.run(this, data, datasets);
  }

  /**
   * Runs the checks on {@code data} as {@link #run(Dataset)} does, and judges each row by the
   * row-level checks: the result holds the rows that pass them all apart from those that fail one,
   * with the reasons, and writes both ({@link CheckSplit}). Fails before any Spark job when no
   * check judges rows, or when the data has a column named as the reasons column.
   */
  public CheckSplit split(Dataset<Row> data) {
    return split(data, Map.of());
  }

  /**
   * {@link #split(Dataset)}, with referenced datasets given by name as {@link #run(Dataset, Map)}
   * takes them.
   */
  public CheckSplit split(Dataset<Row> data, Map<String, Dataset<Row>> datasets) {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(datasets, "datasets");
    return CheckSplit.of(this, data, datasets);
  }

  /**
   * {@code results} (of these checks on {@code data}) with, for each failed row-level check, where
   * its failing rows sit in the data: the slices (a column's value, a bucket of its numbers or
   * times, its nulls, and pairs of those) that hold much more of them than their share of the rows
   * ({@link Explainer}). The columns cut by are those {@code by} names, or when it is empty the
   * data's low-cardinality columns and its numbers and times in buckets. Two more passes over the
   * data, for every check at once (three when a failed {@code unique} or {@code references} check
   * joins its rows).
   */
  public CheckResults explain(
      Dataset<Row> data,
      Map<String, Dataset<Row>> datasets,
      CheckResults results,
      List<String> by) {
    Objects.requireNonNull(by, "by");
    Explainer explainer = Explainer.of(data);
    return explain(data, datasets, results, by.isEmpty() ? explainer : explainer.by(by));
  }

  /**
   * {@link #explain(Dataset, Map, CheckResults, List)} with an explainer of {@code data} made
   * beforehand ({@link Explainer#of}, its columns chosen): begun with {@link
   * Explainer#readingAhead} before the checks run, its first read runs beside them.
   */
  public CheckResults explain(
      Dataset<Row> data,
      Map<String, Dataset<Row>> datasets,
      CheckResults results,
      Explainer explainer) {
    Objects.requireNonNull(results, "results");
    Objects.requireNonNull(explainer, "explainer");
    return CheckExplain.explain(this, data, datasets, results, explainer);
  }

  /**
   * The row-level checks as a {@link RowJudge}, for the job runtime's {@code JobContext.split}: it
   * judges each row as {@link #split} does (a row fails a check whatever the check's severity and
   * allowed share of failures, with the same reasons column), and runs none of the checks, so the
   * dataset-level ones ({@code rowCount}, {@code mean}, ...) are planned (their fields checked, a
   * baseline read) but judge nothing. Referenced datasets are read from their paths ({@link
   * #reference}). Judging fails before any Spark job when no check judges rows, or when the data
   * has a column named as the reasons column.
   *
   * <pre>{@code
   * Dataset<Row> valid = ctx.split(plays, checks.rowLevel(), Io.parquet(quarantine), "bad_plays");
   * }</pre>
   */
  public RowJudge rowLevel() {
    return rowLevel(Map.of());
  }

  /**
   * {@link #rowLevel()}, with referenced datasets given by name as {@link #run(Dataset, Map)} takes
   * them (a job passes those it read through its context).
   */
  public RowJudge rowLevel(Map<String, Dataset<Row>> datasets) {
    Map<String, Dataset<Row>> given = Map.copyOf(Objects.requireNonNull(datasets, "datasets"));
    return data -> CheckSplit.rows(this, Objects.requireNonNull(data, "data"), given);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Checks c
        && checks.equals(c.checks)
        && references.equals(c.references)
        && baseline.equals(c.baseline);
  }

  @Override
  public int hashCode() {
    return Objects.hash(checks, references, baseline);
  }

  @Override
  public String toString() {
    return "Checks" + checks.stream().map(Check::name).toList();
  }
}
