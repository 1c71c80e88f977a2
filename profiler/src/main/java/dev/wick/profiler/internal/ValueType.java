package dev.wick.profiler.internal;

import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/** How the profiling loop reads one projected value from Spark's internal row or array. */
enum ValueType {
  BYTE,
  SHORT,
  INT,
  DATE,
  LONG,
  TIMESTAMP,
  TIMESTAMP_NTZ,
  FLOAT,
  DOUBLE,
  DECIMAL,
  STRING,
  BINARY,
  BOOLEAN,
  /** A projected {@code isnull(record)} flag: the path is a record, counted for nulls only. */
  NULL_FLAG;

  static ValueType of(DataType t, boolean nullFlag) {
    if (nullFlag) {
      return NULL_FLAG;
    } else if (t instanceof ByteType) {
      return BYTE;
    } else if (t instanceof ShortType) {
      return SHORT;
    } else if (t instanceof IntegerType) {
      return INT;
    } else if (t instanceof DateType) {
      return DATE;
    } else if (t instanceof LongType) {
      return LONG;
    } else if (t instanceof TimestampType) {
      return TIMESTAMP;
    } else if (t instanceof TimestampNTZType) {
      return TIMESTAMP_NTZ;
    } else if (t instanceof FloatType) {
      return FLOAT;
    } else if (t instanceof DoubleType) {
      return DOUBLE;
    } else if (t instanceof DecimalType) {
      return DECIMAL;
    } else if (t instanceof StringType) {
      return STRING;
    } else if (t instanceof BinaryType) {
      return BINARY;
    } else if (t instanceof BooleanType) {
      return BOOLEAN;
    }
    throw new IllegalArgumentException("no profiling reader for Spark type " + t.simpleString());
  }

  /** Whether the loop can read values of Spark type {@code t}. */
  static boolean readable(DataType t) {
    try {
      of(t, false);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  boolean integral() {
    return this == BYTE
        || this == SHORT
        || this == INT
        || this == DATE
        || this == LONG
        || this == TIMESTAMP
        || this == TIMESTAMP_NTZ;
  }
}
