package dev.wick.core.validation;

import static org.apache.spark.sql.functions.array;
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
  private final Dataset<Row> staged;
  private final List<Column> dataColumns;
  private final String reasonsColumn;
  private final List<StagedRule> rules;
  private final Function<Dataset<Row>, ValidatedRows> restage;

  ValidatedRows(
      Dataset<Row> source,
      Dataset<Row> staged,
      List<Column> dataColumns,
      String reasonsColumn,
      List<StagedRule> rules,
      Function<Dataset<Row>, ValidatedRows> restage) {
    this.source = source;
    this.staged = staged;
    this.dataColumns = List.copyOf(dataColumns);
    this.reasonsColumn = reasonsColumn;
    this.rules = List.copyOf(rules);
    this.restage = restage;
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

  /** A rule and the staged column holding its reasons (one string, or an array when repeated). */
  /**
   * A rule and its staged reasons column; {@code failing} says whether a row fails it, over the
   * data's columns alone (not the staged ones), in the cheapest form the rule has.
   */
  record StagedRule(RuleInfo info, String column, boolean repeated, Column failing) {
    Column failed() {
      return repeated ? size(col(column)).gt(0) : col(column).isNotNull();
    }
  }

  /** The rules evaluated, in schema order, and how. */
  public List<RuleInfo> rules() {
    return rules.stream().map(StagedRule::info).toList();
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

  private Column reasons() {
    if (rules.isEmpty()) {
      return array().cast(REASONS_TYPE);
    }
    Column none = array().cast(REASONS_TYPE);
    List<Column> parts = new ArrayList<>();
    for (StagedRule r : rules) {
      parts.add(
          when(
                  r.failed(),
                  array(
                      Validation.violation(
                          r.info().field(), r.info().rule(), r.repeated(), col(r.column()))))
              .otherwise(none));
    }
    return concat(parts.toArray(new Column[0]));
  }

  private Dataset<Row> withReasons(Dataset<Row> rows) {
    List<Column> out = new ArrayList<>(dataColumns);
    out.add(reasons().as(reasonsColumn));
    return rows.select(out.toArray(new Column[0]));
  }

  /** Every row with its reasons column (empty for valid rows). */
  public Dataset<Row> annotated() {
    return withReasons(staged);
  }

  /** The rows that pass every rule, as they came in. */
  public Dataset<Row> valid() {
    return source.filter(not(anyFailing())).select(dataColumns.toArray(new Column[0]));
  }

  /** The rows that fail at least one rule, with the reasons column. */
  public Dataset<Row> invalid() {
    return withReasons(staged.filter(anyFailed()));
  }

  /** Totals and counts per field and rule, in one aggregation (one pass over the input). */
  public ValidationSummary summary() {
    List<Column> aggregates = aggregates();
    Row row =
        staged
            .agg(aggregates.get(0), aggregates.subList(1, aggregates.size()).toArray(new Column[0]))
            .head();
    return summaryOf(name -> ((Number) row.getAs(name)).longValue());
  }

  /**
   * Writes the valid rows to {@code validPart} and the invalid rows (with reasons) to {@code
   * invalidPart} of {@code output} in {@code format}, and returns the summary. Parquet, ORC and
   * Avro take one pass over the input: a single write evaluates the rules once, counts the rows and
   * splits them into a valid and an invalid folder; the valid folder moves into place, and the
   * invalid rows alone are read back to add their reasons and be counted per rule. Other formats
   * take two passes, the invalid rows' write (with the counts) and the valid rows' (a plain copy
   * when none is invalid). The caller commits the output.
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
    if (ONE_PASS.contains(format)) {
      return writeOnce(output, validPart, invalidPart, format, validOptions, invalidOptions);
    }
    Observation observation = new Observation("wick-validate-" + UUID.randomUUID());
    Dataset<Row> observed = observe(staged, observation);
    Dataset<Row> invalidRows = withReasons(observed.filter(anyFailed()));
    output.writeDataset(invalidPart, invalidRows, format, invalidOptions);
    ValidationSummary summary = summaryOf(observation);
    // With nothing invalid, the valid rows are the input as it is: no rule needs evaluating again.
    output.writeDataset(validPart, summary.invalid() == 0 ? source : valid(), format, validOptions);
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

  /** The formats that read back exactly what was written, so one pass can split the rows. */
  private static final java.util.Set<Format> ONE_PASS =
      java.util.EnumSet.of(Format.PARQUET, Format.ORC, Format.AVRO);

  private static final String SPLIT = "_wick_split";

  /**
   * One write partitioned by validity evaluates every rule once and counts the rows (a single
   * observed {@code count}, since observed aggregates are evaluated row by row outside Spark's
   * generated code); its valid folder moves into place, and only the invalid rows (a small share,
   * in their folder) are read again, to add their reasons and count them per rule.
   */
  private ValidationSummary writeOnce(
      Output output,
      String validPart,
      String invalidPart,
      Format format,
      Map<String, String> validOptions,
      Map<String, String> invalidOptions) {
    String flag = "wick_valid";
    while (java.util.Arrays.asList(source.columns()).contains(flag)) {
      flag = "_" + flag;
    }
    List<Column> columns = new ArrayList<>(dataColumns);
    columns.add(not(anyFailing()).as(flag));
    String split = SPLIT + "-" + UUID.randomUUID();
    Observation counted = new Observation("wick-validate-rows-" + UUID.randomUUID());
    Dataset<Row> flagged =
        source.observe(counted, count(lit(1)).as(TOTAL)).select(columns.toArray(new Column[0]));
    output.writeDataset(split, flagged, format, validOptions, List.of(flag));
    long total = ((Number) metrics(counted).get(TOTAL)).longValue();
    String rest = split + "/" + flag + "=false";
    if (output.move(split + "/" + flag + "=true", validPart)) {
      output.writeString(validPart + "/" + Output.SUCCESS, "");
    } else {
      // No valid row: an empty part that still carries the input's schema.
      output.writeDataset(validPart, source.limit(0), format, validOptions);
    }
    ValidationSummary summary;
    if (!output.exists(rest)) {
      output.writeDataset(invalidPart, withReasons(staged.limit(0)), format, invalidOptions);
      summary = summaryOf(name -> name.equals(TOTAL) ? total : 0L);
    } else {
      Dataset<Row> back =
          source
              .sparkSession()
              .read()
              .format(format.sparkName())
              .schema(source.schema())
              .load(output.stagingLocation(rest));
      ValidatedRows invalid = restage.apply(back);
      Observation counts = new Observation("wick-validate-rules-" + UUID.randomUUID());
      output.writeDataset(
          invalidPart,
          invalid.withReasons(invalid.observe(invalid.staged, counts)),
          format,
          invalidOptions);
      // Every row read back failed a rule when it was written: they are the invalid rows, and
      // their counts per rule are the input's.
      ValidationSummary inInvalid = invalid.summaryOf(counts);
      summary =
          new ValidationSummary(
              total, total - inInvalid.total(), inInvalid.total(), inInvalid.rules());
    }
    output.delete(split);
    return summary;
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
    StructField reasons = withReasons(staged.limit(0)).schema().apply(reasonsColumn);
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
