package dev.wick.profiler.internal;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.size;
import static org.apache.spark.sql.functions.transform;
import static org.apache.spark.sql.functions.when;

import dev.wick.core.WickException;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.ResolvedPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.spark.Columns;
import dev.wick.core.validation.SemanticBinding;
import dev.wick.core.validation.SemanticTypes;
import dev.wick.profiler.FieldKind;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DecimalType;

/**
 * Turns a schema and the profiling options into one Catalyst projection (a column per profiled
 * path, plus one per Catalyst-checkable semantic type) and the {@link ColumnSpec}s that tell the
 * per-partition loop how to read each column.
 *
 * <p>Catalyst does the navigation: nested fields are {@code getField} chains; a path through arrays
 * or maps becomes one flat array of its values per row ({@code transform}, {@code map_values} and
 * {@code flatten}, with null inner collections skipped), so no row is exploded; collections become
 * their sizes and records a null flag. Every path is resolved against the schema before any Spark
 * job runs.
 */
public final class ProfilePlan {
  private final Dataset<Row> projected;
  private final List<ColumnSpec> specs;
  private final List<ResolvedPath> paths;

  private ProfilePlan(Dataset<Row> projected, List<ColumnSpec> specs, List<ResolvedPath> paths) {
    this.projected = projected;
    this.specs = specs;
    this.paths = paths;
  }

  Dataset<Row> projected() {
    return projected;
  }

  List<ColumnSpec> specs() {
    return specs;
  }

  List<ResolvedPath> paths() {
    return paths;
  }

  /**
   * The plan for {@code data} (whose model is {@code schema}): every path, or those under {@code
   * fields} when it is not empty; paths under {@code redact} keep no top values.
   */
  public static ProfilePlan of(
      Dataset<Row> data, Schema schema, List<String> fields, List<String> redact) {
    List<FieldPath> selected = resolveAll(schema, fields);
    List<FieldPath> redacted = resolveAll(schema, redact);
    List<ResolvedPath> chosen = new ArrayList<>();
    for (ResolvedPath p : schema.allPaths()) {
      if (selected.isEmpty() || selected.stream().anyMatch(s -> p.path().startsWith(s))) {
        chosen.add(p);
      }
    }
    Map<FieldPath, SemanticBinding> bindings = new HashMap<>();
    for (SemanticBinding b : SemanticTypes.bindings(schema)) {
      bindings.put(b.path(), b);
    }
    List<Column> columns = new ArrayList<>();
    List<PendingSpec> pending = new ArrayList<>();
    for (ResolvedPath p : chosen) {
      FieldKind kind = FieldKind.of(p.type());
      Column values = values(p.path(), element(kind));
      int ordinal = columns.size();
      columns.add(values.as("p" + ordinal));
      boolean isRedacted = redacted.stream().anyMatch(r -> p.path().startsWith(r));
      SemanticBinding binding = bindings.get(p.path());
      int validOrdinal = -1;
      Serializable shipped = null;
      if (binding != null) {
        Optional<Column> verdict = verdicts(binding);
        if (verdict.isPresent()) {
          validOrdinal = columns.size();
          columns.add(verdict.get().as("p" + validOrdinal));
        } else if (binding.type() instanceof Serializable s) {
          shipped = s;
        }
      }
      pending.add(
          new PendingSpec(
              p,
              kind,
              ordinal,
              validOrdinal,
              isRedacted,
              binding == null ? null : binding.rule(),
              shipped));
    }
    Dataset<Row> projected = data.select(columns.toArray(new Column[0]));
    // A value type the loop cannot read (an interval, a variant, ...) is counted for nulls only.
    boolean fallback = false;
    for (PendingSpec ps : pending) {
      if (!ValueType.readable(valueType(projected, ps))) {
        columns.set(ps.ordinal, values(ps.path.path(), Column::isNull).as("p" + ps.ordinal));
        fallback = true;
      }
    }
    if (fallback) {
      projected = data.select(columns.toArray(new Column[0]));
    }
    List<ColumnSpec> specs = new ArrayList<>();
    for (PendingSpec ps : pending) {
      DataType t = valueType(projected, ps);
      boolean nullsOnly =
          ps.kind == FieldKind.RECORD
              || !ValueType.readable(t)
              || t instanceof BooleanType && ps.kind != FieldKind.BOOLEAN;
      int precision = t instanceof DecimalType d ? d.precision() : 0;
      int scale = t instanceof DecimalType d ? d.scale() : 0;
      specs.add(
          new ColumnSpec(
              ps.path.path().toString(),
              ps.kind,
              ValueType.of(t, nullsOnly),
              precision,
              scale,
              ps.ordinal,
              ps.path.repeated(),
              !ps.redacted && ps.kind == FieldKind.TEXT,
              ps.redacted,
              ps.validOrdinal,
              ps.semantic,
              ps.shipped));
    }
    return new ProfilePlan(projected, List.copyOf(specs), List.copyOf(chosen));
  }

  private record PendingSpec(
      ResolvedPath path,
      FieldKind kind,
      int ordinal,
      int validOrdinal,
      boolean redacted,
      String semantic,
      Serializable shipped) {}

  private static DataType valueType(Dataset<Row> projected, PendingSpec ps) {
    DataType t = projected.schema().fields()[ps.ordinal].dataType();
    return ps.path.repeated() ? ((ArrayType) t).elementType() : t;
  }

  private static List<FieldPath> resolveAll(Schema schema, List<String> paths) {
    List<FieldPath> out = new ArrayList<>();
    for (String p : paths) {
      out.add(schema.resolve(p).path());
    }
    return out;
  }

  /** What each value of a path of this kind becomes in the projection. */
  private static UnaryOperator<Column> element(FieldKind kind) {
    return switch (kind) {
      case COLLECTION -> v -> when(v.isNotNull(), size(v));
      case RECORD -> Column::isNull;
      default -> null;
    };
  }

  /**
   * The column of a path's values: the value itself for a plain path, or an array of all values the
   * row holds for a path through arrays or maps; each value mapped by {@code element} (null: kept
   * as it is).
   */
  static Column values(FieldPath path, UnaryOperator<Column> element) {
    if (path.steps().isEmpty()) {
      throw WickException.usage("A field path must name at least one field.");
    }
    if (path.isStructPath()) {
      Column value = Columns.column(path);
      return element == null ? value : element.apply(value);
    }
    Column all = Columns.values(path);
    return element == null ? all : transform(all, element::apply);
  }

  /** The semantic verdict per value (null for null values), when Catalyst can express the rule. */
  private static Optional<Column> verdicts(SemanticBinding b) {
    if (b.type().validWhen(lit(1), b.storage()).isEmpty()) {
      return Optional.empty();
    }
    UnaryOperator<Column> verdict =
        v ->
            when(
                v.isNotNull(),
                coalesce(b.type().validWhen(v, b.storage()).orElseThrow(), lit(false)));
    return Optional.of(values(b.path(), verdict));
  }
}
