package dev.wick.core.validation.internal;

import dev.wick.core.schema.DataType;
import dev.wick.core.spark.TextSet;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.apache.spark.sql.Column;

/**
 * A string that must be one code of a standard list: ISO 3166-1 alpha-2 country codes ({@code
 * country_code}) and ISO 4217 currency codes ({@code currency}), as the JDK knows them. Codes are
 * upper case, as the standards write them.
 */
final class CodeListType extends BuiltinType {
  private final List<String> codes;
  private final Set<String> lookup;
  private final TextSet set;
  private final int length;

  private CodeListType(String name, String tail, Set<String> codes, int length) {
    super(name, tail);
    this.codes = List.copyOf(new TreeSet<>(codes));
    this.lookup = Set.copyOf(codes);
    this.set = TextSet.of(codes);
    this.length = length;
  }

  static CodeListType countries() {
    return new CodeListType(
        "country_code",
        "is not an ISO 3166-1 alpha-2 country code",
        Set.of(Locale.getISOCountries()),
        2);
  }

  static CodeListType currencies() {
    Set<String> codes = new TreeSet<>();
    for (Currency c : Currency.getAvailableCurrencies()) {
      codes.add(c.getCurrencyCode());
    }
    return new CodeListType("currency", "is not an ISO 4217 currency code", codes, 3);
  }

  @Override
  public boolean supports(DataType storage) {
    return isText(storage);
  }

  @Override
  boolean isValid(Object value) {
    return lookup.contains((String) value);
  }

  @Override
  Column predicate(Column value) {
    return set.column(value);
  }

  @Override
  public Optional<Column> everyValidWhen(Column values, DataType storage) {
    return Optional.of(set.everyElementIn(values));
  }

  @Override
  public Object generateValid(SplittableRandom random, DataType storage) {
    return codes.get(random.nextInt(codes.size()));
  }

  @Override
  public Optional<Object> generateInvalid(SplittableRandom random, DataType storage) {
    while (true) {
      String candidate =
          switch (random.nextInt(4)) {
            case 0 -> codes.get(random.nextInt(codes.size())).toLowerCase(Locale.ROOT);
            case 1 -> letters(random, length + 1 + random.nextInt(2));
            case 2 -> random.nextBoolean() ? "" : letters(random, length - 1);
            default -> letters(random, length);
          };
      if (!lookup.contains(candidate)) {
        return Optional.of(candidate);
      }
    }
  }

  private static String letters(SplittableRandom random, int n) {
    StringBuilder out = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      out.append((char) ('A' + random.nextInt(26)));
    }
    return out.toString();
  }
}
