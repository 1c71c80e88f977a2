package dev.wick.checks;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.count_if;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.xxhash64;

import dev.wick.core.WickException;
import dev.wick.core.report.Wording;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.schema.SemanticSpec;
import dev.wick.core.spark.Observations;
import dev.wick.core.spark.SideBySide;
import dev.wick.core.validation.SemanticTypes;
import dev.wick.profiler.Profile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Observation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;

/**
 * What {@link Suggestions} knows exactly beyond the profile: counts made on the profiled data. A
 * first pass of the suggestions asks ({@link Recording}); {@link #measure} answers every question:
 * one aggregation for the row count and the semantic types, one count per key candidate.
 */
abstract class Evidence {
  /** How long a finished job's observed metrics may take to arrive. */
  private static final Duration OBSERVATION_WAIT = Duration.ofSeconds(10);

  private static final AtomicLong OBSERVATIONS = new AtomicLong();

  /** No data: every question unanswered. */
  static final Evidence NONE = new Recording();

  /** The exact number of distinct non-null values of the field at {@code path}, if counted. */
  abstract OptionalLong distinct(String path);

  /** How many non-null values of {@code path} {@code type} rejects, if counted. */
  abstract OptionalLong invalid(String path, SemanticSpec type, DataType storage);

  /** Answers nothing, and remembers what was asked. */
  static final class Recording extends Evidence {
    final Set<String> keys = new LinkedHashSet<>();
    final Map<String, SemanticSpec> types = new LinkedHashMap<>();

    @Override
    OptionalLong distinct(String path) {
      keys.add(path);
      return OptionalLong.empty();
    }

    @Override
    OptionalLong invalid(String path, SemanticSpec type, DataType storage) {
      types.put(path + "\u0000" + type.text(), type);
      return OptionalLong.empty();
    }
  }

  /** Counts made on the data. */
  private static final class Measured extends Evidence {
    private final Map<String, Long> distinct;
    private final Map<String, Long> invalid;

    Measured(Map<String, Long> distinct, Map<String, Long> invalid) {
      this.distinct = distinct;
      this.invalid = invalid;
    }

    @Override
    OptionalLong distinct(String path) {
      Long n = distinct.get(path);
      return n == null ? OptionalLong.empty() : OptionalLong.of(n);
    }

    @Override
    OptionalLong invalid(String path, SemanticSpec type, DataType storage) {
      Long n = invalid.get(path + "\u0000" + type.text());
      return n == null ? OptionalLong.empty() : OptionalLong.of(n);
    }
  }

