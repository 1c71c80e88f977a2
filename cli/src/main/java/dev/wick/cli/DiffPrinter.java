package dev.wick.cli;

import dev.wick.bigdiff.ArrayStats;
import dev.wick.bigdiff.DeltaStatistic;
import dev.wick.bigdiff.DeltaStats;
import dev.wick.bigdiff.DiffSummary;
import dev.wick.bigdiff.DiffType;
import dev.wick.bigdiff.FieldStats;
import dev.wick.bigdiff.GlobalCounts;
import dev.wick.bigdiff.RowExample;
import dev.wick.bigdiff.SampleBounds;
import dev.wick.bigdiff.SchemaDifference;
import dev.wick.core.report.Wording;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/** Prints a diff's summary on stdout: the schema changes, the verdict, the counts and fields. */
final class DiffPrinter {
  /** How many differing fields stdout lists; the report has them all. */
  static final int TOP_FIELDS = 10;

  private DiffPrinter() {}

  /** The table: counts per classification, then the differing fields. */
  static void print(PrintWriter w, String lhs, String rhs, DiffSummary s, String written) {
    GlobalCounts g = s.global();
    w.println(
        "wick diff  "
            + lhs
            + " (lhs) vs "
            + rhs
            + " (rhs), "
            + (s.keyless()
                ? "no key: rows compared as multisets"
                : "key " + String.join(", ", s.keys())));
    printSchema(w, s.schema());
    w.println(headline(s));
    w.println();
    w.printf(Locale.ROOT, "  %-16s %12s %9s%n", s.keyless() ? "rows" : "keys", "count", "share");
    row(w, "total", g.total(), g, "");
    row(w, "same", g.same(), g, "");
    if (!s.keyless()) {
      row(w, "different", g.different(), g, "");
    }
    row(w, "missing in lhs", g.missingLhs(), g, "only in rhs");
    row(w, "missing in rhs", g.missingRhs(), g, "only in lhs");
    if (g.duplicateKeys() > 0) {
      row(
          w,
          "duplicated",
          g.duplicateKeys(),
          g,
          "lhs "
              + Wording.count(g.duplicateKeysLhs())
              + ", rhs "
              + Wording.count(g.duplicateKeysRhs())
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
      List<DeltaStatistic> shown = DeltaStatistic.in(DeltaStatistic.Shown.CONSOLE);
      String format = "  %-" + width + "s %9s %13s  %-8s" + " %11s".repeat(shown.size()) + "%n";
      List<Object> heading = new ArrayList<>(List.of("field", "differs", "of different", "delta"));
      shown.forEach(stat -> heading.add(stat.key()));
      w.println();
      w.printf(Locale.ROOT, format, heading.toArray());
      for (FieldStats f : differing.subList(0, Math.min(TOP_FIELDS, differing.size()))) {
        String name =
            f.field().length() > width ? f.field().substring(0, width - 1) + "~" : f.field();
        Optional<DeltaStats> d = f.delta();
        List<Object> row =
            new ArrayList<>(
                List.of(
                    name,
                    Wording.count(f.different()),
                    Wording.percent(f.fraction()),
                    d.map(x -> x.type().name().toLowerCase(Locale.ROOT)).orElse("-")));
        shown.forEach(stat -> row.add(d.map(x -> statistic(x, stat)).orElse("")));
        w.printf(Locale.ROOT, format, row.toArray());
      }
      boolean approximate = false;
      for (FieldStats f : differing.subList(0, Math.min(TOP_FIELDS, differing.size()))) {
        if (f.delta().isPresent()) {
          DeltaStats d = f.delta().get();
          approximate |= shown.stream().anyMatch(stat -> d.isApproximate(stat));
          d.lowerBoundNote().ifPresent(n -> w.println("  " + f.field() + ": " + n + "."));
        }
      }
      if (approximate) {
        w.println("  ~ marks an approximate statistic; the others are exact.");
      }
      if (differing.size() > TOP_FIELDS) {
        w.println("  ... and " + (differing.size() - TOP_FIELDS) + " more fields in the report");
      }
    }
    for (RowExample r : s.rows()) {
      w.println(
          "  "
              + (r.type() == DiffType.MISSING_RHS ? "only in lhs" : "only in rhs")
              + (r.count() > 1 ? " (" + Wording.count(r.count()) + " copies): " : ": ")
              + r.row());
    }
    if (!s.arrays().isEmpty()) {
      w.println();
      for (ArrayStats a : s.arrays()) {
        w.println(
            "  "
                + a.field()
                + "[] by "
                + a.elementKey()
                + ": "
                + Wording.count(a.onlyLhs())
                + " elements only in lhs, "
                + Wording.count(a.onlyRhs())
                + " only in rhs"
                + (a.unmatched() > 0
                    ? "; "
                        + Wording.count(a.unmatched())
                        + " keys not matched (a null or repeated "
                        + a.elementKey()
                        + ")"
                    : ""));
      }
    }
    s.sample().ifPresent(b -> printSample(w, b, s));
    if (!s.explanations().isEmpty()) {
      w.println();
      s.explanations().values().stream()
          .limit(TOP_FIELDS)
          .forEach(e -> w.println("explain: " + e.line()));
      if (s.explanations().size() > TOP_FIELDS) {
        w.println("  ... and " + (s.explanations().size() - TOP_FIELDS) + " more in the report");
      }
    }
    w.println();
    w.println("report: " + written + "/report.html");
  }

  /** A sample's shares with their intervals: the classifications, then the differing fields. */
  private static void printSample(PrintWriter w, SampleBounds b, DiffSummary s) {
    w.println();
    w.println(
        "sample: "
            + Wording.percent(b.fraction())
            + " of the keys by key hash (seed "
            + b.seed()
            + "), "
            + Wording.count(b.keys())
            + " keys; "
            + Math.round(100 * SampleBounds.CONFIDENCE)
            + "% Wilson intervals of the share of all keys:");
    List<SampleBounds.Interval> shown = new ArrayList<>(b.categories());
    b.fields().stream().filter(i -> i.count() > 0).limit(TOP_FIELDS).forEach(shown::add);
    for (SampleBounds.Interval i : shown) {
      w.printf(
          Locale.ROOT,
          "  %-16s %9s  [%s, %s]%n",
          i.name(),
          Wording.percent(i.estimate()),
          Wording.percent(i.low()),
          Wording.percent(i.high()));
    }
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
          + Wording.count(g.notSame())
          + " of "
          + Wording.count(g.total())
          + " keys on one side only)";
    }
    String noun = s.keyless() ? " rows" : " keys";
    String keys =
        s.hasDifferences()
            ? Wording.count(g.notSame())
                + " of "
                + Wording.count(g.total())
                + noun
                + " differ ("
                + Wording.percent(g.diffFraction())
                + (g.duplicateKeys() > 0
                    ? ", " + Wording.count(g.duplicateKeys()) + " duplicated"
                    : "")
                + ")"
            : "all " + Wording.count(g.total()) + noun + " are the same in the compared fields";
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
        label.equals("total") ? "" : Wording.percent(g.total() == 0 ? 0 : (double) n / g.total());
    w.printf(
        Locale.ROOT,
        "  %-16s %12s %9s%s%n",
        label,
        Wording.count(n),
        share,
        note.isEmpty() ? "" : "   " + note);
  }

  /** A statistic's value, after {@code ~} when it is approximate. */
  private static String statistic(DeltaStats d, DeltaStatistic stat) {
    String v = number(d.get(stat));
    return d.isApproximate(stat) && !v.isEmpty() ? "~" + v : v;
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
