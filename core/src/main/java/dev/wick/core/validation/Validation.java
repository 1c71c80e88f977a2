package dev.wick.core.validation;

import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.element_at;
import static org.apache.spark.sql.functions.filter;
import static org.apache.spark.sql.functions.flatten;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.map_values;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.size;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.transform;
import static org.apache.spark.sql.functions.udf;
import static org.apache.spark.sql.functions.when;

import dev.wick.core.WickException;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.Columns;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.types.DataTypes;

/**
 * Validates a Spark dataset against a schema's rules in one pass: every row gets a reasons column
 * (an array of {@code {field, rule, reason}}, empty for valid rows), from which the valid rows, the
 * invalid rows and the counts per field and rule follow.
 *
 * <pre>{@code
 * ValidatedRows checked = Validation.of(Schemas.fromAvro(avroSchema)).run(plays);
 * checked.valid();     // rows that pass every rule
 * checked.invalid();   // the others, with the reasons column
 * checked.summary();   // one aggregation: totals and counts per field and rule
 * }</pre>
 *
 * <p>Rules are Catalyst expressions wherever the rule allows: null checks, every built-in semantic
 * type (regular expressions as whole-value automata, code lists and sets as lookups in a {@link
 * dev.wick.core.spark.TextSet}, ranges and windows as comparisons), and arrays and maps through the
 * higher-order functions {@code transform}, {@code filter} and {@code flatten}. Only semantic types
 * with no Catalyst form (value types, user types without {@code validWhen}) run as a Java function
 * over the values; {@link ValidatedRows#rules()} says which.
 *
 * <p>A {@code Validation} is immutable: {@link #reasonsColumn} returns a new one. The schema's
 * rules are checked by {@link #of} and the reasons column's name by {@link #reasonsColumn}, each
 * failure a {@link WickException} naming the fix; {@link #run} checks the data against the schema
 * before any Spark job runs.
 *
 * <p>A {@code Validation} is a {@link RowJudge}: a job quarantines the rows that break the schema's
 * rules with {@code ctx.split(data, Validation.of(schema), quarantine, counter)}.
 */
public final class Validation implements RowJudge {
  /** The default name of the reasons column. */
  public static final String REASONS = "reasons";

  private final Schema schema;
  private final List<Rule> rules;
  private final String reasonsColumn;

  private Validation(Schema schema, List<Rule> rules, String reasonsColumn) {
    this.schema = schema;
    this.rules = rules;
    this.reasonsColumn = reasonsColumn;
  }

  /**
   * A validation against {@code schema}'s rules, adding the reasons column {@value #REASONS}. Fails
   * with a usage error on a semantic type the schema names but that is unknown or misused.
   */
  public static Validation of(Schema schema) {
    Objects.requireNonNull(schema, "schema");
    return new Validation(schema, List.copyOf(Rule.of(schema)), REASONS);
  }

