package dev.wick.typed;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;
import org.jspecify.annotations.Nullable;

/**
 * A non-null string column. Strings are ordered but have no arithmetic: {@code +} on strings does
 * not compile; use {@link #concat(StrCol)}.
 */
public final class StrCol extends OrdCol<String> {
  StrCol(Column column, @Nullable String field) {
    super(column, field);
  }

  @Override
  StrCol remake(Column column) {
    return new StrCol(column, null);
  }

  @Override
  public NullableCol<String, StrCol> asNullable() {
    return new NullableCol<>(column(), field(), c -> new StrCol(c, null));
  }

  /** The number of characters. */
  public IntCol length() {
    return new IntCol(functions.length(column()), null);
  }

  /** Upper case. */
  public StrCol upper() {
    return new StrCol(functions.upper(column()), null);
  }

  /** Lower case. */
  public StrCol lower() {
    return new StrCol(functions.lower(column()), null);
  }

  /** Without leading and trailing spaces. */
  public StrCol trim() {
    return new StrCol(functions.trim(column()), null);
  }

  /** {@code len} characters from the 1-based position {@code pos}, as SQL's substring. */
  public StrCol substring(int pos, int len) {
    return new StrCol(functions.substring(column(), pos, len), null);
  }

  /** {@code this || other}. */
  public StrCol concat(StrCol other) {
    return new StrCol(functions.concat(column(), other.column()), null);
  }

  /** {@code this || value}. */
  public StrCol concat(String value) {
    return new StrCol(functions.concat(column(), Literals.of(nonNull(value, "concat"))), null);
  }

  /** True where {@code value} occurs in the string. */
  public BoolCol contains(String value) {
    return new BoolCol(column().contains(nonNull(value, "contains")), null);
  }

  /** True where the string starts with {@code prefix}. */
  public BoolCol startsWith(String prefix) {
    return new BoolCol(column().startsWith(nonNull(prefix, "startsWith")), null);
  }

  /** True where the string ends with {@code suffix}. */
  public BoolCol endsWith(String suffix) {
    return new BoolCol(column().endsWith(nonNull(suffix, "endsWith")), null);
  }

  /** SQL {@code LIKE} with {@code %} and {@code _} wildcards. */
  public BoolCol like(String pattern) {
    return new BoolCol(column().like(nonNull(pattern, "like")), null);
  }

  /** True where the Java regular expression matches part of the string. */
  public BoolCol matches(String regex) {
    return new BoolCol(column().rlike(nonNull(regex, "matches")), null);
  }

  /** Every match of the Java regular expression replaced ({@code $1} refers to groups). */
  public StrCol replaceAll(String regex, String replacement) {
    return new StrCol(functions.regexp_replace(column(), regex, replacement), null);
  }

  /** The parts between matches of the Java regular expression. */
  public ArrayCol<String, StrCol> split(String regex) {
    return new ArrayCol<>(functions.split(column(), regex), null, Makers.STRING);
  }

  /** The string parsed as a long, or null where it is not one ({@code try_cast}). */
  public NullableCol<Long, LongCol> parseLong() {
    return new NullableCol<>(column().try_cast("bigint"), null, c -> new LongCol(c, null));
  }

  /** The string parsed as an int, or null where it is not one ({@code try_cast}). */
  public NullableCol<Integer, IntCol> parseInt() {
    return new NullableCol<>(column().try_cast("int"), null, c -> new IntCol(c, null));
  }

  /** The string parsed as a double, or null where it is not one ({@code try_cast}). */
  public NullableCol<Double, DoubleCol> parseDouble() {
    return new NullableCol<>(column().try_cast("double"), null, c -> new DoubleCol(c, null));
  }

  /** The string parsed as an ISO date ({@code yyyy-MM-dd}), or null where it is not one. */
  public NullableCol<java.time.LocalDate, DateCol> parseDate() {
    return new NullableCol<>(column().try_cast("date"), null, c -> new DateCol(c, null));
  }
}
