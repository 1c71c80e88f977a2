package dev.wick.core.explain;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.count_if;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import dev.wick.core.WickException;
import dev.wick.core.report.Binomial;
import dev.wick.core.report.DidYouMean;
import dev.wick.core.report.Wilson;
import dev.wick.core.report.Wording;
import dev.wick.core.spark.Columns;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * Finds where a failure sits in the data: the slices (a column's value, a bucket of its numbers or
 * times, its nulls, and pairs of those) that hold much more of the failing rows than their share of
 * all rows.
 *
 * <pre>{@code
 * Explanation e = Explainer.of(plays).explain("range(ms_played)", col("ms_played").gt(86_400_000));
 * e.line(); // range(ms_played): 97.00% of the 412 failing rows are in platform = WEB (...)
 * }</pre>
 *
 * <p>Two reads of the data, whatever the number of columns and failures: a short one that takes the
 * first rows of every partition, about {@value #MEASURED_ROWS} in all, to learn the candidate
 * columns' values and quantiles (which columns to cut by, and where), and one aggregation of the
 * rows and failing rows per combination of the columns' labels over every row, which the driver
 * then sums per column and per pair of columns. The columns cut by are chosen so that the labels
 * the first read saw make at most {@value #MAX_COMBINATIONS} combinations; should the data hold so
 * many more values that the aggregation finds four times that, it is made again with the values the
 * first read did not see sharing one label per column ({@link Condition.Kind#OTHER}), so what the
 * driver holds is bounded whatever the rows.
 *
 * <p>A slice is reported when the lower end of its failing rate's 95% Wilson interval is above the
 * upper end of the interval of the rate outside it, it holds at least {@value #MIN_FAILING} failing
 * rows, and as many failing rows would be that unlikely at that outside rate (the binomial tail,
 * exact for small counts) that, over all the slices looked at, failures spread evenly would show
 * such a slice with a chance below {@value #FAMILY_ERROR} (Bonferroni). A pair is dropped when its
 * rate is no better than one of its parts', and a column's slice is dropped when the rest of it,
 * outside a pair within it, would not stand out by itself (the pair is the sharper explanation).
 * Slices rank by their excess: the failing rows they hold beyond what the rate outside would give
 * them.
 *
 * <p>By default the candidates are the top-level columns of plain types (text, numbers, booleans,
 * dates, times) with at most {@value #MAX_VALUES} distinct values in the first read, and the
 * numbers and times with more, in five buckets by their quantiles; text with more distinct values
 * is skipped, never exploded, and at most {@value #MAX_COLUMNS} columns are cut by, the
 * fewest-valued first. {@link #by} names the columns instead.
 */
public final class Explainer {
  /** The most distinct values a column may have to be cut by its values. */
  public static final int MAX_VALUES = 20;

  /** The most columns cut by when they are chosen automatically. */
  public static final int MAX_COLUMNS = 8;

  /** The fewest failing rows a reported slice holds. */
  public static final int MIN_FAILING = 5;

  /** How many slices an explanation keeps. */
  public static final int TOP = 5;

  /** The setting {@link #by} (for errors that name it, {@link WickException#about}). */
  public static final String BY = "explainBy";

  /**
   * The chance, over all the slices of one explanation, that a slice is reported where the failures
   * are in fact spread evenly.
   */
  public static final double FAMILY_ERROR = 0.001;

  /**
   * At most about this many combinations of the labels of the columns cut by (values, buckets and
   * null): the counts per combination are summed per column and per pair on the driver.
   */
  public static final long MAX_COMBINATIONS = 50_000;

  /**
   * About how many rows the first read takes, the same number from the start of each partition it
   * reads: enough for the quantiles that edge the buckets and for the values of a column of few,
   * and cheap, since each partition's read stops there (a Spark sample or limit would decode every
   * row, or take its rows from wherever they arrive first).
   */
  public static final int MEASURED_ROWS = 20_000;

  private static final double[] CUTS = {0.2, 0.4, 0.6, 0.8};

  /** The label of a null in a column cut by its values. */
  private static final String NULL_TEXT = "\u0000null";

  /** The bounded label of a value the first read did not see, in a column cut by its values. */
  private static final String OTHER_TEXT = "\u0000other";

  /** The label of a null in a column cut into buckets. */
  private static final int NULL_BUCKET = -1;

  /**
   * At most this many combinations of labels are taken to the driver; beyond, the counts are made
   * again with the bounded labels.
   */
  private static final long MAX_TAKEN = 4 * MAX_COMBINATIONS;

  private final Dataset<Row> data;
  private final List<String> by;
  private final Set<String> excluded;
  private final Explanation.Unit unit;
  private final Dataset<Row> measured;
  private final Ahead ahead;

  /** A first read begun ahead ({@link #readingAhead}) of the rows measured on. */
  private record Ahead(Dataset<Row> of, CompletableFuture<FirstRead> read) {}

  private Explainer(
      Dataset<Row> data,
      List<String> by,
      Set<String> excluded,
      Explanation.Unit unit,
      Dataset<Row> measured,
      Ahead ahead) {
    this.data = data;
    this.measured = measured;
    this.by = List.copyOf(by);
    this.excluded = Set.copyOf(excluded);
    this.unit = Objects.requireNonNull(unit, "unit");
    this.ahead = ahead;
  }

  /** An explainer of failures in {@code data}, cutting by the columns it chooses. */
  public static Explainer of(Dataset<Row> data) {
    return new Explainer(
        Objects.requireNonNull(data, "data"),
        List.of(),
        Set.of(),
        Explanation.Unit.ROWS,
        data,
        null);
  }

  /** This explainer, its explanations naming each row of the data as {@code unit} says. */
  public Explainer counting(Explanation.Unit unit) {
    return new Explainer(data, by, excluded, unit, measured, ahead);
  }

  /**
   * This explainer, cutting by {@code columns} (top-level columns of the data); fails with a usage
   * error naming a column the data lacks.
   */
  public Explainer by(List<String> columns) {
    List<String> have = Arrays.asList(data.columns());
    for (String c : columns) {
      if (!have.contains(c)) {
        throw WickException.usage(
                "The list of columns to explain by names '"
                    + c
                    + "', which the data does not have"
                    + DidYouMean.suggestion(c, have)
                    + "; name top-level columns of the data.")
            .about(BY, "The list of columns to explain by");
      }
    }
    return new Explainer(data, columns, excluded, unit, measured, ahead);
  }

  /**
   * This explainer, measuring the candidate columns' distinct values and bucket edges on {@code
   * rows} instead of the data: rows with the same columns, most of the data's or a sample of them,
   * cheaper to read (the rows of a dataset before the join that added the failures to them). The
   * explanation fails when {@code rows} lacks a column it cuts by, or has it with another type.
   */
  public Explainer measuredOn(Dataset<Row> rows) {
    return new Explainer(data, by, excluded, unit, Objects.requireNonNull(rows, "rows"), null);
  }

  /**
   * This explainer, explaining the failures of {@code rows}: the data with columns of its own added
   * (each failure's flag), still measured on the rows it measured on, its first read kept when
   * begun. Exclude the added columns ({@link #excluding}) unless the columns cut by are named.
   */
  public Explainer over(Dataset<Row> rows) {
    return new Explainer(Objects.requireNonNull(rows, "rows"), by, excluded, unit, measured, ahead);
  }

  /**
   * This explainer with its first read (the short read that learns the candidate columns' values
   * and quantiles, which does not depend on the failures) begun now on a thread of its own: a
   * command that judges the data and then explains what failed begins it before judging, so the
   * read runs beside that work rather than after it. An error in the read is raised by the
   * explanation that needs it; an explainer that never explains leaves the read to finish alone.
   */
  public Explainer readingAhead() {
    List<StructField> fields = candidates(new LinkedHashMap<>());
    if (fields.isEmpty()) {
      return this;
    }
    return new Explainer(
        data, by, excluded, unit, measured, new Ahead(measured, FirstRead.ahead(measured, fields)));
  }

  /** This explainer, never cutting by {@code columns} (keys, Wick's own columns). */
  public Explainer excluding(Collection<String> columns) {
    Set<String> all = new java.util.HashSet<>(excluded);
    all.addAll(columns);
    return new Explainer(data, by, all, unit, measured, ahead);
  }

  /**
   * A failure to explain: the rows for which {@code failing} holds (a null counts as not failing),
   * cut by no column of {@code notBy} (the columns it judges, whose slices would only restate it).
   */
  public record Failure(Column failing, Set<String> notBy) {
    public Failure {
      Objects.requireNonNull(failing, "failing");
      notBy = Set.copyOf(notBy);
    }

    /**
     * The rows for which {@code failing} holds, a rule of {@code fields} (field paths, comma
     * separated: {@code ms}, {@code tags[]}, {@code a.b}, {@code user_id, kind}), cut by none of
     * their top-level columns.
     */
    public static Failure of(Column failing, String fields) {
      Set<String> columns = new java.util.HashSet<>();
      for (String part : fields.split(",\\s*")) {
        String top = part.split("[.\\[{]", 2)[0].strip();
        if (!top.isEmpty()) {
          columns.add(top);
        }
      }
      return new Failure(failing, columns);
    }
  }

  /** Where the rows for which {@code failing} holds sit; {@code failure} names it for people. */
  public Explanation explain(String failure, Column failing) {
    return explainAll(Map.of(failure, new Failure(failing, Set.of()))).get(failure);
  }

  /**
   * Where each failure sits, all of them in the same two passes: for each name, the rows for which
   * its column holds (a null counts as not failing).
   */
  public Map<String, Explanation> explain(Map<String, Column> failures) {
    Map<String, Failure> all = new LinkedHashMap<>();
    failures.forEach((k, v) -> all.put(k, new Failure(v, Set.of())));
    return explainAll(all);
  }

  /** {@link #explain(Map)}, each failure cut by none of its own {@link Failure#notBy} columns. */
  public Map<String, Explanation> explainAll(Map<String, Failure> given) {
    Map<String, Column> failures = new LinkedHashMap<>();
    given.forEach((k, v) -> failures.put(k, v.failing()));
    Map<String, String> skipped = new LinkedHashMap<>();
    List<Cut> cuts = cuts(skipped);
    List<String> names = new ArrayList<>(failures.keySet());
    Map<String, Explanation> out = new LinkedHashMap<>();
    if (cuts.isEmpty()) {
      long[] totals = totals(failures, names);
      for (int j = 0; j < names.size(); j++) {
        out.put(
            names.get(j),
            new Explanation(
                names.get(j), totals[0], totals[j + 1], List.of(), skipped, List.of(), unit));
      }
      return out;
    }
    List<Row> groups = groups(cuts, failures, names);
    List<String> columns = cuts.stream().map(Cut::column).toList();
    for (int j = 0; j < names.size(); j++) {
      Set<String> notBy = given.get(names.get(j)).notBy();
      out.put(
          names.get(j),
          judge(
              names.get(j),
              cuts,
              groups,
              j,
              columns.stream().filter(c -> !notBy.contains(c)).toList(),
              skipped,
              notBy));
    }
    return out;
  }

  /**
   * How one column is cut: the label of a row's value there, and a bounded label for when the
   * labels make too many combinations (values the first read did not see share one). A column cut
   * by its values is labelled by the value as text ({@link #NULL_TEXT} for null, {@link
   * #OTHER_TEXT} for another value); one cut into buckets by the bucket's index in {@code names}
   * ({@link #NULL_BUCKET} for null).
   */
  private record Cut(
      String column, Column label, Column bounded, boolean buckets, List<String> names) {
    /** The condition a row with label {@code label} meets. */
    Condition condition(Object label) {
      if (NULL_TEXT.equals(label) || Integer.valueOf(NULL_BUCKET).equals(label)) {
        return new Condition(column, Condition.Kind.NULL, "");
      }
      if (OTHER_TEXT.equals(label)) {
        return new Condition(column, Condition.Kind.OTHER, "");
      }
      return buckets
          ? new Condition(column, Condition.Kind.BUCKET, names.get((Integer) label))
          : new Condition(column, Condition.Kind.VALUE, (String) label);
    }
  }

  /** The columns to cut by, and how; what is left out goes into {@code skipped} with why. */
  private List<Cut> cuts(Map<String, String> skipped) {
    List<StructField> candidates = candidates(skipped);
    if (candidates.isEmpty()) {
      return List.of();
    }
    FirstRead first = firstRead(candidates);
    record Stat(StructField field, List<Object> values, List<Object> edges) {}
    List<Stat> measured = new ArrayList<>();
    for (StructField field : candidates) {
      List<Object> seen = first.distinct(field.name());
      boolean orderable = orderable(field.dataType());
      List<Object> edges = new ArrayList<>();
      if (seen.size() > MAX_VALUES && orderable) {
        List<Object> sorted = new ArrayList<>(first.values(field.name()));
        sorted.sort(Explainer::compare);
        TreeSet<Object> distinct = new TreeSet<>(Explainer::compare);
        for (double q : CUTS) {
          distinct.add(
              sorted.get((int) Math.min(sorted.size() - 1, Math.floor(q * sorted.size()))));
        }
        edges.addAll(distinct);
      }
      List<Object> values = new ArrayList<>(seen);
      if (values.size() <= MAX_VALUES && orderable) {
        values.sort(Explainer::compare);
      }
      measured.add(new Stat(field, values, edges));
    }
    // The fewest-valued columns first: they cut the data into the broadest slices.
    measured.sort(Comparator.comparingInt(s -> s.values().size()));
    List<Cut> cuts = new ArrayList<>();
    long combinations = 1;
    for (Stat s : measured) {
      String name = s.field().name();
      Column c = Columns.column(name);
      boolean values = s.values().size() <= MAX_VALUES;
      boolean buckets = !values && !s.edges().isEmpty();
      // A column's labels: its values (and any other value) or its buckets, and null.
      long labels = values ? s.values().size() + 2 : s.edges().size() + 2;
      if (by.isEmpty() && cuts.size() == MAX_COLUMNS) {
        skipped.put(
            name, "more than " + MAX_COLUMNS + " columns; name it among the columns to explain by");
      } else if ((values || buckets) && combinations * labels > MAX_COMBINATIONS) {
        skipped.put(
            name,
            "its labels with those of the columns before it would make more than "
                + Wording.count(MAX_COMBINATIONS, "combination")
                + "; name fewer columns to explain by");
      } else if (values) {
        cuts.add(valuesCut(name, c, s.values()));
        combinations *= labels;
      } else if (buckets) {
        cuts.add(bucketsCut(name, c, s.edges()));
        combinations *= labels;
      } else {
        skipped.put(
            name,
            "more than "
                + Wording.count(MAX_VALUES, "distinct value")
                + " in its first "
                + Wording.count(first.rows(), "row"));
      }
    }
    return cuts;
  }

  /**
   * The columns that may be cut by: those named, or the data's top-level columns of plain types but
   * those excluded; a named column of another type goes into {@code skipped} with why.
   */
  private List<StructField> candidates(Map<String, String> skipped) {
    List<StructField> candidates = new ArrayList<>();
    for (StructField f : data.schema().fields()) {
      boolean chosen = by.isEmpty() ? !excluded.contains(f.name()) : by.contains(f.name());
      if (chosen && plain(f.dataType())) {
        candidates.add(f);
      } else if (chosen && !by.isEmpty()) {
        skipped.put(f.name(), "a " + f.dataType().simpleString() + ", not a plain value");
      }
    }
    for (StructField f : candidates) {
      boolean same =
          Arrays.asList(measured.columns()).contains(f.name())
              && measured.schema().apply(f.name()).dataType().sameType(f.dataType());
      if (!same) {
        throw new IllegalStateException(
            "the rows the explainer measures on lack column " + f.name() + " of the data's type");
      }
    }
    return candidates;
  }

  /**
   * The first read of {@code fields} of the measured rows: the one begun ahead when it read them
   * all, else one made now.
   */
  private FirstRead firstRead(List<StructField> fields) {
    if (ahead != null && ahead.of() == measured) {
      FirstRead read = FirstRead.await(ahead.read());
      if (read.columns().containsAll(fields.stream().map(StructField::name).toList())) {
        return read;
      }
    }
    return FirstRead.of(measured, fields);
  }

  /**
   * A label per value, as text, and one for null; bounded, the values {@code values} (those the
   * first read saw) keep theirs and every other value shares one.
   */
  private static Cut valuesCut(String name, Column c, List<Object> values) {
    Column text = coalesce(c.cast("string"), lit(NULL_TEXT));
    Column bounded =
        when(c.isNull(), lit(NULL_TEXT))
            .when(c.isin(values.toArray()), c.cast("string"))
            .otherwise(lit(OTHER_TEXT));
    return new Cut(name, text, bounded, false, List.of());
  }

  /**
   * A label per bucket between the {@code edges}: {@code < a}, {@code [a, b)}, {@code >= z}, and
   * one for null.
   */
  private static Cut bucketsCut(String name, Column c, List<Object> edges) {
    Column label = when(c.isNull(), lit(NULL_BUCKET));
    List<String> names = new ArrayList<>();
    for (int i = 0; i < edges.size(); i++) {
      names.add(
          i == 0
              ? "< " + text(edges.get(0))
              : "[" + text(edges.get(i - 1)) + ", " + text(edges.get(i)) + ")");
      label = label.when(c.lt(lit(edges.get(i))), lit(i));
    }
    names.add(">= " + text(edges.get(edges.size() - 1)));
    label = label.otherwise(lit(edges.size()));
    return new Cut(name, label, label, true, names);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object a, Object b) {
    return ((Comparable) a).compareTo(b);
  }

  /** A bucket edge as people read it: numbers as they are, times as ISO-8601. */
  private static String text(Object edge) {
    if (edge instanceof Timestamp t) {
      return t.toInstant().toString();
    }
    if (edge instanceof Date d) {
      return d.toLocalDate().toString();
    }
    if (edge instanceof Instant || edge instanceof LocalDate || edge instanceof LocalDateTime) {
      return edge.toString();
    }
    if (edge instanceof Double d) {
      return Wording.plain(d);
    }
    return String.valueOf(edge);
  }

  private static boolean plain(DataType t) {
    return t instanceof StringType || t instanceof BooleanType || orderable(t);
  }

  static boolean orderable(DataType t) {
    return t instanceof NumericType
        || t instanceof DateType
        || t instanceof TimestampType
        || t instanceof TimestampNTZType;
  }

  /** The rows, then each failure's failing rows, in one aggregation. */
  private long[] totals(Map<String, Column> failures, List<String> names) {
    List<Column> aggs = new ArrayList<>();
    aggs.add(count(lit(1)));
    for (String n : names) {
      aggs.add(count_if(coalesce(failures.get(n), lit(false))));
    }
    Row r = data.agg(aggs.get(0), aggs.subList(1, aggs.size()).toArray(new Column[0])).first();
    long[] out = new long[names.size() + 1];
    for (int i = 0; i < out.length; i++) {
      out[i] = r.getLong(i);
    }
    return out;
  }

  /**
   * Per grouping set (none, each column, each pair): the labels (null where not grouped), whether
   * each column is grouped (0) or not (1), the rows and each failure's failing rows. One Spark
   * aggregation counts the rows per combination of the columns' labels, whose number {@link #cuts}
   * bounds by {@value #MAX_COMBINATIONS}; the grouping sets are summed from those on the driver.
   */
  private List<Row> groups(List<Cut> cuts, Map<String, Column> failures, List<String> names) {
    List<Row> combinations = combinations(cuts, failures, names, false);
    if (combinations.size() > MAX_TAKEN) {
      // More values than the first read saw: those it did not see share one label per column.
      combinations = combinations(cuts, failures, names, true);
    }
    int m = cuts.size();
    int f = names.size();
    // Each grouping set's sums, by the labels it is grouped by (in column order).
    Map<List<Object>, long[]> sums = new LinkedHashMap<>();
    for (Row c : combinations) {
      long[] counts = new long[f + 1];
      for (int j = 0; j <= f; j++) {
        counts[j] = c.getLong(m + j);
      }
      add(sums, List.of(), counts);
      for (int a = 0; a < m; a++) {
        add(sums, List.of(a, c.get(a)), counts);
        for (int b = a + 1; b < m; b++) {
          add(sums, List.of(a, c.get(a), b, c.get(b)), counts);
        }
      }
    }
    List<Row> out = new ArrayList<>(sums.size());
    sums.forEach(
        (key, counts) -> {
          Object[] values = new Object[2 * m + 1 + f];
          java.util.Arrays.fill(values, m, 2 * m, 1);
          for (int k = 0; k < key.size(); k += 2) {
            int at = (Integer) key.get(k);
            values[at] = key.get(k + 1);
            values[m + at] = 0;
          }
          for (int j = 0; j <= f; j++) {
            values[2 * m + j] = counts[j];
          }
          out.add(RowFactory.create(values));
        });
    return out;
  }

  /**
   * The rows and each failure's failing rows per combination of the columns' labels ({@code
   * bounded} ones when asked), in one aggregation; at most {@link #MAX_TAKEN} and one more are
   * taken. Each row holds the labels in the order of {@code cuts}, then the counts.
   */
  private List<Row> combinations(
      List<Cut> cuts, Map<String, Column> failures, List<String> names, boolean bounded) {
    List<Column> select = new ArrayList<>();
    List<Column> keys = new ArrayList<>();
    // The buckets' labels are packed into one number (one key of a number groups faster than
    // several); each bucket column is a digit of its own base. The values keep their text.
    Column packed = null;
    long[] place = new long[cuts.size()];
    long next = 1;
    for (int i = 0; i < cuts.size(); i++) {
      Cut cut = cuts.get(i);
      if (cut.buckets()) {
        Column digit = cut.label().minus(lit(NULL_BUCKET)).cast("long");
        Column term = next == 1 ? digit : digit.multiply(lit(next));
        packed = packed == null ? term : packed.plus(term);
        place[i] = next;
        next *= base(cut);
      } else {
        select.add((bounded ? cut.bounded() : cut.label()).as("l" + i));
        keys.add(col("l" + i));
      }
    }
    if (packed != null) {
      select.add(packed.as("b"));
      keys.add(col("b"));
    }
    for (int j = 0; j < names.size(); j++) {
      select.add(coalesce(failures.get(names.get(j)), lit(false)).cast("int").as("f" + j));
    }
    List<Column> counted = new ArrayList<>();
    counted.add(count(lit(1)).as("n"));
    for (int j = 0; j < names.size(); j++) {
      counted.add(sum(col("f" + j)).as("k" + j));
    }
    List<Row> taken =
        data.select(select.toArray(new Column[0]))
            .groupBy(keys.toArray(new Column[0]))
            .agg(counted.get(0), counted.subList(1, counted.size()).toArray(new Column[0]))
            .limit((int) MAX_TAKEN + 1)
            .collectAsList();
    List<Row> out = new ArrayList<>(taken.size());
    for (Row r : taken) {
      Object[] values = new Object[cuts.size() + 1 + names.size()];
      for (int i = 0; i < cuts.size(); i++) {
        Cut cut = cuts.get(i);
        values[i] =
            cut.buckets()
                ? (int) (r.getLong(r.fieldIndex("b")) / place[i] % base(cut)) + NULL_BUCKET
                : r.get(r.fieldIndex("l" + i));
      }
      values[cuts.size()] = r.getLong(r.fieldIndex("n"));
      for (int j = 0; j < names.size(); j++) {
        values[cuts.size() + 1 + j] = r.getLong(r.fieldIndex("k" + j));
      }
      out.add(RowFactory.create(values));
    }
    return out;
  }

  /** How many labels a column cut into buckets has: its buckets and null. */
  private static int base(Cut cut) {
    return cut.names().size() + 1;
  }

  private static void add(Map<List<Object>, long[]> sums, List<Object> key, long[] counts) {
    long[] into = sums.computeIfAbsent(key, k -> new long[counts.length]);
    for (int j = 0; j < counts.length; j++) {
      into[j] += counts[j];
    }
  }

  /** The explanation of failure {@code j} from the grouping sets' rows. */
  private Explanation judge(
      String failure,
      List<Cut> cuts,
      List<Row> groups,
      int j,
      List<String> columns,
      Map<String, String> skipped,
      Set<String> notBy) {
    int m = cuts.size();
    int nAt = 2 * m;
    int kAt = 2 * m + 1 + j;
    long total = 0;
    long failing = 0;
    for (Row r : groups) {
      if (grouped(r, m).isEmpty()) {
        total = longAt(r, nAt);
        failing = longAt(r, kAt);
      }
    }
    if (failing == 0) {
      return new Explanation(failure, total, 0, columns, skipped, List.of(), unit);
    }
    int tested = 0;
    for (Row r : groups) {
      List<Integer> at = grouped(r, m);
      if (!at.isEmpty() && at.stream().noneMatch(i -> notBy.contains(cuts.get(i).column()))) {
        tested++;
      }
    }
    // Bonferroni: a slice must stand out over all the slices looked at, not each alone.
    double alpha = FAMILY_ERROR / Math.max(1, tested);
    Map<List<Condition>, Slice> all = new HashMap<>();
    List<Slice> standing = new ArrayList<>();
    for (Row r : groups) {
      List<Integer> at = grouped(r, m);
      if (at.isEmpty() || at.stream().anyMatch(i -> notBy.contains(cuts.get(i).column()))) {
        continue;
      }
      long n = longAt(r, nAt);
      long k = longAt(r, kAt);
      if (n == 0 || n == total) {
        continue; // no row, or every row: nothing to compare
      }
      List<Condition> conditions = new ArrayList<>();
      for (int i : at) {
        conditions.add(cuts.get(i).condition(r.get(i)));
      }
      double outside = (double) (failing - k) / (total - n);
      double rate = (double) k / n;
      double[] shown = Wilson.interval(k, n, Wilson.Z95);
      Slice s =
          new Slice(
              conditions,
              n,
              k,
              (double) k / failing,
              rate,
              shown[0],
              shown[1],
              outside,
              outside == 0 ? Double.POSITIVE_INFINITY : rate / outside);
      all.put(conditions, s);
      if (stands(k, n, failing - k, total - n, alpha)) {
        standing.add(s);
      }
    }
    List<Slice> kept = new ArrayList<>();
    for (Slice s : standing) {
      if (s.conditions().size() == 2) {
        Slice a = all.get(List.of(s.conditions().get(0)));
        Slice b = all.get(List.of(s.conditions().get(1)));
        double parts = Math.max(a == null ? 0 : a.rate(), b == null ? 0 : b.rate());
        if (s.low() <= parts) {
          continue; // no better than one of its parts
        }
      }
      kept.add(s);
    }
    List<Slice> pairs = kept.stream().filter(s -> s.conditions().size() == 2).toList();
    long rows = total;
    long fails = failing;
    // A column's slice is explained by a pair within it when the rest of it, outside the pair,
    // would not stand out by itself.
    kept.removeIf(
        s ->
            s.conditions().size() == 1
                && pairs.stream()
                    .anyMatch(
                        p ->
                            p.conditions().contains(s.conditions().get(0))
                                && !stands(
                                    s.failing() - p.failing(),
                                    s.rows() - p.rows(),
                                    fails - s.failing(),
                                    rows - s.rows(),
                                    alpha)));
    kept.sort(
        Comparator.comparingDouble(Slice::excess)
            .reversed()
            .thenComparing(Comparator.comparingDouble(Slice::rate).reversed())
            .thenComparingInt(s -> s.conditions().size()));
    return new Explanation(
        failure,
        total,
        failing,
        columns,
        skipped,
        kept.subList(0, Math.min(TOP, kept.size())),
        unit);
  }

  /**
   * Whether {@code k} failing of {@code n} rows stand out against {@code kOut} of {@code nOut}
   * outside them: at least {@value #MIN_FAILING} failing rows, the lower end of their rate's 95%
   * interval above the upper end of the outside's (so that a rate few rows measured is not
   * trusted), and as many failing rows less likely than {@code alpha} at that outside rate.
   */
  private static boolean stands(long k, long n, long kOut, long nOut, double alpha) {
    if (k < MIN_FAILING) {
      return false;
    }
    double outsideHigh = Wilson.interval(kOut, nOut, Wilson.Z95)[1];
    return Wilson.interval(k, n, Wilson.Z95)[0] > outsideHigh
        && Binomial.upperTail(k, n, outsideHigh) < alpha;
  }

  /** A sum of counts, 0 when there was nothing to sum (no rows). */
  private static long longAt(Row r, int i) {
    return r.isNullAt(i) ? 0 : r.getLong(i);
  }

  /** The columns a grouping set's row is grouped by (its flags are 0). */
  private static List<Integer> grouped(Row r, int m) {
    List<Integer> at = new ArrayList<>();
    for (int i = 0; i < m; i++) {
      if (((Number) r.get(m + i)).intValue() == 0) {
        at.add(i);
      }
    }
    return at;
  }
}
