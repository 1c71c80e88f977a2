package dev.wick.checks;

import java.util.Optional;
import java.util.function.Function;
import java.util.function.LongFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * What a planned check does: with the aggregation's row ({@code finish}), or with Spark jobs of its
 * own ({@code own}: unique and references checks). {@code failWhen} selects a failure's example
 * rows.
 */
record Planned(
    Check check,
    Function<Row, CheckResult> finish,
    Optional<Column> failWhen,
    Optional<OwnJob> own) {
  Planned(Check check, Function<Row, CheckResult> finish, Optional<Column> failWhen) {
    this(check, finish, failWhen, Optional.empty());
  }

  /** A check measured by a job of its own. */
  static Planned own(Check check, OwnJob job) {
    return new Planned(
        check,
        a -> {
          throw new IllegalStateException("a " + check.rule().kind() + " check runs its own job");
        },
        Optional.empty(),
        Optional.of(job));
  }

  /**
   * A check that needs a job of its own: {@code measure} counts something over the data (distinct
   * keys, orphan rows) in one pass, and {@code judge} turns that count into the result once the row
   * count is known, with further jobs only for a failure's details and examples.
   */
  record OwnJob(Function<Dataset<Row>, Long> measure, LongFunction<CheckResult> judge) {}
}
