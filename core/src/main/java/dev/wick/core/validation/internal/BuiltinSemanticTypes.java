package dev.wick.core.validation.internal;

import dev.wick.core.validation.SemanticType;
import dev.wick.core.validation.SemanticTypes;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Registers Wick's built-in semantic types; listed in {@code META-INF/services}, so {@link
 * SemanticTypes} finds them with no setup.
 *
 * <table>
 *   <caption>Built-in semantic types</caption>
 *   <tr><th>name</th><th>storage</th><th>valid values</th></tr>
 *   <tr><td>{@code country_code}</td><td>string</td><td>ISO 3166-1 alpha-2 ({@code SE})</td></tr>
 *   <tr><td>{@code currency}</td><td>string</td><td>ISO 4217 ({@code EUR})</td></tr>
 *   <tr><td>{@code language_tag}</td><td>string</td><td>{@code en}, {@code en-GB}, {@code
 *       zh-Hant-TW}</td></tr>
 *   <tr><td>{@code uuid}</td><td>string, uuid</td><td>8-4-4-4-12 hex digits</td></tr>
 *   <tr><td>{@code email}</td><td>string</td><td>{@code local@domain.tld}</td></tr>
 *   <tr><td>{@code url}</td><td>string</td><td>http, https and ftp URLs</td></tr>
 *   <tr><td>{@code non_empty}</td><td>string</td><td>at least one non-whitespace character</td></tr>
 *   <tr><td>{@code regex(pattern=P)}</td><td>string</td><td>the whole value matches P</td></tr>
 *   <tr><td>{@code range(min=A, max=B)}</td><td>numbers</td><td>A &lt;= value &lt;= B</td></tr>
 *   <tr><td>{@code positive}, {@code non_negative}</td><td>numbers</td><td>&gt; 0, &gt;= 0</td></tr>
 *   <tr><td>{@code one_of(values=a|b|c)}</td><td>string, enum, int, long</td><td>one of the
 *       values</td></tr>
 *   <tr><td>{@code timestamp_window(from=F, to=T)}</td><td>timestamps</td><td>F &lt;= value &lt;
 *       T</td></tr>
 *   <tr><td>{@code base62_id(length=22)}</td><td>string</td><td>that many of [0-9A-Za-z]</td></tr>
 *   <tr><td>{@code value_type(class=C)}</td><td>C's component</td><td>C accepts it</td></tr>
 * </table>
 *
 * <p>Internal: not part of Wick's API; use the names above, or the annotations in {@code
 * dev.wick.core.validation}.
 */
public final class BuiltinSemanticTypes implements SemanticTypes.SemanticTypeProvider {

  /** Called by {@link java.util.ServiceLoader}. */
  public BuiltinSemanticTypes() {}

  @Override
  public void register(BiConsumer<String, Function<Map<String, String>, SemanticType>> sink) {
    CodeListType countries = CodeListType.countries();
    CodeListType currencies = CodeListType.currencies();
    LanguageTagType languages = new LanguageTagType();
    sink.accept("country_code", noParams("country_code", countries));
    sink.accept("currency", noParams("currency", currencies));
    sink.accept("language_tag", noParams("language_tag", languages));
    sink.accept("uuid", noParams("uuid", PatternType.uuid()));
    sink.accept("email", noParams("email", PatternType.email()));
    sink.accept("url", noParams("url", PatternType.url()));
    sink.accept("non_empty", noParams("non_empty", PatternType.nonEmpty()));
    sink.accept("positive", noParams("positive", NumericBoundType.positive()));
    sink.accept("non_negative", noParams("non_negative", NumericBoundType.nonNegative()));
    sink.accept(
        "regex",
        p -> {
          Params params = Params.of("regex", p, "pattern");
          return PatternType.userPattern(
              params
                  .raw("pattern")
                  .orElseThrow(
                      () -> new IllegalArgumentException("regex needs the parameter pattern")));
        });
    sink.accept(
        "base62_id",
        p ->
            PatternType.base62(
                Params.of("base62_id", p, "length").positiveInt("length", 22, 1000)));
    sink.accept("range", p -> NumericBoundType.range(Params.of("range", p, "min", "max")));
    sink.accept("one_of", p -> OneOfType.of(Params.of("one_of", p, "values")));
    sink.accept(
        "timestamp_window",
        p -> TimestampWindowType.of(Params.of("timestamp_window", p, "from", "to")));
    sink.accept("value_type", p -> ValueTypeSemantic.of(Params.of("value_type", p, "class")));
  }

  private static Function<Map<String, String>, SemanticType> noParams(
      String name, SemanticType type) {
    return p -> {
      Params.of(name, p);
      return type;
    };
  }
}
