package dev.wick.testkit.generators.internal;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.RecordType;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The Java form a target holds values in (Spark {@code Row}s or Avro generic records), walked
 * alongside the model: a node is the target's own description of one position ({@code
 * org.apache.spark.sql.types.DataType} or {@code org.apache.avro.Schema}). The domains draw Wick's
 * Java form; a form converts leaves and assembles records, lists and maps of its own kind.
 */
abstract class ValueForm {

  /** The node of field {@code index} of a record node (the non-null part of a nullable field). */
  abstract Object fieldNode(Object recordNode, int index);

  abstract Object elementNode(Object arrayNode);

  abstract Object keyNode(Object mapNode);

  abstract Object valueNode(Object mapNode);

  /** The node of the {@code index}-th non-null branch of a union. */
  abstract Object branchNode(Object unionNode, int index);

  /** Converts a leaf value from Wick's Java form, or null when the form holds it as it is. */
  abstract Function<Object, Object> leaf(DataType type, Object node);

  /** Builds a record from its field values (in Wick's field order, already in this form). */
  abstract Function<Object[], Object> record(RecordType type, Object node);

  abstract Function<List<Object>, Object> list(Object node);

  abstract Function<Map<Object, Object>, Object> map(Object node);

  /**
   * Converts a record a user supplied (a Java record, an Avro record or a Row) into this form,
   * failing with a clear message when it does not fit.
   */
  abstract Object recordFromJava(Object value, RecordType type, Object node, String path);

  /** Whether strings are drawn as UTF-8 bytes (Spark's internal form) rather than Strings. */
  boolean utf8Strings() {
    return false;
  }

  /** The range of an int position ({@code short} and {@code byte} columns hold less). */
  long[] intRange(Object node) {
    return new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
  }

  /** The longest string a position holds ({@code varchar(n)} columns hold n chars). */
  int maxTextLength(Object node) {
    return Integer.MAX_VALUE;
  }
}
