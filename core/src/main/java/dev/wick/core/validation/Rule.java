package dev.wick.core.validation;

import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.ResolvedPath;
import dev.wick.core.schema.Schema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One check a schema asks for at one path: a non-nullable field (or array element, or map value)
 * must not be null, or the values at a path must satisfy a semantic type. The Java {@link
 * Validator} and the Spark {@link Validation} evaluate the same list, so they report the same
 * violations.
 */
sealed interface Rule permits Rule.NotNull, Rule.Semantic {
  String NOT_NULL = "not_null";
  String NULL_REASON = "is null, but the field is not nullable";

  /** Where the checked values are. */
  FieldPath path();

  /** The rule's name in reports. */
  String name();

  /** Values at {@link #path()} must not be null. */
  record NotNull(FieldPath path) implements Rule {
    @Override
    public String name() {
      return NOT_NULL;
    }
  }

  /** Non-null values at the binding's path must satisfy its semantic type. */
  record Semantic(SemanticBinding binding) implements Rule {
    @Override
    public FieldPath path() {
      return binding.path();
    }

    @Override
    public String name() {
      return binding.rule();
    }
  }

  /**
   * Every rule of a schema, in the schema's depth-first field order (a field's not-null rule before
   * its semantic rule). Fails with a usage error naming the field on a bad semantic type.
   */
  static List<Rule> of(Schema schema) {
    List<ResolvedPath> paths = schema.allPaths();
    Map<FieldPath, Integer> order = new HashMap<>();
    List<Rule> rules = new ArrayList<>();
    for (ResolvedPath rp : paths) {
      order.put(rp.path(), order.size());
      List<FieldPath.Step> steps = rp.path().steps();
      FieldPath.Step last = steps.get(steps.size() - 1);
      boolean required =
          switch (last.kind()) {
            case FIELD -> !rp.field().nullable();
            case ARRAY_ELEMENTS -> rp.field().type() instanceof ArrayType a && !a.containsNull();
            case MAP_VALUES -> rp.field().type() instanceof MapType m && !m.valueContainsNull();
          };
      if (required) {
        rules.add(new NotNull(rp.path()));
      }
    }
    for (SemanticBinding b : SemanticTypes.bindings(schema)) {
      rules.add(new Semantic(b));
    }
    rules.sort(
        Comparator.comparingInt((Rule r) -> order.getOrDefault(r.path(), Integer.MAX_VALUE))
            .thenComparing(r -> r instanceof Semantic));
    return List.copyOf(rules);
  }

  /** The reason for a list of failing values' reasons: the first, and how many more. */
  static String combine(List<String> reasons) {
    String first = reasons.get(0);
    return reasons.size() == 1 ? first : first + " (and " + (reasons.size() - 1) + " more)";
  }
}
