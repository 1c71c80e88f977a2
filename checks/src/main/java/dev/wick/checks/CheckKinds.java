package dev.wick.checks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Every kind of check, once: by its name in a checks file and by its record. */
final class CheckKinds {
  /** The kinds, in the order the checks file's messages list their names. */
  static final List<CheckKind<?>> ALL =
      List.of(
          RowCountCheck.KIND,
          RowCountRatioCheck.KIND,
          CompletenessCheck.KIND,
          UniqueCheck.KIND,
          DistinctCheck.KIND,
          DistinctRatioCheck.KIND,
          AllowedValuesCheck.KIND,
          RangeCheck.KIND,
          MeanCheck.KIND,
          SumCheck.KIND,
          QuantileCheck.KIND,
          RegexCheck.KIND,
          SemanticCheck.KIND,
          PredicateCheck.KIND,
          ReferencesCheck.KIND,
          FreshnessCheck.KIND);

  private static final Map<Class<?>, CheckKind<?>> BY_TYPE = new LinkedHashMap<>();
  private static final Map<String, CheckKind<?>> BY_NAME = new LinkedHashMap<>();
  private static final Map<String, List<String>> KEYS = new LinkedHashMap<>();

  static {
    for (CheckKind<?> kind : ALL) {
      BY_TYPE.put(kind.type(), kind);
      BY_NAME.putIfAbsent(kind.name(), kind);
      Set<String> keys = new LinkedHashSet<>(KEYS.getOrDefault(kind.name(), List.of()));
      keys.addAll(kind.keys());
      KEYS.put(kind.name(), List.copyOf(keys));
    }
  }

  private CheckKinds() {}

  /** The kinds' names in a checks file, each once. */
  static Set<String> names() {
    return BY_NAME.keySet();
  }

  /** The kind that reads entries named {@code name}, or null when there is none. */
  static CheckKind<?> named(String name) {
    return BY_NAME.get(name);
  }

  /** The keys an entry named {@code name} may hold beyond check, name and severity. */
  static List<String> keys(String name) {
    return new ArrayList<>(KEYS.get(name));
  }

  /** The kind of {@code rule}. */
  @SuppressWarnings("unchecked")
  static <R extends Check.Rule> CheckKind<R> of(R rule) {
    CheckKind<?> kind = BY_TYPE.get(rule.getClass());
    if (kind == null) {
      throw new IllegalStateException("no kind of check for " + rule.getClass());
    }
    return (CheckKind<R>) kind;
  }
}
