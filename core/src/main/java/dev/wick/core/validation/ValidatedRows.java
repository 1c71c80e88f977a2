package dev.wick.core.validation;

import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.count_if;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.size;
import static org.apache.spark.sql.functions.when;

import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Observation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.avro.SchemaConverters;
import org.apache.spark.sql.types.StructField;

/**
 * A dataset with its rules staged, as {@link Validation#run} makes it. Nothing runs until a result
 * is asked for; each method says how many passes over the input it costs.
 *
 * <p>Each rule's failing reasons are one column computed once per row; whether a row is valid, the
 * counts per rule and the reasons column are cheap expressions over those columns, and the reasons
 * column (structs and strings) is only built for the rows that need it.
 */
public final class ValidatedRows {
  /** The Spark type of the reasons column. */
  public static final String REASONS_TYPE = "array<struct<field:string,rule:string,reason:string>>";

  private static final String AVRO_SCHEMA = "avroSchema";
  private static final String TOTAL = "total";
  private static final String INVALID = "invalid";

  private final Dataset<Row> source;
  private Dataset<Row> staged;
  private final List<Column> dataColumns;
  private final String reasonsColumn;
  private final List<StagedRule> rules;

  ValidatedRows(
      Dataset<Row> source, List<Column> dataColumns, String reasonsColumn, List<StagedRule> rules) {
    this.source = source;
    this.dataColumns = List.copyOf(dataColumns);
    this.reasonsColumn = reasonsColumn;
    this.rules = List.copyOf(rules);
  }

  /**
   * A rule staged by another tool ({@code wick check --split}): whether a row fails it and why, as
   * Catalyst columns over the source's columns.
   *
   * @param field the field path the rule judges (may be empty when it judges the whole row)
   * @param rule the rule's name
   * @param failing whether a row fails the rule: a boolean column, never null
   * @param reason the reason of a row that fails it: a string column
   */
  public record RowRule(String field, String rule, Column failing, Column reason) {
    /** Checks that every part is given. */
    public RowRule {
      java.util.Objects.requireNonNull(field, "field");
      java.util.Objects.requireNonNull(rule, "rule");
      java.util.Objects.requireNonNull(failing, "failing");
      java.util.Objects.requireNonNull(reason, "reason");
    }
  }

  /**
   * The rows of {@code source} with {@code rules} staged, as {@link Validation#run} stages a
   * schema's: {@code columns} are the data's columns, the only ones written; the source's other
   * columns are what the rules read beside them (such as a flag computed by a join or a window),
   * and are never written. Runs no Spark job.
   */
  public static ValidatedRows of(
      Dataset<Row> source, List<String> columns, String reasonsColumn, List<RowRule> rules) {
    List<Column> dataColumns = new ArrayList<>();
    for (String c : columns) {
      dataColumns.add(dev.wick.core.spark.Columns.column(c));
    }
    List<StagedRule> staged = new ArrayList<>();
    for (int i = 0; i < rules.size(); i++) {
      RowRule r = rules.get(i);
      staged.add(
          new StagedRule(
              new RuleInfo(r.field(), r.rule(), true),
              "__wick_rule_" + i,
              false,
              // A failing row stays failed even where its reason cannot be rendered (null).
              when(r.failing(), coalesce(r.reason(), lit("fails " + r.rule()))),
              r.failing()));
    }
    return new ValidatedRows(source, dataColumns, reasonsColumn, staged);
  }

  /**
   * One rule as it runs on Spark.
   *
   * @param field the field path
   * @param rule the rule's name
   * @param catalyst true when evaluated as Catalyst expressions, false when as a Java function
   */
  public record RuleInfo(String field, String rule, boolean catalyst) {
    /** {@code catalyst} or {@code java_function}. */
    public String evaluatedAs() {
      return catalyst ? "catalyst" : "java_function";
    }
  }

  /**
   * A rule as staged: its reasons (one string, or an array when repeated) over the data's columns,
   * and the staged column holding them; {@code failing} says whether a row fails it, over the
   * data's columns too, in the cheapest form the rule has.
   */
  record StagedRule(
      RuleInfo info, String column, boolean repeated, Column reasons, Column failing) {
    /** Whether a row fails the rule, over its staged column. */
    Column failed() {
      return repeated ? size(col(column)).gt(0) : col(column).isNotNull();
    }
  }