  /**
   * Answers what {@code asked} asked about {@code data}, the data {@code profile} was made from,
   * reading each column once: one job per key candidate proves it unique, side by side, and the
   * first of them also counts, as observed metrics ({@code Dataset.observe}), the rows, each
   * semantic type's invalid values and each candidate's non-null values; with no candidate, one
   * aggregation counts them. A candidate is proven unique by the 64-bit hashes of its values
   * ({@link DistinctKeys} over fixed-width keys, which sort by radix): equal values hash equally,
   * so as many distinct hashes as values means as many distinct values. Only a candidate with fewer
   * (a repeat, or a hash collision) has its values counted again exactly (text of another collation
   * is counted exactly at once), as the {@code unique} check counts them. Fails with a usage error
   * when the data lacks a field or has another number of rows than the profile.
   */
  static Evidence measure(Dataset<Row> data, Profile profile, Recording asked) {
    Objects.requireNonNull(data, "data");
    Schema model = Schemas.fromSpark(data.schema(), "data");
    for (var field : profile.fields()) {
      if (!field.path().contains("[]") && !field.path().contains("{}")) {
        column(model, field.path(), profile);
      }
    }
    List<String> keys = new ArrayList<>(asked.keys);
    List<Column> keyColumns = new ArrayList<>();
    for (String key : keys) {
      keyColumns.add(column(model, key, profile));
    }
    List<Column> aggregates = new ArrayList<>();
    aggregates.add(count(lit(1)));
    List<String> typed = new ArrayList<>(asked.types.keySet());
    for (String at : typed) {
      String path = at.substring(0, at.indexOf('\u0000'));
      Column c = column(model, path, profile);
      DataType storage = model.resolve(FieldPath.parse(path)).type();
      Column valid =
          SemanticTypes.resolve(asked.types.get(at), storage, path)
              .validWhen(c, storage)
              .orElseThrow();
      aggregates.add(count_if(c.isNotNull().and(not(coalesce(valid, lit(false))))));
    }
    keyColumns.forEach(c -> aggregates.add(count(c)));
    Row r;
    Map<String, Long> distinct = new LinkedHashMap<>();
    if (keys.isEmpty()) {
      r = aggregate(data, aggregates);
    } else {
      Observation seen = new Observation("wick_suggest_" + OBSERVATIONS.incrementAndGet());
      Column[] named = new Column[aggregates.size()];
      for (int i = 0; i < named.length; i++) {
        named[i] = aggregates.get(i).as("a" + i);
      }
      Dataset<Row> observed =
          data.observe(seen, named[0], Arrays.copyOfRange(named, 1, named.length));
      List<Future<Distinct>> hashes = new ArrayList<>();
      try (SideBySide jobs = SideBySide.start("wick-suggest", 2)) {
        for (int i = 0; i < keys.size(); i++) {
          Dataset<Row> source = i == 0 ? observed : data;
          Column k = keyColumns.get(i);
          hashes.add(jobs.submit(() -> distinctHashes(source, k)));
        }
      }
      r = observed(seen, named.length).orElseGet(() -> aggregate(data, aggregates));
      for (int i = 0; i < keys.size(); i++) {
        long values = r.getLong(1 + typed.size() + i);
        Distinct counted = SideBySide.result(hashes.get(i));
        Column k = keyColumns.get(i);
        distinct.put(
            keys.get(i),
            counted.exact() || counted.n() == values
                ? Math.min(counted.n(), values)
                : DistinctKeys.count(data.where(k.isNotNull()).select(k)));
      }
    }
    long rows = r.getLong(0);
    if (rows != profile.rowCount()) {
      throw WickException.usage(
          "The data has "
              + Wording.count(rows, "row")
              + " but the profile of "
              + profile.source()
              + " has "
              + Wording.count(profile.rowCount())
              + "; give the data the profile was made from.");
    }
    Map<String, Long> invalid = new LinkedHashMap<>();
    for (int i = 0; i < typed.size(); i++) {
      invalid.put(typed.get(i), r.getLong(1 + i));
    }
    return new Measured(distinct, invalid);
  }

  /** A count of distinct key values: exact, or of their hashes (a lower bound of the values'). */
  private record Distinct(long n, boolean exact) {}

  /**
   * The number of distinct 64-bit hashes of the key's non-null values; for text of a collation
   * other than the plain one, whose equal values may differ in bytes and so in hash, the exact
   * number of distinct values instead.
   */
  private static Distinct distinctHashes(Dataset<Row> data, Column key) {
    Dataset<Row> values = data.where(key.isNotNull()).select(key.as("k"));
    if (!values.schema().fields()[0].dataType().equals(DataTypes.StringType)) {
      return new Distinct(DistinctKeys.count(values), true);
    }
    return new Distinct(DistinctKeys.count(values.select(xxhash64(col("k")).as("h"))), false);
  }

  /**
   * The observed aggregates {@code a0..} in order, or empty when the observed job reported none (an
   * input of no partitions: Spark 4.1 reports such an observation empty, 4.0 never completes it).
   */
  private static Optional<Row> observed(Observation seen, int size) {
    Optional<Row> got = Observations.row(seen, OBSERVATION_WAIT);
    if (got.isEmpty() || got.get().size() == 0 || got.get().isNullAt(got.get().fieldIndex("a0"))) {
      return Optional.empty();
    }
    Object[] values = new Object[size];
    for (int i = 0; i < size; i++) {
      values[i] = got.get().get(got.get().fieldIndex("a" + i));
    }
    return Optional.of(RowFactory.create(values));
  }

  private static Row aggregate(Dataset<Row> data, List<Column> aggregates) {
    return data.agg(
            aggregates.get(0), aggregates.subList(1, aggregates.size()).toArray(Column[]::new))
        .first();
  }

  /** The column at a profiled field path outside arrays and maps. */
  private static Column column(Schema model, String path, Profile profile) {
    try {
      model.resolve(FieldPath.parse(path));
    } catch (RuntimeException e) {
      throw WickException.usage(
          "The data lacks the field '"
              + path
              + "' of the profile of "
              + profile.source()
              + "; give the data the profile was made from.");
    }
    List<FieldPath.Step> steps = FieldPath.parse(path).steps();
    Column c = null;
    for (FieldPath.Step step : steps) {
      c =
          c == null
              ? org.apache.spark.sql.functions.col("`" + step.name().replace("`", "``") + "`")
              : c.getField(step.name());
    }
    return c;
  }
}
