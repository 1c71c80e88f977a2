package dev.wick.typed;

import org.apache.spark.sql.Column;
import org.jspecify.annotations.Nullable;

/**
 * Builds a typed expression over a Spark column. Generated metamodels use the ones in {@link
 * Makers}; using one on a column of your own asserts that column's type, as a cast would.
 *
 * @param <X> the typed expression it builds
 */
@FunctionalInterface
public interface Maker<X> {
  /**
   * The typed expression over {@code column}; {@code field} names the top-level field it reads, or
   * is null.
   */
  X make(Column column, @Nullable String field);
}
