package dev.wick.core.validation.internal;

import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.regexp_extract;

import dev.wick.core.schema.DataType;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Column;

/**
 * {@code language_tag}: a BCP 47 language tag of the common form {@code language[-Script][-REGION]}
 * in canonical case: an ISO 639-1 language ({@code en}), an optional ISO 15924 script ({@code
 * Hant}), an optional ISO 3166-1 region ({@code GB}) or UN M.49 area ({@code 419}). Examples:
 * {@code en}, {@code en-GB}, {@code zh-Hant-TW}, {@code es-419}.
 */
final class LanguageTagType extends BuiltinType {
  static final String SHAPE = "\\A([a-z]{2})(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?\\z";
  private static final Pattern PATTERN = Pattern.compile(SHAPE);
  private static final List<String> SCRIPTS = List.of("Latn", "Cyrl", "Hans", "Hant", "Arab");
  private final List<String> languages =
      List.copyOf(new TreeSet<>(Set.of(Locale.getISOLanguages())));
  private final List<String> regions = List.copyOf(new TreeSet<>(Set.of(Locale.getISOCountries())));
  private final Set<String> languageSet = Set.copyOf(languages);
  private final Set<String> regionSet = Set.copyOf(regions);

  LanguageTagType() {
    super("language_tag", "is not a language tag such as en, en-GB or zh-Hant-TW");
  }

  @Override
  public boolean supports(DataType storage) {
    return isText(storage);
  }

  @Override
  boolean isValid(Object value) {
    Matcher m = PATTERN.matcher((String) value);
    if (!m.find()) {
      return false;
    }
    String region = m.group(4);
    return languageSet.contains(m.group(1))
        && (region == null || Character.isDigit(region.charAt(0)) || regionSet.contains(region));
  }

  @Override
  Column predicate(Column value) {
    Column region = regexp_extract(value, SHAPE, 4);
    return value
        .rlike(SHAPE)
        .and(regexp_extract(value, SHAPE, 1).isin(languages.toArray()))
        .and(
            region
                .equalTo(lit(""))
                .or(region.rlike("\\A[0-9]{3}\\z"))
                .or(region.isin(regions.toArray())));
  }

  @Override
  public Object generateValid(SplittableRandom random, DataType storage) {
    StringBuilder tag = new StringBuilder(languages.get(random.nextInt(languages.size())));
    if (random.nextInt(5) == 0) {
      tag.append('-').append(SCRIPTS.get(random.nextInt(SCRIPTS.size())));
    }
    int r = random.nextInt(4);
    if (r == 0) {
      tag.append('-').append(String.format("%03d", random.nextInt(1000)));
    } else if (r == 1 || r == 2) {
      tag.append('-').append(regions.get(random.nextInt(regions.size())));
    }
    return tag.toString();
  }

  @Override
  public Optional<Object> generateInvalid(SplittableRandom random, DataType storage) {
    while (true) {
      String valid = (String) generateValid(random, storage);
      String candidate =
          switch (random.nextInt(5)) {
            case 0 -> valid.toUpperCase(Locale.ROOT);
            case 1 -> valid.replace('-', '_') + "_X";
            case 2 -> valid + "-";
            case 3 -> "";
            default -> (char) ('a' + random.nextInt(26)) + "" + (char) ('a' + random.nextInt(26));
          };
      if (!isValid(candidate)) {
        return Optional.of(candidate);
      }
    }
  }
}
