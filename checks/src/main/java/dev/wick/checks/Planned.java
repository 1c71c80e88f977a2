package dev.wick.checks;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.lit;

import dev.wick.core.validation.internal.SparkForms;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.LongFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * What a planned check does: with the aggregation's row ({@code finish}), or with Spark jobs of its
 * own ({@code own}: unique and references checks). {@code failWhen} selects a failure's example
 * rows; {@code rows} says how a row-level check judges one row, for splitting the rows.
 */
record Planned(
    Check check,
    Function<Row, CheckResult> finish,
    Optional<Column> failWhen,
    Optional<OwnJob> own,
    Optional<Rows> rows) {
  Planned(Check check, Function<Row, CheckResult> finish, Optional<Column> failWhen) {
    this(check, finish, failWhen, Optional.empty(), Optional.empty());
  }

  /** A check measured by a job of its own. */
  static Planned own(Check check, OwnJob job) {
    return new Planned(
        check,
        a -> {
          throw new IllegalStateException("a " + check.rule().kind() + " check runs its own job");
        },
        Optional.empty(),
        Optional.of(job),
        Optional.empty());
  }

  /** This check, judging each row as {@code rows} says. */
  Planned withRows(Rows rows) {
    return new Planned(check, finish, failWhen, own, Optional.of(rows));
  }

  /** This check, failing a row where its examples' filter holds: {@code field} {@code reason}. */
  Planned rowsWhere(String field, String reason) {
    return withRows(Rows.when(field, lit(reason), failWhen.orElseThrow()));
  }

  /**
   * This check, failing a row where its examples' filter holds, and aggregate {@code counting} (an
   * index of the planned aggregates; none when negative) counting exactly those rows.
   */
  Planned rowsWhere(String field, String reason, int counting) {
    OptionalInt counts = counting < 0 ? OptionalInt.empty() : OptionalInt.of(counting);
    return withRows(new Rows(field, lit(reason), failWhen.orElseThrow(), null, counts));
  }

  /** This check's rows judged as they are, each failing row's reason given by {@code reason}. */
  Planned withReason(Column reason) {
    Rows r = rows.orElseThrow();
    return withRows(new Rows(r.field(), reason, r.when(), r.flag(), r.counting()));
  }

  /**
   * This check, failing a row where a value of {@code f} is {@code bad}, its reason naming the
   * (first) failing value: {@code 'XX' is not one of SE, US}, or for the values of an array or map
   * {@code holds 'XX', which is not one of SE, US}.
   */
  Planned rowsWhereValue(Resolved f, Function<Column, Column> bad, String singular) {
    return withRows(Rows.when(f.path(), valueReason(f, bad, singular), f.failingRows(bad)));
  }

  /**
   * {@link #rowsWhereValue(Resolved, Function, String)}, where aggregate {@code failing} is {@code
   * f.failing(bad)}: for a field not in an array or map, it counts exactly the failing rows.
   */
  Planned rowsWhereValue(Resolved f, Function<Column, Column> bad, String singular, int failing) {
    return withRows(
        new Rows(
            f.path(),
            valueReason(f, bad, singular),
            f.failingRows(bad),
            null,
            f.repeated() ? OptionalInt.empty() : OptionalInt.of(failing)));
  }

  /**
   * The value of a field (not in an array or map) as a reason names it ({@code 'SE'}, {@code 42},
   * {@code null}).
   */
  static Column rendered(Resolved f) {
    return coalesce(SparkForms.render(f.column(), f.type()), lit("null"));
  }

  /** The reason of a row whose value of {@code f} is {@code bad}, naming the first such value. */
  static Column valueReason(Resolved f, Function<Column, Column> bad, String singular) {
    Column value = SparkForms.render(f.failingValue(bad), f.type());
    return f.repeated()
        ? concat(lit("holds "), value, lit(", which " + singular))
        : concat(value, lit(" " + singular));
  }

  /**
   * A row's reason for failing a check on {@code f} that names no value: {@code singular} ({@code
   * is null}), or for the values of an array or map, that one of them does.
   */
  static String reason(Resolved f, String singular) {
    return f.repeated() ? "holds a value that " + singular : singular;
  }

  /**
   * A check that needs a job of its own: {@code measure} counts something over the data (distinct
   * keys, orphan rows) in one pass, and {@code judge} turns that count into the result once the row
   * count is known, with further jobs only for a failure's details and examples.
   */
  record OwnJob(Function<Dataset<Row>, Long> measure, LongFunction<CheckResult> judge) {}

  /**
   * How a row-level check judges one row: the row fails where {@code when} holds (a boolean column
   * over the data's columns), or, for a check that compares rows with other rows (a duplicated key,
   * a value missing from another dataset), where the boolean column that {@code flag} adds to the
   * data under the name it is given holds. The row's reason is a string column over the same
   * columns ({@code 'XX' is not one of SE, US}, {@code is null}) about {@code field}, which is
   * empty when the check judges the whole row. {@code counting}, when present, is the index of one
   * of the check's aggregates that counts exactly the rows failing it, so that a pass which counts
   * the failing rows itself (a split's write) need not also aggregate it.
   */
  record Rows(
      String field,
      Column reason,
      Column when,
      BiFunction<Dataset<Row>, String, Dataset<Row>> flag,
      OptionalInt counting) {
    static Rows when(String field, Column reason, Column when) {
      return new Rows(field, reason, when, null, OptionalInt.empty());
    }

    static Rows flag(
        String field, Column reason, BiFunction<Dataset<Row>, String, Dataset<Row>> flag) {
      return new Rows(field, reason, null, flag, OptionalInt.empty());
    }
  }
}
