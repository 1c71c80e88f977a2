package dev.wick.cli;

import dev.wick.bigdiff.BigDiff;
import dev.wick.bigdiff.DeltaStats;
import dev.wick.bigdiff.DiffSummary;
import dev.wick.bigdiff.DiffThresholds;
import dev.wick.bigdiff.DuplicateKeys;
import dev.wick.bigdiff.FieldStats;
import dev.wick.bigdiff.GlobalCounts;
import dev.wick.bigdiff.PreparedDiff;
import dev.wick.bigdiff.SchemaDifference;
import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.io.DatasetReader;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wick diff}: a keyed diff of two datasets with field-level statistics, as a gate. */
@Command(
    name = "diff",
    mixinStandardHelpOptions = true,
    description = {
      "Compare two datasets key by key: each key is SAME, DIFFERENT, MISSING_LHS (only in rhs)",
      "or MISSING_RHS (only in lhs), and each field gets statistics of how much it differs, all",
      "in one shuffle. Writes DIR/summary.json, DIR/keys/, DIR/fields/ and DIR/report.html, and",
      "prints a short table. With --fail-on-diff or --max-diff-fraction it exits with 1 when",
      "the diff is too big or the schema changed, and with 2 when a side has no rows, so that",
      "it can gate a release."
    })
final class DiffCommand implements Callable<Integer> {
  /** How many differing fields stdout lists; the report has them all. */
  static final int TOP_FIELDS = 10;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin SparkOptions spark;

  @Option(
      names = "--lhs",
      required = true,
      paramLabel = "PATH",
      description = "The baseline: a file, a folder, a glob or table:NAME.")
  String lhs;

  @Option(
      names = "--rhs",
      required = true,
      paramLabel = "PATH",
      description = "The candidate, compared against the baseline.")
  String rhs;

  @Option(
      names = "--key",
      required = true,
      split = ",",
      paramLabel = "FIELD",
      description = "The fields that identify a record (nested paths such as user.id allowed).")
  List<String> keys = new ArrayList<>();

  @Option(
      names = "--out",
      required = true,
      paramLabel = "DIR",
      description = "The folder to write the diff to (refused if it exists, unless --overwrite).")
  String out;

  @Option(
      names = "--ignore",
      split = ",",
      paramLabel = "FIELD",
      description = "Leave these fields, and everything below them, out of the comparison.")
  List<String> ignore = new ArrayList<>();