  /** The same validation, naming the reasons column {@code name} (default {@value #REASONS}). */
  public Validation reasonsColumn(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw WickException.usage("The name of the reasons column is blank; give a name such as why.")
          .about("reasonsColumn", "the reasons column");
    }
    if (name.startsWith(STAGED_PREFIX)) {
      throw WickException.usage(
              "'"
                  + name
                  + "' is a name Wick keeps for its own columns; choose another name for the"
                  + " reasons column.")
          .about("reasonsColumn", "the reasons column");
    }
    return new Validation(schema, rules, name);
  }

  /**
   * Validates {@code data}: stages every rule and the reasons column, running no Spark job. Fails
   * with a usage error on a field the data lacks or holds in another type, or a reasons column name
   * the data already uses.
   */
  @Override
  public ValidatedRows run(Dataset<Row> data) {
    Objects.requireNonNull(data, "data");
    InputShape.check(Schemas.toSpark(schema), data.schema(), schema.name());
    if (Arrays.asList(data.columns()).contains(reasonsColumn)) {
      throw WickException.usage(
              "The input already has a column named '"
                  + reasonsColumn
                  + "'; choose another name for the reasons column.")
          .about("reasonsColumn", "the reasons column");
    }
    // Each rule's reasons get a staged column of their own; the reasons column, the filters and
    // the counts refer to these columns (see ValidatedRows).
    List<ValidatedRows.StagedRule> stagedRules = new ArrayList<>();
    for (int i = 0; i < rules.size(); i++) {
      Rule rule = rules.get(i);
      Leaf leaf = leaf(rule);
      String name = STAGED_PREFIX + i;
      Column reasons = reasonsOf(rule, leaf.reason());
      stagedRules.add(
          new ValidatedRows.StagedRule(
              new ValidatedRows.RuleInfo(rule.path().toString(), rule.name(), leaf.catalyst()),
              name,
              !rule.path().isStructPath(),
              reasons,
              failing(rule, reasons)));
    }
    List<Column> dataColumns = new ArrayList<>();
    for (String c : data.columns()) {
      dataColumns.add(Columns.column(c));
    }
    return new ValidatedRows(data, dataColumns, reasonsColumn, stagedRules);
  }

  private static final String STAGED_PREFIX = "__wick_rule_";

  /** How one value is checked: a nullable reason, and whether Catalyst alone computes it. */
  private record Leaf(Function<Column, Column> reason, boolean catalyst) {}

  private static Leaf leaf(Rule rule) {
    if (rule instanceof Rule.Semantic s) {
      SemanticBinding b = s.binding();
      SemanticType type = b.type();
      Optional<Column> probe = type.validWhen(col("probe"), b.storage());
      if (probe.isPresent()) {
        return new Leaf(
            v ->
                when(
                    v.isNotNull()
                        .and(
                            not(
                                coalesce(
                                    type.validWhen(v, b.storage()).orElseThrow(), lit(false)))),
                    type.invalidReason(v, b.storage())),
            true);
      }
      UserDefinedFunction check =
          udf(new SemanticCheckFunction(b), DataTypes.StringType)
              .withName("wick_check_" + b.spec().name());
      return new Leaf(v -> check.apply(v), false);
    }
    return new Leaf(v -> when(v.isNull(), lit(Rule.NULL_REASON)), true);
  }

  /**
   * Whether a row fails a rule, over the data's own columns: the reasons are set, or, for the
   * values of one array or map whose type tests them all without lambdas ({@link
   * SemanticType#everyValidWhen}), not every value is valid. A write that only splits the valid
   * rows from the invalid then needs no lambda, and Spark compiles it with the scan.
   */
  private static Column failing(Rule rule, Column reasons) {
    if (rule.path().isStructPath()) {
      return reasons.isNotNull();
    }
    List<FieldPath.Step> steps = rule.path().steps();
    long repeated = steps.stream().filter(st -> st.kind() != FieldPath.Step.Kind.FIELD).count();
    if (rule instanceof Rule.Semantic s
        && repeated == 1
        && steps.get(steps.size() - 1).kind() != FieldPath.Step.Kind.FIELD) {
      Optional<Column> every =
          s.binding().type().everyValidWhen(Columns.values(rule.path()), s.binding().storage());
      if (every.isPresent()) {
        return not(coalesce(every.get(), lit(true)));
      }
    }
    return size(reasons).gt(0);
  }

  /**
   * A rule's failing values' reasons in a row: for a path without arrays or maps the one reason or
   * null, else an array of reasons (empty when none fails).
   */
  private static Column reasonsOf(Rule rule, Function<Column, Column> leaf) {
    List<FieldPath.Step> steps = rule.path().steps();
    if (rule.path().isStructPath()) {
      return one(null, steps, 0, leaf);
    }
    return coalesce(many(null, steps, 0, leaf), array().cast("array<string>"));
  }

  /** A rule's violation struct for a row that fails it, from the rule's staged reasons. */
  static Column violation(String field, String rule, boolean repeated, Column reasons) {
    Column reason;
    if (!repeated) {
      reason = reasons;
    } else {
      Column n = size(reasons);
      reason =
          when(
              n.gt(0),
              concat(
                  element_at(reasons, 1),
                  when(n.gt(1), concat(lit(" (and "), n.minus(1).cast("string"), lit(" more)")))
                      .otherwise(lit(""))));
    }
    return struct(lit(field).as("field"), lit(rule).as("rule"), reason.as("reason"));
  }

  private static Column child(Column parent, String name) {
    return parent == null ? col(name) : parent.getField(name);
  }

  /** The reason of the one value at a path without arrays or maps, or null. */
  private static Column one(
      Column parent, List<FieldPath.Step> steps, int i, Function<Column, Column> leaf) {
    Column child = child(parent, steps.get(i).name());
    if (i < steps.size() - 1) {
      return one(child, steps, i + 1, leaf);
    }
    Column reason = leaf.apply(child);
    // A field of a null record is absent, not null: only a present parent's fields are checked.
    return parent == null ? reason : when(parent.isNotNull(), reason);
  }

  /** The reasons of all failing values at a path that steps into arrays or maps (may be null). */
  private static Column many(
      Column parent, List<FieldPath.Step> steps, int i, Function<Column, Column> leaf) {
    FieldPath.Step step = steps.get(i);
    Column child = child(parent, step.name());
    if (step.kind() == FieldPath.Step.Kind.FIELD) {
      return many(child, steps, i + 1, leaf);
    }
    Column elements = step.kind() == FieldPath.Step.Kind.MAP_VALUES ? map_values(child) : child;
    if (i == steps.size() - 1) {
      return filter(transform(elements, leaf::apply), Column::isNotNull);
    }
    List<FieldPath.Step> rest = steps.subList(i + 1, steps.size());
    boolean repeatedBelow = rest.stream().anyMatch(s -> s.kind() != FieldPath.Step.Kind.FIELD);
    if (repeatedBelow) {
      return flatten(
          transform(
              elements, e -> coalesce(many(e, steps, i + 1, leaf), array().cast("array<string>"))));
    }
    return filter(transform(elements, e -> one(e, steps, i + 1, leaf)), Column::isNotNull);
  }
}
