package dev.wick.checks;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;

import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.validation.ValidatedRows;
import dev.wick.core.validation.Validation;
import dev.wick.core.validation.ValidationSummary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Checks run on a dataset with their row-level results ({@link Checks#split}): the usual {@link
 * CheckResults}, and the rows that pass every row-level check ({@link #valid()}) apart from those
 * that fail one or more ({@link #invalid()}), each with a reasons column of the checks it fails.
 *
 * <p>The row-level kinds judge each row: {@code completeness} (the value is null), {@code
 * allowedValues}, {@code range}, {@code regex}, {@code semantic}, {@code predicate}, {@code
 * references} (the rows whose value the referenced dataset lacks), {@code unique} (every row of a
 * key that more than one row holds) and {@code freshness} (a value older than the check allows); a
 * row fails a check on the values of an array or map when any of them fails it. The other kinds
 * judge the dataset as a whole and name no rows. A row fails a check whatever the check's severity
 * and its allowed share of failures.
 *
 * <p>The reasons column, {@value Validation#REASONS}, has the type of {@code wick validate}'s
 * ({@link ValidatedRows#REASONS_TYPE}): one {@code {field, rule, reason}} per failed check, with
 * the check's name as the rule and a reason that names the failing value where there is one ({@code
 * {country, allowedValues(country), 'XX' is not one of SE, US}}, {@code {country,
 * completeness(country), is null}}; for an array or map, the first failing value: {@code holds
 * 'rewind', which is not one of play, skip}); a predicate names no field (empty). The rows are
 * split, counted and written by core's {@link ValidatedRows}, as {@code wick validate} writes its
 * own.
 */
public final class CheckSplit {
  /** The part of the rows that pass every row-level check. */
  public static final String VALID = "valid";

  /** The part of the rows that fail a row-level check, with the reasons column. */
  public static final String INVALID = "invalid";

  /** The part of every row, with the reasons column (null for valid rows). */
  public static final String MARKED = "marked";

  private static final String FLAG = "__wick_check_";

  private final Evaluation.Plans plans;
  private final Optional<Evaluation.Carried> carried;
  private CheckResults results;
  private final ValidatedRows rows;
  private final List<Integer> checkOfRule;
  private final boolean flagged;
  private final Map<Integer, Integer> ruleCountingAggregate;

  private CheckSplit(
      Evaluation.Plans plans,
      Optional<Evaluation.Carried> carried,
      CheckResults results,
      Staged staged) {
    this.plans = plans;
    this.carried = carried;
    this.results = results;
    this.rows = staged.rows();
    this.checkOfRule = List.copyOf(staged.checkOfRule());
    this.flagged = staged.flagged();
    this.ruleCountingAggregate = staged.ruleCountingAggregate();
  }

  /**
   * Runs {@code checks} on {@code data} and stages each row-level check's test of a row. On an
   * input cheap to read again, the checks' aggregates ride on the write of the rows ({@link
   * #writeSplit}, {@link #writeMarked}), so that the rows are read once for both; on others they
   * are measured now, as {@link Checks#run} measures them.
   */
  static CheckSplit of(Checks checks, Dataset<Row> data, Map<String, Dataset<Row>> given) {
    refuseReasonsColumn(data);
    Evaluation.Plans plans = Evaluation.plan(checks, data, given, true);
    Optional<Evaluation.Carried> carried = plans.carried();
    if (carried.isPresent()) {
      Staged staged = stage(data, plans.planned(), carried.get()::own, carried);
      return new CheckSplit(plans, carried, null, staged);
    }
    CheckResults measured = plans.measure();
    Staged staged =
        stage(data, plans.planned(), i -> Optional.of(measured.results().get(i)), carried);
    return new CheckSplit(plans, carried, measured, staged);
  }

  /**
   * Stages the row-level checks of {@code checks} on {@code data}, as {@link #of} does, without
   * running the checks: what {@link Checks#rowLevel} judges rows by. Runs no Spark job.
   */
  static ValidatedRows rows(Checks checks, Dataset<Row> data, Map<String, Dataset<Row>> given) {
    refuseReasonsColumn(data);
    return stage(
            data,
            Evaluation.plan(checks, data, given, true).planned(),
            i -> Optional.empty(),
            Optional.empty())
        .rows();
  }

  private static void refuseReasonsColumn(Dataset<Row> data) {
    if (Arrays.asList(data.columns()).contains(Validation.REASONS)) {
      throw WickException.usage(
          "The input already has a column named '"
              + Validation.REASONS
              + "', which the split rows' reasons would take; rename that column before"
              + " splitting the rows.");
    }
  }

  /**
   * The row-level checks staged as core's rules: the rows, and for each rule the index of its check
   * among the planned; {@code flagged} when a rule reads a column that a check added to the data
   * (by a join or a window).
   */
  private record Staged(
      ValidatedRows rows,
      List<Integer> checkOfRule,
      boolean flagged,
      Map<Integer, Integer> ruleCountingAggregate) {}

  /**
   * Stages each row-level check of {@code planned} as a rule over {@code data}'s rows; a check that
   * compares rows with others and whose {@code measured} result found no failing one needs no join.
   * With {@code carried}, the rows observe the checks' aggregates.
   */
  private static Staged stage(
      Dataset<Row> data,
      List<Planned> planned,
      IntFunction<Optional<CheckResult>> measured,
      Optional<Evaluation.Carried> carried) {
    Dataset<Row> source = data;
    List<ValidatedRows.RowRule> rules = new ArrayList<>();
    List<Integer> checkOfRule = new ArrayList<>();
    Map<Integer, Integer> counting = new java.util.HashMap<>();
    boolean flagged = false;
    for (int i = 0; i < planned.size(); i++) {
      Planned p = planned.get(i);
      if (p.rows().isEmpty()) {
        continue;
      }
      Planned.Rows r = p.rows().get();
      Column failing;
      Optional<CheckResult> result = measured.apply(i);
      if (r.flag() != null
          && result.isPresent()
          && result.get().passed()
          && result.get().failing().orElse(-1) == 0) {
        // Its own job found no duplicated key or orphan: no row fails it, and no join is needed.
        failing = lit(false);
      } else if (r.flag() != null) {
        String flag = FLAG + i;
        source = r.flag().apply(source, flag);
        failing = coalesce(col(flag), lit(false));
        flagged = true;
      } else {
        failing = coalesce(r.when(), lit(false));
        int rule = rules.size();
        r.counting().ifPresent(a -> counting.put(a, rule));
      }
      rules.add(new ValidatedRows.RowRule(r.field(), p.check().name(), failing, r.reason()));
      checkOfRule.add(i);
    }
    if (carried.isPresent()) {
      // After the joins, which keep one row per input row: the observation sees each row once.
      // The write counts each rule's failing rows: an aggregate counting just those is not also
      // observed.
      source = carried.get().observe(source, counting.keySet());
    }
    ValidatedRows staged =
        ValidatedRows.of(source, Arrays.asList(data.columns()), Validation.REASONS, rules);
    return new Staged(staged, checkOfRule, flagged, Map.copyOf(counting));
  }

  /**
   * The checks' results, as {@link Checks#run} gives them (no counts of invalid rows). Before the
   * rows are written, on an input whose checks ride on the write, this measures them in a pass of
   * its own; the write's results ({@link #writeSplit}) are the same, with the rows counted.
   */
  public synchronized CheckResults results() {
    if (results == null) {
      results = plans.measure();
    }
    return results;
  }

  /** The name of the reasons column of {@link #invalid()} and {@link #marked()}. */
  public String reasonsColumn() {
    return rows.reasonsColumn();
  }

  /** The rows that pass every row-level check, with the input's columns. */
  public Dataset<Row> valid() {
    return rows.valid();
  }

  /** The rows that fail a row-level check, with the reasons column. */
  public Dataset<Row> invalid() {
    return rows.invalid();
  }

  /** Every row, with the reasons column (null for valid rows). */
  public Dataset<Row> marked() {
    return rows.marked();
  }

  /**
   * Writes the valid rows as {@value #VALID} and the invalid rows, with their reasons, as {@value
   * #INVALID} of {@code out} in {@code format}, and returns the results with the invalid rows
   * counted, in all and per check, as they were written. One pass over the data for Parquet, ORC
   * and Avro unless a check that compares rows with others ({@code unique}, {@code references})
   * found rows that fail it, else two. The caller writes the results ({@link CheckResults#writeTo})
   * and commits.
   */
  public CheckResults writeSplit(Output out, Format format) {
    return writeSplit(out, format, Optional.empty());
  }

  /**
   * {@link #writeSplit(Output, Format)}, written as Avro with {@code inputAvro} (the input's own
   * Avro schema) when it describes the rows, so that the valid rows keep its record names, enums
   * and logical types and the invalid rows add the reasons field to it, as {@code wick validate}
   * writes them.
   */
  public CheckResults writeSplit(
      Output out, Format format, Optional<org.apache.avro.Schema> inputAvro) {
    return written(
        () -> rows.writeTo(out, VALID, INVALID, format, inputAvro),
        Output.canSplit(format) && !flagged ? 1 : 2);
  }

  /**
   * Writes every row, with the reasons column (null for valid rows), as {@value #MARKED} of {@code
   * out} in {@code format}, and returns the results with the invalid rows counted as {@link
   * #writeSplit} does, in one pass. The caller writes the results and commits.
   */
  public CheckResults writeMarked(Output out, Format format) {
    return written(() -> rows.writeMarkedTo(out, MARKED, format), 1);
  }

  /**
   * Runs {@code write} (a write of the rows, in {@code passes} passes over the data) with the
   * measurement's jobs that run beside it, and returns the results with the rows counted; a failed
   * write waits for those jobs and is blamed on the check that caused it, if one did.
   */
  private CheckResults written(java.util.function.Supplier<ValidationSummary> write, int passes) {
    carried.ifPresent(Evaluation.Carried::startBeside);
    try {
      return counted(write.get(), passes);
    } catch (RuntimeException failure) {
      carried.ifPresent(Evaluation.Carried::close);
      throw plans.blamed(failure);
    }
  }

  /** The results with the rows counted as {@code summary} says, after a write of the rows. */
  private CheckResults counted(ValidationSummary summary, int passes) {
    CheckResults results;
    synchronized (this) {
      if (carried.isPresent()) {
        // The write ran the observed aggregates: the results are judged from them.
        Map<Integer, Long> counted = new java.util.HashMap<>();
        ruleCountingAggregate.forEach(
            (aggregate, rule) -> counted.put(aggregate, summary.rules().get(rule).invalid()));
        this.results = carried.get().finish(counted);
      }
      results = this.results;
    }
    List<CheckResult> counted = new ArrayList<>(results.results());
    for (int k = 0; k < checkOfRule.size(); k++) {
      int i = checkOfRule.get(k);
      counted.set(i, counted.get(i).withInvalidRows(summary.rules().get(k).invalid()));
    }
    return new CheckResults(
        results.input(),
        results.rows(),
        results.passes() + passes,
        counted,
        java.util.OptionalLong.of(summary.invalid()),
        results.maxInvalidFraction());
  }
}