  @Option(
      names = "--unordered",
      split = ",",
      paramLabel = "FIELD",
      description = "Compare these array fields as multisets (order does not matter).")
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
      description =
          "Keys that occur more than once on a side: fail (the default) stops with examples;"
              + " report counts them, lists them under DIR/duplicates/ and diffs the rest.")
  String duplicates = "fail";

  @Option(
      names = "--include-same",
      description = "Also list SAME keys in DIR/keys/ (by default only the differing ones).")
  boolean includeSame;

  @ArgGroup(exclusive = true)
  Gate gate;

  /** The release gate: at most one of the two. */
  static final class Gate {
    @Option(
        names = "--max-diff-fraction",
        paramLabel = "X",
        description =
            "Exit with 1 when more than this fraction of the keys is not SAME (duplicated keys"
                + " count as not SAME).")
    Double maxDiffFraction;

    @Option(names = "--fail-on-diff", description = "Exit with 1 when any key is not SAME.")
    boolean failOnDiff;
  }

  @Option(
      names = "--allow-schema-change",
      description =
          "With a gate: pass even though fields are on one side only or changed type or"
              + " nullability (by default any schema change fails the gate).")
  boolean allowSchemaChange;

  @Option(
      names = "--allow-empty",
      description =
          "With a gate: pass even though a side has no rows (by default that is an input error,"
              + " exit 2).")
  boolean allowEmpty;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      description =
          "The format of keys/, fields/ and duplicates/: parquet (default), avro or json.")
  String format = "parquet";

  @Option(
      names = {"--in-format", "--input-format"},
      paramLabel = "FORMAT",
      converter = FormatConverter.class,
      description = "The inputs' format when their file names do not tell.")
  Format inputFormat;

  @Option(names = "--overwrite", description = "Replace an existing output (never an input).")
  boolean overwrite;

  @Override
  public Integer call() {
    Format outputFormat = outputFormat();
    DuplicateKeys duplicatePolicy = duplicatePolicy();
    if (gate != null
        && gate.maxDiffFraction != null
        && !(gate.maxDiffFraction >= 0 && gate.maxDiffFraction <= 1)) {
      throw WickException.usage(
          "--max-diff-fraction must be between 0 and 1, got " + gate.maxDiffFraction + ".");
    }
    SparkSession session = spark.spark();
    checkDistinctInputs(session);
    Optional<Format> in = Optional.ofNullable(inputFormat);
    Dataset<Row> left = DatasetReader.read(session, lhs, in);
    Dataset<Row> right = DatasetReader.read(session, rhs, in);
    BigDiff diff =
        BigDiff.of(left, right)
            .key(keys.toArray(new String[0]))
            .ignore(ignore.toArray(new String[0]))
            .unordered(unordered.toArray(new String[0]))
            .duplicates(duplicatePolicy)
            .includeSame(includeSame)
            .labels("lhs (" + lhs + ")", "rhs (" + rhs + ")");
    tolerance.forEach(diff::tolerance);
    relativeTolerance.forEach(diff::relativeTolerance);
    PreparedDiff prepared = diff.prepare();
    DiffSummary summary;
    String written;
    try (Output output = Output.create(session, out, overwrite, List.of(lhs, rhs))) {
      summary = prepared.writeTo(output, outputFormat);
      written = output.commit();
    }
    PrintWriter w = spec.commandLine().getOut();
    print(w, summary, local(written));
    w.flush();
    return gate(summary);
  }

  private Format outputFormat() {
    Format f = Format.parse(format);
    if (f != Format.PARQUET && f != Format.AVRO && f != Format.JSON) {
      throw WickException.usage(
          "--format "
              + format
              + " cannot hold the diff's lists of fields; use parquet, avro or json.");
    }
    return f;
  }

  private DuplicateKeys duplicatePolicy() {
    return switch (duplicates.trim().toLowerCase(Locale.ROOT)) {
      case "fail" -> DuplicateKeys.FAIL;
      case "report" -> DuplicateKeys.REPORT;
      default ->
          throw WickException.usage(
              "--duplicates must be fail or report, got '" + duplicates + "'.");
    };
  }

  /** Diffing a dataset with itself is a mistake (a wrong path), not a release check. */
  private void checkDistinctInputs(SparkSession session) {
    if (qualified(session, lhs).equals(qualified(session, rhs))) {
      throw WickException.usage(
          "--lhs and --rhs are the same dataset ("
              + lhs
              + "); pass the baseline as --lhs and the candidate as --rhs.");
    }
  }

  private static String qualified(SparkSession session, String location) {
    if (location.startsWith(DatasetReader.TABLE_PREFIX)) {
      return location;
    }
    Path path = dev.wick.core.io.Locations.path(location);
    try {
      String q =
          path.getFileSystem(session.sparkContext().hadoopConfiguration())
              .makeQualified(path)
              .toString();
      return q.endsWith("/") ? q.substring(0, q.length() - 1) : q;
    } catch (IOException e) {
      return location;
    }
  }

  /** A local file URI as a plain path, so that it can be pasted into a browser or shell. */
  private static String local(String location) {
    return location.startsWith("file:") ? location.substring("file:".length()) : location;
  }

  private int gate(DiffSummary summary) {
    if (gate == null) {
      return ExitCode.OK.code();
    }
    DiffThresholds thresholds =
        gate.failOnDiff
            ? DiffThresholds.anyDifference()
            : DiffThresholds.maxDiffFraction(gate.maxDiffFraction);
    if (allowSchemaChange) {
      thresholds = thresholds.allowingSchemaChange();
    }
    if (allowEmpty) {
      thresholds = thresholds.allowingEmpty();
    }
    return GatePrinter.report(
        summary.gate(thresholds),
        spec.commandLine().getErr(),
        "diff",
        gate.failOnDiff ? "--fail-on-diff" : "--max-diff-fraction " + gate.maxDiffFraction,
        "accept it with --allow-schema-change, or leave the field out with --ignore");
  }

  // ------------------------------------------------------------------ the stdout table

  private void print(PrintWriter w, DiffSummary s, String written) {
    GlobalCounts g = s.global();
    w.println(
        "wick diff  " + lhs + " (lhs) vs " + rhs + " (rhs), key " + String.join(", ", s.keys()));
    printSchema(w, s.schema());
    w.println(headline(s));
    w.println();
    w.printf(Locale.ROOT, "  %-16s %12s %9s%n", "keys", "count", "share");
    row(w, "total", g.total(), g, "");
    row(w, "same", g.same(), g, "");
    row(w, "different", g.different(), g, "");
    row(w, "missing in lhs", g.missingLhs(), g, "only in rhs");
    row(w, "missing in rhs", g.missingRhs(), g, "only in lhs");
    if (g.duplicateKeys() > 0) {
      row(
          w,
          "duplicated",
          g.duplicateKeys(),
          g,
          "lhs "
              + count(g.duplicateKeysLhs())
              + ", rhs "
              + count(g.duplicateKeysRhs())
              + "; not classified, count as not same");
    }
    if (g.nullKeys() > 0) {
      row(w, "null key parts", g.nullKeys(), g, "matched null-safely, classified like any key");
    }
    List<FieldStats> differing = s.differingFields();
    if (!differing.isEmpty()) {
      int width =
          Math.min(
              40,
              Math.max(5, differing.stream().mapToInt(f -> f.field().length()).max().orElse(5)));
      w.println();
      w.printf(
          Locale.ROOT,
          "  %-" + width + "s %9s %13s  %-8s %11s %11s %11s%n",
          "field",
          "differs",
          "of different",
          "delta",
          "mean",
          "p50",
          "p99");
      for (FieldStats f : differing.subList(0, Math.min(TOP_FIELDS, differing.size()))) {
        String name =
            f.field().length() > width ? f.field().substring(0, width - 1) + "~" : f.field();
        Optional<DeltaStats> d = f.delta();
        w.printf(
            Locale.ROOT,
            "  %-" + width + "s %9s %13s  %-8s %11s %11s %11s%n",
            name,
            count(f.different()),
            percent(f.fraction()),
            d.map(x -> x.type().name().toLowerCase(Locale.ROOT)).orElse("-"),
            d.map(x -> number(x.mean())).orElse(""),
            d.map(x -> number(x.p50())).orElse(""),
            d.map(x -> number(x.p99())).orElse(""));
      }
      if (differing.size() > TOP_FIELDS) {
        w.println("  ... and " + (differing.size() - TOP_FIELDS) + " more fields in the report");
      }
    }
    w.println();
    w.println("report: " + written + "/report.html");
  }

  /** The verdict: "the same" only when every key was classified SAME. */
  private static String headline(DiffSummary s) {
    GlobalCounts g = s.global();
    if (g.lhsKeys() == 0 || g.rhsKeys() == 0) {
      String empty =
          g.lhsKeys() == 0 && g.rhsKeys() == 0
              ? "both sides have"
              : g.lhsKeys() == 0 ? "the lhs has" : "the rhs has";
      return "nothing to compare: "
          + empty
          + " no rows ("
          + count(g.notSame())
          + " of "
          + count(g.total())
          + " keys on one side only)";
    }
    String keys =
        s.hasDifferences()
            ? count(g.notSame())
                + " of "
                + count(g.total())
                + " keys differ ("
                + percent(g.diffFraction())
                + (g.duplicateKeys() > 0 ? ", " + count(g.duplicateKeys()) + " duplicated" : "")
                + ")"
            : "all " + count(g.total()) + " keys are the same in the compared fields";
    return s.schema().differs() ? keys + "; the schema changed (above)" : keys;
  }

  /** The schema changes, first: they matter more than any value. */
  private static void printSchema(PrintWriter w, SchemaDifference d) {
    if (!d.differs()) {
      return;
    }
    w.println("schema changed:");
    if (!d.onlyLhs().isEmpty()) {
      w.println("  only in lhs, not compared: " + String.join(", ", d.onlyLhs()));
    }
    if (!d.onlyRhs().isEmpty()) {
      w.println("  only in rhs, not compared: " + String.join(", ", d.onlyRhs()));
    }
    for (SchemaDifference.Rename r : d.renames()) {
      w.println("  likely renamed: " + r.lhs() + " -> " + r.rhs());
    }
    for (SchemaDifference.TypeChange t : d.typeChanges()) {
      w.println(
          "  type changed: "
              + t.field()
              + " "
              + t.lhsType()
              + " -> "
              + t.rhsType()
              + (t.compared() ? " (compared in the wider type)" : " (incompatible, not compared)"));
    }
    for (SchemaDifference.NullabilityChange n : d.nullabilityChanges()) {
      w.println(
          "  nullability changed: "
              + n.field()
              + " "
              + (n.lhsNullable() ? "nullable" : "required")
              + " -> "
              + (n.rhsNullable() ? "nullable" : "required"));
    }
  }

  private static void row(PrintWriter w, String label, long n, GlobalCounts g, String note) {
    String share =
        label.equals("total") ? "" : percent(g.total() == 0 ? 0 : (double) n / g.total());
    w.printf(
        Locale.ROOT,
        "  %-16s %12s %9s%s%n",
        label,
        count(n),
        share,
        note.isEmpty() ? "" : "   " + note);
  }

  private static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  private static String percent(double f) {
    return String.format(Locale.ROOT, "%.2f%%", 100 * f);
  }

  private static String number(OptionalDouble v) {
    if (v.isEmpty()) {
      return "";
    }
    double x = v.getAsDouble();
    if (x == Math.rint(x) && Math.abs(x) < 1e12) {
      return String.valueOf((long) x);
    }
    return String.format(Locale.ROOT, "%.4g", x);
  }
}