  /** The rules evaluated, in schema order, and how. */
  public List<RuleInfo> rules() {
    return rules.stream().map(StagedRule::info).toList();
  }

  /**
   * Whether a row fails each rule, by {@code field rule} ({@code country country_code}), as boolean
   * columns over the input's own columns (for {@code Explainer}, which finds where each rule's
   * failing rows sit).
   */
  public Map<String, Column> failingByRule() {
    Map<String, Column> out = new java.util.LinkedHashMap<>();
    for (StagedRule r : rules) {
      out.put(r.info().field() + " " + r.info().rule(), r.failing());
    }
    return out;
  }

  /** The name of the reasons column. */
  public String reasonsColumn() {
    return reasonsColumn;
  }

  private Column anyFailed() {
    return rules.stream().map(StagedRule::failed).reduce(Column::or).orElse(lit(false));
  }

  /**
   * Whether a row fails any rule, over the input's own columns: what splits the valid rows from the
   * invalid, which needs no reasons (and so, for the values of an array or map, no lambda).
   */
  private Column anyFailing() {
    return rules.stream().map(StagedRule::failing).reduce(Column::or).orElse(lit(false));
  }

  /** The data's columns and each rule's reasons, in a column of its own. */
  private List<Column> stagedColumns() {
    List<Column> out = new ArrayList<>(dataColumns);
    for (StagedRule r : rules) {
      out.add(r.reasons().as(r.column()));
    }
    return out;
  }

  /**
   * The rows with each rule's reasons computed once, in a projection of their own, to which the
   * reasons column, the filters and the counts refer; built when first asked for, since a split
   * write does not need it.
   */
  private synchronized Dataset<Row> staged() {
    if (staged == null) {
      staged = source.select(stagedColumns().toArray(new Column[0]));
    }
    return staged;
  }

  private static final org.apache.spark.sql.types.DataType REASONS_DATA_TYPE =
      org.apache.spark.sql.types.DataType.fromDDL(REASONS_TYPE);

  private static Column noReasons() {
    return array().cast(REASONS_DATA_TYPE);
  }

  /** The reasons column over the staged rules' columns. */
  private Column reasons() {
    if (rules.isEmpty()) {
      return noReasons();
    }
    List<Column> parts = new ArrayList<>();
    for (StagedRule r : rules) {
      parts.add(
          when(
                  r.failed(),
                  array(
                      Validation.violation(
                          r.info().field(), r.info().rule(), r.repeated(), col(r.column()))))
              .otherwise(noReasons()));
    }
    return concat(parts.toArray(new Column[0]));
  }

  /** The data's columns and the reasons column, over staged rows. */
  private List<Column> withReasonsColumns() {
    List<Column> out = new ArrayList<>(dataColumns);
    out.add(reasons().as(reasonsColumn));
    return out;
  }

  private Dataset<Row> withReasons(Dataset<Row> rows) {
    return rows.select(withReasonsColumns().toArray(new Column[0]));
  }

  /** Every row with its reasons column (empty for valid rows). */
  public Dataset<Row> annotated() {
    return withReasons(staged());
  }

  /** Every row with its reasons column, null for valid rows. */
  public Dataset<Row> marked() {
    return marked(staged());
  }

  private Dataset<Row> marked(Dataset<Row> stagedRows) {
    List<Column> out = new ArrayList<>(dataColumns);
    Column reasons = reasons();
    out.add(when(anyFailed(), reasons).as(reasonsColumn));
    return stagedRows.select(out.toArray(new Column[0]));
  }

  /**
   * Writes every row, with its reasons column (null for valid rows), to {@code part} of {@code
   * output} in {@code format} and returns the summary, counted as the rows are written: one pass
   * over the input. The caller commits the output.
   */
  public ValidationSummary writeMarkedTo(Output output, String part, Format format) {
    Observation observation = new Observation("wick-mark-" + UUID.randomUUID());
    output.writeDataset(part, marked(observe(staged(), observation)), format);
    Optional<Row> got =
        dev.wick.core.spark.Observations.row(observation, java.time.Duration.ofSeconds(10))
            .filter(r -> r.size() > 0);
    if (got.isEmpty()) {
      // No task ran (an input of no partitions), so nothing was observed: count directly.
      return summary();
    }
    return summaryOf(name -> ((Number) got.get().getAs(name)).longValue());
  }

