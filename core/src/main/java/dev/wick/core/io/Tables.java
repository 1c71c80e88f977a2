package dev.wick.core.io;

import dev.wick.core.WickException;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;

/** Catalog table names as a user types them after {@code table:}. */
final class Tables {
  private Tables() {}

  /** The table {@code name} names; a usage error when it is not a table name. */
  static TableIdentifier identifier(SparkSession spark, String name) {
    if (name.isBlank()) {
      throw WickException.usage(
          "The table name after 'table:' is empty; write table:NAME or table:DB.NAME.");
    }
    try {
      return ((org.apache.spark.sql.classic.SparkSession) spark)
          .sessionState()
          .sqlParser()
          .parseTableIdentifier(name);
    } catch (Exception e) {
      // Spark's ParseException is checked in Scala's eyes only.
      throw WickException.usage(
          "'"
              + name
              + "' is not a table name; write table:NAME or table:DB.NAME, quoting odd names in"
              + " backticks.",
          e);
    }
  }
}
