package dev.wick.checks;

import java.util.Optional;
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
    return withRows(Rows.when(field, reason, failWhen.orElseThrow()));
  }

  /**
   * A row's reason for failing a check on {@code f}: {@code singular} ({@code is null}), or for the
   * values of an array or map, that one of them does.
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
   * data under the name it is given holds. The row's reason is {@code field} {@code reason} ({@code
   * country is null}); {@code field} is empty when the check judges the whole row.
   */
  record Rows(
      String field,
      String reason,
      Column when,
      BiFunction<Dataset<Row>, String, Dataset<Row>> flag) {
    static Rows when(String field, String reason, Column when) {
      return new Rows(field, reason, when, null);
    }

    static Rows flag(
        String field, String reason, BiFunction<Dataset<Row>, String, Dataset<Row>> flag) {
      return new Rows(field, reason, null, flag);
    }
  }
}
