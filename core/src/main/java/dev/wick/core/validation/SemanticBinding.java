package dev.wick.core.validation;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.SemanticSpec;
import java.util.Objects;

/**
 * A semantic type bound to the values it checks in a schema: where they are ({@code
 * events[].country}, or {@code tags[]} when a field's semantic type applies to its array's
 * elements), their storage type, and the resolved type. Made by {@link
 * SemanticTypes#bindings(dev.wick.core.schema.Schema)}.
 *
 * @param path where the checked values are
 * @param storage the storage type of those values
 * @param spec the semantic type as written in the schema
 * @param type the resolved semantic type
 */
public record SemanticBinding(
    FieldPath path, DataType storage, SemanticSpec spec, SemanticType type) {
  public SemanticBinding {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(storage, "storage");
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(type, "type");
  }

  /**
   * The rule's name in reports: the semantic type's text form, such as {@code range(max=9, min=0)}.
   */
  public String rule() {
    return spec.text();
  }
}
