package dev.wick.core.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.SemanticSpec;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SemanticTypesTest {

  private static SemanticType type(String spec, DataType storage) {
    return SemanticTypes.resolve(SemanticSpec.parse(spec), storage, "f");
  }

  private static Optional<String> check(String spec, DataType storage, Object value) {
    return type(spec, storage).check(value);
  }

  @Test
  void registryFindsEveryBuiltInWithNoSetup() {
    assertThat(SemanticTypes.names())
        .contains(
            "base62_id",
            "country_code",
            "currency",
            "email",
            "language_tag",
            "non_empty",
            "non_negative",
            "one_of",
            "positive",
            "range",
            "regex",
            "timestamp_window",
            "url",
            "uuid",
            "value_type");
  }

  @Test
  void checksGiveTheValueAndWhy() {
    assertThat(check("country_code", DataType.STRING, "SE")).isEmpty();
    assertThat(check("country_code", DataType.STRING, "XX"))
        .contains("'XX' is not an ISO 3166-1 alpha-2 country code");
    assertThat(check("currency", DataType.STRING, "EUR")).isEmpty();
    assertThat(check("currency", DataType.STRING, "eur"))
        .contains("'eur' is not an ISO 4217 currency code");
    assertThat(check("language_tag", DataType.STRING, "zh-Hant-TW")).isEmpty();
    assertThat(check("language_tag", DataType.STRING, "es-419")).isEmpty();
    assertThat(check("language_tag", DataType.STRING, "en_GB")).isPresent();
    assertThat(check("language_tag", DataType.STRING, "en-XX")).isPresent();
    assertThat(check("uuid", DataType.STRING, "123e4567-e89b-12d3-a456-426614174000")).isEmpty();
    assertThat(check("uuid", DataType.STRING, "123e4567-e89b-12d3-a456-42661417400"))
        .contains("'123e4567-e89b-12d3-a456-42661417400' is not a UUID");
    assertThat(check("email", DataType.STRING, "anne.d+data@spotify.com")).isEmpty();
    assertThat(check("email", DataType.STRING, "anne@localhost"))
        .contains("'anne@localhost' is not an email address");
    assertThat(check("url", DataType.STRING, "https://example.com:8080/a?b=c")).isEmpty();
    assertThat(check("url", DataType.STRING, "example.com")).isPresent();
    assertThat(check("non_empty", DataType.STRING, " \t"))
        .contains("' \t' is empty or only whitespace");
    assertThat(check("base62_id", DataType.STRING, "4uLU6hMCjMI75M1A2tKUQC")).isEmpty();
    assertThat(check("base62_id", DataType.STRING, "4uLU6hMCjMI75M1A2tKUQ"))
        .contains("'4uLU6hMCjMI75M1A2tKUQ' is not a base62 id of 22 characters");
    assertThat(check("regex(pattern=[a-z]+)", DataType.STRING, "abc\n"))
        .as("a trailing line break does not sneak past the anchors")
        .contains("'abc\n' does not match the pattern [a-z]+");
  }

  @Test
  void numericBoundsAreExactAndRejectNaN() {
    assertThat(check("range(min=0, max=100)", DataType.INT, 100)).isEmpty();
    assertThat(check("range(min=0, max=100)", DataType.INT, 101))
        .contains("101 is not in [0, 100]");
    assertThat(check("range(min=0.5)", DataType.LONG, 0L)).contains("0 is below the minimum 0.5");
    assertThat(check("positive", DataType.DOUBLE, 0.0)).contains("0.0 is not positive");
    assertThat(check("positive", DataType.DOUBLE, Double.NaN)).contains("NaN is not positive");
    assertThat(check("non_negative", DataType.LONG, -1L)).contains("-1 is negative");
    assertThat(check("range(max=9.99)", new DataType.DecimalType(6, 2), new BigDecimal("10.00")))
        .contains("10.00 is above the maximum 9.99");
  }

  @Test
  void windowsAreHalfOpen() {
    String spec = "timestamp_window(from=2024-01-01, to=2024-02-01)";
    DataType ts = new DataType.TimestampType(DataType.Precision.MICROS, true);
    assertThat(check(spec, ts, Instant.parse("2024-01-01T00:00:00Z"))).isEmpty();
    assertThat(check(spec, ts, Instant.parse("2024-02-01T00:00:00Z")))
        .contains("2024-02-01 00:00:00 is not in [2024-01-01, 2024-02-01)");
    assertThat(check(spec, ts, java.sql.Timestamp.from(Instant.parse("2023-12-31T23:59:59.5Z"))))
        .contains("2023-12-31 23:59:59.5 is not in [2024-01-01, 2024-02-01)");
    DataType local = new DataType.TimestampType(DataType.Precision.MICROS, false);
    assertThat(check(spec, local, LocalDateTime.parse("2024-01-15T10:00:00"))).isEmpty();
  }

  @Test
  void valueTypesCheckThroughTheirClass() {
    String home = "value_type(class=dev.wick.core.validation.TestTypes$HomeCountry)";
    assertThat(check(home, DataType.STRING, "SE")).isEmpty();
    assertThat(check(home, DataType.STRING, new TestTypes.HomeCountry("XX")))
        .contains("'XX' is not a valid HomeCountry: unknown country");
    String volume = "value_type(class=dev.wick.core.validation.TestTypes$Volume)";
    assertThat(check(volume, DataType.INT, 12))
        .contains("12 is not a valid Volume: volume goes from 0 to 11");
    String track = "value_type(class=dev.wick.core.validation.TestTypes$TrackId)";
    assertThat(check(track, DataType.STRING, "short"))
        .contains("'short' is not a base62 id of 22 characters");
    assertThat(type(track, DataType.STRING).generateValid(new SplittableRandom(1), DataType.STRING))
        .asString()
        .hasSize(22);
  }

  @Test
  void unknownNameIsAUsageErrorNamingTheField() {
    assertThatThrownBy(
            () ->
                SemanticTypes.resolve(
                    SemanticSpec.of("contry_code"), DataType.STRING, "plays.country"))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith(
            "Field 'plays.country' names the unknown semantic type 'contry_code'; known types are"
                + " base62_id, country_code,")
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
  }

  @Test
  void ruleOnTheWrongStorageTypeNamesTheField() {
    assertThatThrownBy(() -> type("range(min=0, max=1)", DataType.STRING))
        .hasMessage(
            "Field 'f' is a string, but the semantic type range(max=1, min=0) does not apply to that"
                + " storage type; change the field's type or its semantic type.");
    assertThatThrownBy(() -> type("country_code", DataType.LONG))
        .hasMessageContaining("Field 'f' is a long, but the semantic type country_code");
  }

  @Test
  void invalidRegexNamesTheFieldAndTheProblem() {
    assertThatThrownBy(() -> type("regex(pattern=[a-z+)", DataType.STRING))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith(
            "Field 'f' has an invalid semantic type regex(pattern=[a-z+): pattern '[a-z+' is not a"
                + " valid regular expression (Unclosed character class near index");
  }

  @Test
  void badParametersAreUsageErrors() {
    assertThatThrownBy(() -> type("range(min=5, max=1)", DataType.INT))
        .hasMessage(
            "Field 'f' has an invalid semantic type range(max=1, min=5): min 5 is greater than max"
                + " 1.");
    assertThatThrownBy(() -> type("range(low=1)", DataType.INT))
        .hasMessage(
            "Field 'f' has an invalid semantic type range(low=1): unknown parameter low; range"
                + " takes max, min.");
    assertThatThrownBy(() -> type("country_code(strict=true)", DataType.STRING))
        .hasMessageContaining("country_code takes no parameters");
    assertThatThrownBy(() -> type("base62_id(length=x)", DataType.STRING))
        .hasMessageContaining("length 'x' is not a whole number");
    assertThatThrownBy(() -> type("timestamp_window(from=yesterday)", DataType.STRING))
        .hasMessageContaining(
            "from 'yesterday' is not a timestamp such as 2024-01-01T00:00:00Z or a date such as"
                + " 2024-01-01");
    assertThatThrownBy(() -> type("value_type(class=com.example.Nope)", DataType.STRING))
        .hasMessageContaining("the class com.example.Nope is not on the classpath");
  }

  @Test
  void semanticTypeOnAnArrayFieldAppliesToItsElements() {
    Schema schema =
        Schema.of(
            "S",
            Field.of("countries", new DataType.ArrayType(DataType.STRING, false))
                .withSemantic(SemanticSpec.of("country_code")),
            Field.of("scores", new DataType.MapType(DataType.STRING, DataType.INT, false))
                .withSemantic(SemanticSpec.parse("range(min=0, max=10)")));
    List<SemanticBinding> bindings = SemanticTypes.bindings(schema);
    assertThat(bindings)
        .extracting(b -> b.path().toString())
        .containsExactly("countries[]", "scores{}");
    assertThat(bindings)
        .extracting(SemanticBinding::storage)
        .containsExactly(DataType.STRING, DataType.INT);
  }

  @Test
  void usersRegisterTheirOwnTypes() {
    SemanticTypes.register(
        "even",
        params ->
            new SemanticType() {
              @Override
              public String name() {
                return "even";
              }

              @Override
              public boolean supports(DataType storage) {
                return storage instanceof DataType.IntType;
              }

              @Override
              public Optional<String> check(Object value) {
                return ((Integer) value) % 2 == 0
                    ? Optional.empty()
                    : Optional.of(value + " is odd");
              }

              @Override
              public Object generateValid(SplittableRandom random, DataType storage) {
                return random.nextInt(1000) * 2;
              }

              @Override
              public Optional<Object> generateInvalid(SplittableRandom random, DataType storage) {
                return Optional.of(random.nextInt(1000) * 2 + 1);
              }
            });
    assertThat(SemanticTypes.names()).contains("even");
    assertThat(type("even", DataType.INT).check(3)).contains("3 is odd");
  }
}
