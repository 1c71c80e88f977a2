package dev.wick.checks;

import static dev.wick.checks.Messages.allowance;
import static dev.wick.checks.Messages.result;

import dev.wick.core.report.Wording;
import dev.wick.core.schema.Schema;
import dev.wick.profiler.FieldKind;
import dev.wick.profiler.FieldProfile;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.NumericType;

/**
 * What a check kind's plan may use of the evaluation: the data and the checks, aggregates added to
 * the one aggregation (read back by their index in its row), the fields the check names, and, once
 * the jobs have run, the row count and further jobs for a failure's details.
 */
interface Planning {
  /** The checked data. */
  Dataset<Row> data();

  /** The checks being run (their origin, trust, references and baseline). */
  Checks checks();

  /** The referenced datasets given by name, beside those the checks list. */
  Map<String, Dataset<Row>> given();

  /** The time of the run. */
  Instant now();

  /** The baseline profile's row count, read once; fails naming {@code check} without one. */
  long baselineRows(Check check);

  /** Adds a code-generated built-in aggregate; its index in the aggregation's row. */
  int add(Column aggregate);

  /**
   * Adds a sketch statistic of the field {@code f}: Spark's sketch {@code aggregate}, or {@code
   * fromProfile}, the same statistic from the profiler's sketches of the field, when the input is
   * cheap to read again and the profiler keeps that sketch for the field's kind ({@code kept}).
   */
  int addSketch(
      Column aggregate,
      Resolved f,
      Predicate<FieldKind> kept,
      Function<FieldProfile, Object> fromProfile);

  /** The input's field {@code path}, as {@code check} names it. */
  Resolved field(Check check, String path);

  /** The input's schema in Wick's model. */
  Schema model();

  /** The number of rows, once the jobs have run. */
  long rows();

  /** Up to {@link Evaluation#EXAMPLES} rows of {@code failing}, as JSON: one more job. */
  List<String> examples(Dataset<Row> failing);

  /** The first row of {@code job}, one more job. */
  Row first(Dataset<Row> job);

  /** The input's field {@code path}, refused when it steps into arrays or maps. */
  default Resolved single(Check check, String path, String kind) {
    return field(check, path).single(kind, check);
  }

  /** The input's numeric field {@code path}. */
  default Resolved numeric(Check check, String path) {
    Resolved f = field(check, path);
    DataType type = f.type();
    if (!(type instanceof NumericType)) {
      throw Resolved.typeError(check, path, type, "a number");
    }
    return f;
  }

  /**
   * A check that a share of the non-null values of {@code f} pass ({@code bad} holds for those that
   * fail): allowed values, regex, semantic types. {@code problem} says what the failing values are
   * ({@code are not one of a, b}), {@code reason} what one failing value is ({@code is not one of
   * a, b}).
   */
  default Planned share(
      Check check,
      Resolved f,
      Function<Column, Column> bad,
      double minFraction,
      String problem,
      String reason) {
    int values = add(f.present());
    int failing = add(f.failing(bad));
    String field = f.path();
    return new Planned(
            check,
            a -> {
              long n = a.getLong(values);
              long b = a.getLong(failing);
              Double share = n == 0 ? null : (double) (n - b) / n;
              boolean ok = share == null || share >= minFraction;
              return result(
                  check,
                  ok,
                  share,
                  ">= " + Numbers.text(minFraction),
                  OptionalLong.of(b),
                  check.name()
                      + ": "
                      + Wording.count(b)
                      + " of "
                      + Wording.count(n)
                      + " values of "
                      + field
                      + " "
                      + problem
                      + "; "
                      + allowance(minFraction)
                      + ".");
            },
            Optional.of(f.failingRows(bad)))
        .rowsWhereValue(f, bad, reason, failing);
  }
}