  /** The rows that pass every rule, as they came in. */
  public Dataset<Row> valid() {
    return source.filter(not(anyFailing())).select(dataColumns.toArray(new Column[0]));
  }

  /** The rows that fail at least one rule, with the reasons column. */
  public Dataset<Row> invalid() {
    return withReasons(staged().filter(anyFailed()));
  }

  /** Totals and counts per field and rule, in one aggregation (one pass over the input). */
  public ValidationSummary summary() {
    List<Column> aggregates = aggregates();
    Row row =
        staged()
            .agg(aggregates.get(0), aggregates.subList(1, aggregates.size()).toArray(new Column[0]))
            .head();
    return summaryOf(name -> ((Number) row.getAs(name)).longValue());
  }

  /**
   * Writes the valid rows to {@code validPart} and the invalid rows (with reasons) to {@code
   * invalidPart} of {@code output} in {@code format}, and returns the summary. Parquet, ORC and
   * Avro take one pass over the input: a single write evaluates the rules once, sends each row to
   * its part (the invalid ones with their reasons) and counts the rows per part and rule ({@link
   * Output#writeSplit}). JSON, and rules that read columns beyond the data's ({@link #of}), take
   * two passes, the invalid rows' write (with the counts) and the valid rows' (a plain copy when
   * none is invalid). The caller commits the output.
   */
  public ValidationSummary writeTo(
      Output output, String validPart, String invalidPart, Format format) {
    return writeTo(output, validPart, invalidPart, format, Optional.empty());
  }

  /**
   * Like {@link #writeTo(Output, String, String, Format)}; written as Avro with {@code inputAvro}
   * (the input's own Avro schema) when it describes the rows read, so that the valid rows keep its
   * record names, enums and logical types (uuid, timestamp-millis, ...) and the invalid rows add
   * the reasons field to it. Any other format, or a schema that does not describe the rows, is
   * written as {@code format} alone says.
   */
  public ValidationSummary writeTo(
      Output output,
      String validPart,
      String invalidPart,
      Format format,
      Optional<org.apache.avro.Schema> inputAvro) {
    Map<String, String> validOptions = Map.of();
    Map<String, String> invalidOptions = Map.of();
    if (format == Format.AVRO
        && inputAvro.isPresent()
        && inputAvro.get().getType() == org.apache.avro.Schema.Type.RECORD
        && SchemaConverters.toSqlType(inputAvro.get()).dataType().sameType(source.schema())) {
      validOptions = Map.of(AVRO_SCHEMA, inputAvro.get().toString());
      invalidOptions = Map.of(AVRO_SCHEMA, withReasonsField(inputAvro.get()).toString());
    }
    if (Output.canSplit(format) && source.columns().length == dataColumns.size()) {
      return writeSplit(output, validPart, invalidPart, format, validOptions, invalidOptions);
    }
    Observation observation = new Observation("wick-validate-" + UUID.randomUUID());
    Dataset<Row> observed = observe(staged(), observation);
    Dataset<Row> invalidRows = withReasons(observed.filter(anyFailed()));
    output.writeDataset(invalidPart, invalidRows, format, invalidOptions);
    ValidationSummary summary = summaryOf(observation);
    // With nothing invalid, the valid rows are the input as it is: no rule needs evaluating again.
    Dataset<Row> asIs =
        source.columns().length == dataColumns.size()
            ? source
            : source.select(dataColumns.toArray(new Column[0]));
    output.writeDataset(validPart, summary.invalid() == 0 ? asIs : valid(), format, validOptions);
    return summary;
  }

  /** {@code rows} with the totals and per-rule counts observed as {@code observation}. */
  private Dataset<Row> observe(Dataset<Row> rows, Observation observation) {
    List<Column> aggregates = aggregates();
    return rows.observe(
        observation,
        aggregates.get(0),
        aggregates.subList(1, aggregates.size()).toArray(new Column[0]));
  }

