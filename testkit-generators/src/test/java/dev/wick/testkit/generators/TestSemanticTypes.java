package dev.wick.testkit.generators;

import dev.wick.core.schema.DataType;
import dev.wick.core.validation.SemanticType;
import dev.wick.core.validation.SemanticTypes;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/** Semantic types the tests register: a small country list and SKU codes. */
public final class TestSemanticTypes {
  private TestSemanticTypes() {}

  public static final List<String> COUNTRIES = List.of("SE", "DE", "FR", "US", "JP");

  /** Registers {@code test_country} and {@code sku} (idempotent). */
  public static void register() {
    SemanticTypes.register("test_country", params -> new OneOfStrings("test_country", COUNTRIES));
    SemanticTypes.register("sku", params -> SKU);
  }

  /** Strings from a fixed list. */
  record OneOfStrings(String name, List<String> values) implements SemanticType {
    @Override
    public boolean supports(DataType storage) {
      return storage instanceof DataType.StringType;
    }

    @Override
    public Optional<String> check(Object value) {
      return values.contains(value) ? Optional.empty() : Optional.of(value + " is not listed");
    }

    @Override
    public Object generateValid(SplittableRandom random, DataType storage) {
      return values.get(random.nextInt(values.size()));
    }

    @Override
    public Optional<Object> generateInvalid(SplittableRandom random, DataType storage) {
      return Optional.of("??");
    }
  }

  /** {@code SKU-} and five digits. */
  public static final SemanticType SKU =
      new SemanticType() {
        @Override
        public String name() {
          return "sku";
        }

        @Override
        public boolean supports(DataType storage) {
          return storage instanceof DataType.StringType;
        }

        @Override
        public Optional<String> check(Object value) {
          return String.valueOf(value).matches("SKU-\\d{5}")
              ? Optional.empty()
              : Optional.of(value + " is not SKU-#####");
        }

        @Override
        public Object generateValid(SplittableRandom random, DataType storage) {
          return String.format("SKU-%05d", random.nextInt(100_000));
        }

        @Override
        public Optional<Object> generateInvalid(SplittableRandom random, DataType storage) {
          return Optional.of("sku");
        }
      };
}
