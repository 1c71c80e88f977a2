package dev.wick.core.validation.internal;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.spark.TextSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.spark.sql.Column;

/**
 * {@code one_of(values=a|b|c)}: a value from a fixed set, for string, enum, int and long fields
 * (numbers compare numerically, strings exactly).
 */
final class OneOfType extends BuiltinType {
  private final List<String> values;
  private final Set<String> valueSet;
  private final TextSet set;
  private final List<Long> numbers;

  private OneOfType(List<String> values, List<Long> numbers) {
    super("one_of", "is not one of " + listed(values));
    this.values = List.copyOf(values);
    this.valueSet = Set.copyOf(values);
    this.set = TextSet.of(values);
    this.numbers = numbers == null ? null : List.copyOf(numbers);
  }

  static OneOfType of(Params params) {
    String raw = params.require("values");
    List<String> values =
        new ArrayList<>(
            new LinkedHashSet<>(Arrays.stream(raw.split("\\|", -1)).map(String::trim).toList()));
    if (values.contains("")) {
      throw new IllegalArgumentException(
          "values '" + raw + "' holds an empty value; separate the values with |, as in a|b|c");
    }
    List<Long> numbers = new ArrayList<>();
    for (String v : values) {
      try {
        numbers.add(Long.parseLong(v));
      } catch (NumberFormatException e) {
        numbers = null;
        break;
      }
    }
    return new OneOfType(values, numbers);
  }

  private static String listed(List<String> values) {
    if (values.size() <= 10) {
      return String.join(", ", values);
    }
    return String.join(", ", values.subList(0, 10)) + ", ... (" + values.size() + " values)";
  }

  private static boolean isIntegral(DataType t) {
    return t instanceof DataType.IntType || t instanceof DataType.LongType;
  }

  @Override
  public boolean supports(DataType storage) {
    if (storage instanceof DataType.StringType) {
      return true;
    }
    if (storage instanceof EnumType e) {
      return e.symbols().stream().anyMatch(valueSet::contains);
    }
    if (storage instanceof DataType.IntType) {
      return numbers != null
          && numbers.stream().anyMatch(n -> n >= Integer.MIN_VALUE && n <= Integer.MAX_VALUE);
    }
    return storage instanceof DataType.LongType && numbers != null;
  }

  @Override
  boolean isValid(Object value) {
    if (value instanceof Number n) {
      return numbers != null && numbers.contains(n.longValue());
    }
    return valueSet.contains((String) value);
  }

  @Override
  Column predicate(Column value) {
    return set.column(value.cast("string"));
  }

  @Override
  public Optional<Column> validWhen(Column value, DataType storage) {
    return Optional.of(
        isIntegral(storage) && numbers != null ? value.isin(numbers.toArray()) : predicate(value));
  }

  @Override
  public Optional<Column> everyValidWhen(Column array, DataType storage) {
    // Text elements only: numbers and enums compare in their own types.
    return isText(storage) ? Optional.of(set.everyElementIn(array)) : Optional.empty();
  }

  @Override
  public Object generateValid(SplittableRandom random, DataType storage) {
    List<String> candidates = values;
    if (storage instanceof EnumType e) {
      candidates = e.symbols().stream().filter(valueSet::contains).toList();
    }
    if (isIntegral(storage)) {
      List<Long> fitting =
          numbers.stream()
              .filter(n -> storage instanceof DataType.LongType || n == (int) (long) n)
              .toList();
      long n = fitting.get(random.nextInt(fitting.size()));
      return storage instanceof DataType.IntType ? (Object) (int) n : (Object) n;
    }
    return candidates.get(random.nextInt(candidates.size()));
  }

  @Override
  public Optional<Object> generateInvalid(SplittableRandom random, DataType storage) {
    if (storage instanceof EnumType e) {
      List<String> others = e.symbols().stream().filter(s -> !valueSet.contains(s)).toList();
      return others.isEmpty()
          ? Optional.empty()
          : Optional.of(others.get(random.nextInt(others.size())));
    }
    while (true) {
      if (isIntegral(storage)) {
        long n =
            storage instanceof DataType.IntType
                ? random.nextInt(-1000, 1000) + (random.nextBoolean() ? 0 : random.nextInt())
                : random.nextLong(-1000, 1000) + (random.nextBoolean() ? 0 : random.nextLong());
        if (storage instanceof DataType.IntType) {
          n = (int) n;
        }
        if (numbers == null || !numbers.contains(n)) {
          return Optional.of(storage instanceof DataType.IntType ? (Object) (int) n : (Object) n);
        }
      } else {
        String base = values.get(random.nextInt(values.size()));
        String candidate =
            switch (random.nextInt(3)) {
              case 0 -> base + (char) ('a' + random.nextInt(26));
              case 1 ->
                  base.toUpperCase(java.util.Locale.ROOT).equals(base)
                      ? base.toLowerCase(java.util.Locale.ROOT)
                      : base.toUpperCase(java.util.Locale.ROOT);
              default -> "";
            };
        if (!valueSet.contains(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
  }
}
