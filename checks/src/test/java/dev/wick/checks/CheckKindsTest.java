package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The registry of kinds: every rule record once, and the checks file's names and keys. */
class CheckKindsTest {
  @Test
  void everyRuleRecordHasOneKind() {
    List<Class<?>> permitted = Arrays.asList(Check.Rule.class.getPermittedSubclasses());
    List<Class<?>> types = CheckKinds.ALL.stream().<Class<?>>map(CheckKind::type).toList();
    assertThat(types).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(permitted);
  }

  @Test
  void theFileNamesEachKindWithItsKeys() {
    Map<String, List<String>> keys = new LinkedHashMap<>();
    keys.put("rowCount", List.of("min", "max", "minRatio", "maxRatio"));
    keys.put("completeness", List.of("field", "min"));
    keys.put("unique", List.of("fields", "field"));
    keys.put("distinct", List.of("field", "min", "max", "minRatio", "maxRatio"));
    keys.put("allowedValues", List.of("field", "values", "minFraction"));
    keys.put("range", List.of("field", "min", "max"));
    keys.put("mean", List.of("field", "min", "max"));
    keys.put("sum", List.of("field", "min", "max"));
    keys.put("quantile", List.of("field", "q", "min", "max"));
    keys.put("regex", List.of("field", "pattern", "minFraction"));
    keys.put("semantic", List.of("field", "type", "minFraction"));
    keys.put("predicate", List.of("sql", "minFraction"));
    keys.put("references", List.of("field", "in"));
    keys.put("freshness", List.of("field", "maxAge", "at"));
    assertThat(CheckKinds.names()).containsExactlyElementsOf(keys.keySet());
    keys.forEach((name, expected) -> assertThat(CheckKinds.keys(name)).isEqualTo(expected));
  }

  @Test
  void aRuleNamesTheKindThatReadsIt() {
    for (CheckKind<?> kind : CheckKinds.ALL) {
      assertThat(CheckKinds.named(kind.name()).name()).isEqualTo(kind.name());
    }
    assertThat(CheckKinds.named("rowCount")).isSameAs(RowCountCheck.KIND);
    assertThat(CheckKinds.named("distinct")).isSameAs(DistinctCheck.KIND);
    assertThat(
            new RangeCheck("x", java.util.OptionalDouble.of(1), java.util.OptionalDouble.empty())
                .kind())
        .isEqualTo("range");
  }
}