  /**
   * One write evaluates every rule once and splits the rows: the valid rows go to {@code validPart}
   * with the input's columns, the invalid ones to {@code invalidPart} with their reasons, which are
   * built for the invalid rows alone. The write counts the rows of each part and, per rule, the
   * invalid rows that fail it.
   */
  private ValidationSummary writeSplit(
      Output output,
      String validPart,
      String invalidPart,
      Format format,
      Map<String, String> validOptions,
      Map<String, String> invalidOptions) {
    String flag = unusedName("_wick_valid");
    List<Column> flagged = new ArrayList<>(dataColumns);
    flagged.add(not(anyFailing()).as(flag));
    List<Column> staged = stagedColumns();
    List<Column> annotated = withReasonsColumns();
    for (int i = 0; i < rules.size(); i++) {
      annotated.add(rules.get(i).failed().as(flag + "_rule_" + i));
    }
    // The invalid rows' reasons are evaluated for them alone, each rule's once: its staged column,
    // then the reasons column and the counts per rule from the staged columns.
    Output.SplitCounts counts =
        output.writeSplit(
            source.select(flagged.toArray(new Column[0])),
            format,
            new Output.Split(
                validPart,
                validOptions,
                invalidPart,
                invalidOptions,
                rows ->
                    rows.select(staged.toArray(new Column[0]))
                        .select(annotated.toArray(new Column[0])),
                rules.size()));
    long total = counts.trueRows() + counts.falseRows();
    return summaryOf(
        name ->
            switch (name) {
              case TOTAL -> total;
              case INVALID -> counts.falseRows();
              default -> counts.counted().get(Integer.parseInt(name.substring("rule_".length())));
            });
  }

  /**
   * {@code base}, or {@code base} with more leading underscores, so that no input column and not
   * the reasons column starts with it: a prefix for the write's own columns.
   */
  private String unusedName(String base) {
    String name = base;
    while (startsAny(name)) {
      name = "_" + name;
    }
    return name;
  }

  private boolean startsAny(String prefix) {
    return reasonsColumn.startsWith(prefix)
        || java.util.Arrays.stream(source.columns()).anyMatch(c -> c.startsWith(prefix));
  }

  private ValidationSummary summaryOf(Observation observation) {
    Map<String, Object> metrics = metrics(observation);
    return summaryOf(name -> ((Number) metrics.get(name)).longValue());
  }

  private static Map<String, Object> metrics(Observation observation) {
    try {
      return observation.getAsJava();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the validation counts", e);
    }
  }

  /** {@code record} with the reasons column added as its last field, as Spark writes it. */
  private org.apache.avro.Schema withReasonsField(org.apache.avro.Schema record) {
    StructField reasons = withReasons(staged().limit(0)).schema().apply(reasonsColumn);
    org.apache.avro.Schema reasonsAvro =
        SchemaConverters.toAvroType(
            reasons.dataType(),
            reasons.nullable(),
            reasonsColumn,
            record.getNamespace() == null ? "wick" : record.getNamespace() + ".wick");
    List<org.apache.avro.Schema.Field> fields = new ArrayList<>();
    for (org.apache.avro.Schema.Field f : record.getFields()) {
      fields.add(new org.apache.avro.Schema.Field(f, f.schema()));
    }
    fields.add(new org.apache.avro.Schema.Field(reasonsColumn, reasonsAvro, null, null));
    org.apache.avro.Schema out =
        org.apache.avro.Schema.createRecord(
            record.getName(), record.getDoc(), record.getNamespace(), false, fields);
    record.getObjectProps().forEach(out::addProp);
    return out;
  }

  private List<Column> aggregates() {
    List<Column> out = new ArrayList<>();
    out.add(count(lit(1)).as(TOTAL));
    out.add(count_if(anyFailed()).as(INVALID));
    for (int i = 0; i < rules.size(); i++) {
      out.add(count_if(rules.get(i).failed()).as("rule_" + i));
    }
    return out;
  }

  private ValidationSummary summaryOf(Function<String, Long> get) {
    long total = get.apply(TOTAL);
    long invalid = get.apply(INVALID);
    List<ValidationSummary.RuleCount> counts = new ArrayList<>();
    for (int i = 0; i < rules.size(); i++) {
      RuleInfo r = rules.get(i).info();
      counts.add(
          new ValidationSummary.RuleCount(
              r.field(), r.rule(), r.evaluatedAs(), get.apply("rule_" + i)));
    }
    return new ValidationSummary(total, total - invalid, invalid, counts);
  }
}
