package dev.wick.typed;

import dev.wick.core.spark.WickSpark;
import dev.wick.typed.shapes.Address;
import dev.wick.typed.shapes.Color;
import dev.wick.typed.shapes.Everything;
import dev.wick.typed.shapes.Everything_;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** Shared test data and helpers. */
final class Fixtures {
  private Fixtures() {}

  static SparkSession spark() {
    return WickSpark.local(2);
  }

  static final Everything FIRST =
      new Everything(
          true,
          3,
          10L,
          0.5f,
          2.5,
          null,
          new BigDecimal("12.340000000000000000"),
          "Alice",
          null,
          LocalDate.of(2024, 1, 31),
          Instant.parse("2024-01-31T10:15:30Z"),
          LocalDateTime.of(2024, 1, 31, 10, 15, 30),
          new byte[] {1, 2, 3},
          Color.RED,
          List.of("a", "b"),
          Arrays.asList("x", null),
          Map.of("m", 1),
          new Address("Paris", "75001"),
          null,
          Optional.empty());

  static final Everything SECOND =
      new Everything(
          false,
          5,
          20L,
          1.5f,
          -1.0,
          7,
          new BigDecimal("1.000000000000000000"),
          "bob",
          "B",
          LocalDate.of(2024, 2, 29),
          Instant.parse("2024-02-29T23:00:00Z"),
          LocalDateTime.of(2024, 2, 29, 23, 0),
          new byte[0],
          Color.BLUE,
          List.of(),
          List.of(),
          Map.of(),
          new Address("Oslo", null),
          new Address("Bergen", "5003"),
          Optional.of("hi"));

  static TypedDataset<Everything, Everything_, Everything_.Nullable> everything() {
    return Typed.of(spark(), List.of(FIRST, SECOND), Everything_.META);
  }

  /**
   * The values of {@code exprs} for every row of {@code data} (in the data's order): one Spark job
   * for all of them. Row i of the result holds the i-th row's values, one per expression.
   */
  @SafeVarargs
  static <V> List<List<Object>> values(
      TypedDataset<?, V, ?> data, Function<? super V, ? extends Expr<?>>... exprs) {
    V view = data.meta().view(ColumnSource.root());
    Column[] columns = new Column[exprs.length];
    for (int i = 0; i < exprs.length; i++) {
      columns[i] = exprs[i].apply(view).column().as("c" + i);
    }
    List<List<Object>> out = new ArrayList<>();
    for (Row r : data.toDF().select(columns).collectAsList()) {
      List<Object> row = new ArrayList<>();
      for (int i = 0; i < r.length(); i++) {
        row.add(r.get(i));
      }
      out.add(row);
    }
    return out;
  }
}
