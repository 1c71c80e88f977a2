package dev.wick.core.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** Every built-in's generators agree with its check, for every storage type it applies to. */
class SemanticTypeProperties {

  @Property(tries = 300)
  void generatedValidValuesAlwaysValidate(@ForAll long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    for (BuiltinCases.Case c : BuiltinCases.ALL) {
      SemanticType type = c.type();
      Object value = type.generateValid(random, c.storage());
      assertThat(type.check(value)).as("%s: %s", c, value).isEmpty();
    }
  }

  @Property(tries = 300)
  void generatedInvalidValuesNeverValidate(@ForAll long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    for (BuiltinCases.Case c : BuiltinCases.ALL) {
      SemanticType type = c.type();
      Optional<Object> value = type.generateInvalid(random, c.storage());
      assertThat(value).as("%s has invalid values", c).isPresent();
      Optional<String> reason = type.check(value.get());
      assertThat(reason).as("%s: %s", c, value.get()).isPresent();
    }
  }
}
