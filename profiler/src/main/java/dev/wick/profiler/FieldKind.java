package dev.wick.profiler;

import dev.wick.core.schema.DataType;

/**
 * What kind of statistics a field gets, decided by its storage type in the schema model.
 *
 * <ul>
 *   <li>{@link #NUMERIC} and {@link #TEMPORAL}: moments, quantiles and a histogram (dates as days
 *       and timestamps as microseconds since the epoch); drift by the Kolmogorov-Smirnov test.
 *   <li>{@link #TEXT} and {@link #BOOLEAN}: top values and (text) lengths; drift by chi-square and
 *       L-infinity over the top values.
 *   <li>{@link #BINARY}: lengths in bytes.
 *   <li>{@link #COLLECTION}: arrays and maps, summarised by their sizes (like a numeric field).
 *   <li>{@link #RECORD}: nested records, counted for nulls only (their fields have their own
 *       profiles).
 * </ul>
 */
public enum FieldKind {
  NUMERIC,
  TEMPORAL,
  TEXT,
  BOOLEAN,
  BINARY,
  COLLECTION,
  RECORD;

  /** The kind of a field of storage type {@code type}. */
  public static FieldKind of(DataType type) {
    if (type instanceof DataType.IntType
        || type instanceof DataType.LongType
        || type instanceof DataType.FloatType
        || type instanceof DataType.DoubleType
        || type instanceof DataType.DecimalType
        || type instanceof DataType.TimeType) {
      return NUMERIC;
    } else if (type instanceof DataType.DateType || type instanceof DataType.TimestampType) {
      return TEMPORAL;
    } else if (type instanceof DataType.StringType
        || type instanceof DataType.UuidType
        || type instanceof DataType.EnumType) {
      return TEXT;
    } else if (type instanceof DataType.BooleanType) {
      return BOOLEAN;
    } else if (type instanceof DataType.BytesType || type instanceof DataType.FixedType) {
      return BINARY;
    } else if (type instanceof DataType.ArrayType || type instanceof DataType.MapType) {
      return COLLECTION;
    }
    return RECORD;
  }

  /** True for kinds whose values form a distribution compared with the Kolmogorov-Smirnov test. */
  public boolean hasDistribution() {
    return this == NUMERIC || this == TEMPORAL || this == COLLECTION;
  }

  /** True for kinds whose profiles count distinct values (a HyperLogLog sketch). */
  public boolean hasDistinctCount() {
    return this == NUMERIC || this == TEMPORAL || this == TEXT || this == BINARY;
  }

  /** True for kinds compared by their value frequencies. */
  public boolean isCategorical() {
    return this == TEXT || this == BOOLEAN;
  }

  /** The name used in {@code profile.json}. */
  public String jsonName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
