package dev.wick.bigdiff;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of a diff: global key counts, per-field statistics and the schema comparison. {@link
 * #toJson()} gives {@code summary.json}.
 *
 * @param keys the key field paths
 * @param global the key counts
 * @param fields every compared field, those that differ most often first
 * @param schema the fields compared, on one side only, or ignored
 */
public record DiffSummary(
    List<String> keys, GlobalCounts global, List<FieldStats> fields, SchemaDifference schema) {

  public DiffSummary {
    keys = List.copyOf(keys);
    Objects.requireNonNull(global, "global");
    fields = List.copyOf(fields);
    Objects.requireNonNull(schema, "schema");
  }

  /** The statistics of one compared field, by path. */
  public Optional<FieldStats> field(String path) {
    return fields.stream().filter(f -> f.field().equals(path)).findFirst();
  }

  /** The fields that differ on at least one key, those that differ most often first. */
  public List<FieldStats> differingFields() {
    return fields.stream().filter(f -> f.different() > 0).toList();
  }

  /** True when some classified key is not {@link DiffType#SAME}. */
  public boolean hasDifferences() {
    return global.notSame() > 0;
  }

  /** The summary as {@code summary.json} holds it. */
  public String toJson() {
    return SummaryJson.write(this);
  }
}
