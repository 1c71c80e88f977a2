package dev.wick.checks;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.count_if;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.not;

import dev.wick.core.WickException;
import dev.wick.core.report.Wording;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.schema.SemanticSpec;
import dev.wick.core.spark.SideBySide;
import dev.wick.core.validation.SemanticTypes;
import dev.wick.profiler.Profile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.Future;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * What {@link Suggestions} knows exactly beyond the profile: counts made on the profiled data. A
 * first pass of the suggestions asks ({@link Recording}); {@link #measure} answers every question:
 * one aggregation for the row count and the semantic types, one count per key candidate.
 */
abstract class Evidence {
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
   * Answers what {@code asked} asked about {@code data}, the data {@code profile} was made from:
   * one aggregation counts the rows and each semantic type's invalid values while, side by side,
   * each key candidate's exact distinct count is made as the {@code unique} check makes it ({@link
   * DistinctKeys}: the key column alone, shuffled and counted in sorted order). Fails with a usage
   * error when the data lacks a field or has another number of rows than the profile.
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
    Map<String, Column> keyColumns = new LinkedHashMap<>();
    for (String key : keys) {
      keyColumns.put(key, column(model, key, profile));
    }
    List<Column> aggregates = new ArrayList<>();
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
    Map<String, Future<Long>> counting = new LinkedHashMap<>();
    Row r;
    try (SideBySide jobs = SideBySide.start("wick-suggest", 2)) {
      for (Map.Entry<String, Column> key : keyColumns.entrySet()) {
        Column c = key.getValue();
        counting.put(
            key.getKey(),
            jobs.submit(() -> DistinctKeys.count(data.where(c.isNotNull()).select(c.as("k")))));
      }
      r = data.agg(count(lit(1)), aggregates.toArray(new Column[0])).first();
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
    Map<String, Long> distinct = new LinkedHashMap<>();
    counting.forEach((key, count) -> distinct.put(key, SideBySide.result(count)));
    return new Measured(distinct, invalid);
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
