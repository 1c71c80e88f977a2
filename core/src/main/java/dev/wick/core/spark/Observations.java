package dev.wick.core.spark;

import dev.wick.core.WickException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Observation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The metrics an {@link Observation} collected, the same way on every Spark version Wick supports:
 * Spark 4.1 added {@code Observation.getRow}, which 4.0 lacks, while {@code getAsJava} exists on
 * both.
 */
public final class Observations {
  private Observations() {}

  /**
   * The observed metrics as a row whose fields are the metrics' names, read with {@code
   * getAs(name)}; an empty row when Spark optimized the observation away (as it does for a side it
   * knows to be empty). Waits for the observed query to finish. Field types are those of the values
   * (a nested row keeps its own schema), not the aggregates' declared ones.
   */
  public static Row row(Observation observation) {
    Map<String, Object> metrics;
    try {
      metrics = observation.getAsJava();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw WickException.internal("Interrupted while waiting for observed metrics.", e);
    }
    return toRow(metrics);
  }

  /**
   * The observed metrics as {@link #row(Observation)} gives them, or empty when the observed query
   * has not reported them within {@code timeout}.
   */
  public static Optional<Row> row(Observation observation, java.time.Duration timeout) {
    // Spark 4.1's future holds a Row, 4.0's a map of the metrics' names to their values.
    scala.concurrent.Future<?> future = observation.future();
    Object value;
    try {
      value =
          scala.concurrent.Await.result(
              future,
              scala.concurrent.duration.Duration.create(
                  timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw WickException.internal("Interrupted while waiting for observed metrics.", e);
    } catch (java.util.concurrent.TimeoutException e) {
      return Optional.empty();
    }
    if (value instanceof Row r) {
      return Optional.of(r);
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> metrics =
        scala.jdk.javaapi.CollectionConverters.asJava((scala.collection.Map<String, Object>) value);
    return Optional.of(toRow(metrics));
  }

  private static Row toRow(Map<String, Object> metrics) {
    List<StructField> fields = new ArrayList<>(metrics.size());
    Object[] values = new Object[metrics.size()];
    int i = 0;
    for (Map.Entry<String, Object> m : metrics.entrySet()) {
      fields.add(DataTypes.createStructField(m.getKey(), typeOf(m.getValue()), true));
      values[i++] = m.getValue();
    }
    return new GenericRowWithSchema(values, new StructType(fields.toArray(StructField[]::new)));
  }

  private static DataType typeOf(Object value) {
    if (value instanceof Long) {
      return DataTypes.LongType;
    } else if (value instanceof Integer) {
      return DataTypes.IntegerType;
    } else if (value instanceof Double) {
      return DataTypes.DoubleType;
    } else if (value instanceof Boolean) {
      return DataTypes.BooleanType;
    } else if (value instanceof String) {
      return DataTypes.StringType;
    } else if (value instanceof byte[]) {
      return DataTypes.BinaryType;
    } else if (value instanceof Row r && r.schema() != null) {
      return r.schema();
    }
    return DataTypes.NullType;
  }
}
