package dev.wick.core.validation;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Judges each row of a dataset: stages rules over its rows, valid or invalid with their reasons, as
 * a {@link ValidatedRows}. {@link Validation} is one (a schema's semantic-type rules); the checks
 * module's {@code Checks.rowLevel()} is another (the row-level checks of a checks file). The job
 * runtime's {@code JobContext.split} takes one to quarantine the invalid rows of a dataset.
 *
 * <pre>{@code
 * RowJudge judge = Validation.of(schema);
 * ValidatedRows rows = judge.run(plays);
 * rows.valid();    // the rows that pass every rule, with the input's columns
 * rows.invalid();  // the others, with the reasons column (ValidatedRows.REASONS_TYPE)
 * }</pre>
 */
@FunctionalInterface
public interface RowJudge {
  /**
   * Stages the rules over {@code data}'s rows, running no Spark job. Fails with a usage error on
   * what the data cannot be judged by (a field it lacks, a column named as the reasons column).
   */
  ValidatedRows run(Dataset<Row> data);
}
