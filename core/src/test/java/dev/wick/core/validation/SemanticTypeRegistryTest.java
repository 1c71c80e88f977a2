package dev.wick.core.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.SemanticSpec;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SemanticTypeRegistryTest {

  /** A test semantic type: strings of exactly {@code length} letters 'a'. */
  record Repeated(int length) implements SemanticType {
    @Override
    public String name() {
      return "test_repeated";
    }

    @Override
    public boolean supports(DataType storage) {
      return storage instanceof DataType.StringType;
    }

    @Override
    public Optional<String> check(Object value) {
      return value.equals("a".repeat(length))
          ? Optional.empty()
          : Optional.of("not " + length + " a's");
    }

    @Override
    public Object generateValid(SplittableRandom random, DataType storage) {
      return "a".repeat(length);
    }

    @Override
    public Optional<Object> generateInvalid(SplittableRandom random, DataType storage) {
      return Optional.of("b");
    }
  }

  static {
    SemanticTypes.register(
        "test_repeated",
        params -> {
          String length = params.getOrDefault("length", "1");
          if (!length.matches("[0-9]+")) {
            throw new IllegalArgumentException(
                "length must be a whole number, got '" + length + "'");
          }
          return new Repeated(Integer.parseInt(length));
        });
  }

  @Test
  void registeredTypesResolveWithTheirParameters() {
    SemanticType type =
        SemanticTypes.resolve(
            SemanticSpec.parse("test_repeated(length=3)"), DataType.STRING, "code");

    assertThat(type).isEqualTo(new Repeated(3));
    assertThat(type.check("aaa")).isEmpty();
    assertThat(type.check("aa")).contains("not 3 a's");
    assertThat(type.generateValid(new SplittableRandom(1), DataType.STRING)).isEqualTo("aaa");
    assertThat(type.validWhen(null)).isEmpty();
    assertThat(SemanticTypes.names()).contains("test_repeated");
  }

  @Test
  void unknownBadOrMisplacedSemanticTypesAreNamed() {
    assertThatThrownBy(
            () -> SemanticTypes.resolve(SemanticSpec.of("no_such_type"), DataType.STRING, "a.b"))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith(
            "Field 'a.b' names the unknown semantic type 'no_such_type'; known types are ")
        .hasMessageContaining("test_repeated")
        .hasMessageEndingWith(", or register your own with SemanticTypes.register.")
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
    assertThatThrownBy(
            () ->
                SemanticTypes.resolve(
                    SemanticSpec.of("test_repeated", Map.of("length", "x")),
                    DataType.STRING,
                    "code"))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Field 'code' has an invalid semantic type test_repeated(length=x): length must be a"
                + " whole number, got 'x'");
    assertThatThrownBy(
            () -> SemanticTypes.resolve(SemanticSpec.of("test_repeated"), DataType.LONG, "n"))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Field 'n' is a long, but the semantic type test_repeated does not apply to that storage"
                + " type; change the field's type or its semantic type.");
  }

  @Test
  void semanticSpecTextForms() {
    assertThat(SemanticSpec.parse(" email ")).isEqualTo(SemanticSpec.of("email"));
    assertThat(SemanticSpec.parse("range(min=0, max=10)"))
        .isEqualTo(SemanticSpec.of("range", Map.of("min", "0", "max", "10")));
    assertThat(SemanticSpec.parse("range()")).isEqualTo(SemanticSpec.of("range"));
    assertThat(SemanticSpec.of("range", Map.of("min", "0", "max", "10")).text())
        .isEqualTo("range(max=10, min=0)");
    assertThat(SemanticSpec.parse("one_of(values='a,b', sep=|)").params())
        .isEqualTo(Map.of("values", "a,b", "sep", "|"));
    assertThatThrownBy(() -> SemanticSpec.parse("range(min=0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("semantic type 'range(min=0' opens '(' but does not end with ')'");
    assertThatThrownBy(() -> SemanticSpec.parse("range(0)"))
        .hasMessage("semantic type 'range(0)': parameter '0' needs key=value");
    assertThatThrownBy(() -> SemanticSpec.of(" "))
        .hasMessage("a semantic type name must not be blank");
  }
}
