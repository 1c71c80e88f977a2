package dev.wick.profiler;

import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.pmod;

import dev.wick.core.schema.DataType;
import dev.wick.core.validation.SemanticType;
import dev.wick.core.validation.SemanticTypes;
import java.util.Optional;
import java.util.SplittableRandom;
import org.apache.spark.sql.Column;

/**
 * Two semantic types registered for the tests: {@code test_even} (even whole numbers, checked by a
 * Catalyst expression) and {@code test_upper} (non-empty upper-case text, checked value by value).
 */
final class TestTypes {
  private TestTypes() {}

  static void register() {
    SemanticTypes.register("test_even", params -> new Even());
    SemanticTypes.register("test_upper", params -> new Upper());
  }

  static final class Even implements SemanticType {
    @Override
    public String name() {
      return "test_even";
    }

    @Override
    public boolean supports(DataType storage) {
      return storage instanceof DataType.LongType || storage instanceof DataType.IntType;
    }

    @Override
    public Optional<String> check(Object value) {
      return ((Number) value).longValue() % 2 == 0 ? Optional.empty() : Optional.of("odd");
    }

    @Override
    public Object generateValid(SplittableRandom random, DataType storage) {
      return random.nextLong() * 2;
    }

    @Override
    public Optional<Object> generateInvalid(SplittableRandom random, DataType storage) {
      return Optional.of(random.nextLong() * 2 + 1);
    }

    @Override
    public Optional<Column> validWhen(Column value) {
      return Optional.of(pmod(value, lit(2)).equalTo(lit(0)));
    }
  }

  static final class Upper implements SemanticType {
    @Override
    public String name() {
      return "test_upper";
    }

    @Override
    public boolean supports(DataType storage) {
      return storage instanceof DataType.StringType;
    }

    @Override
    public Optional<String> check(Object value) {
      String s = (String) value;
      return !s.isEmpty() && s.equals(s.toUpperCase(java.util.Locale.ROOT))
          ? Optional.empty()
          : Optional.of("not upper case");
    }

    @Override
    public Object generateValid(SplittableRandom random, DataType storage) {
      return "A";
    }

    @Override
    public Optional<Object> generateInvalid(SplittableRandom random, DataType storage) {
      return Optional.of("a");
    }
  }
}
