package dev.wick.testkit.jobtest;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.not;

import dev.wick.bigdiff.BigDiff;
import dev.wick.bigdiff.DiffSummary;
import dev.wick.bigdiff.DuplicateKeys;
import dev.wick.bigdiff.PreparedDiff;
import dev.wick.core.WickException;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.Columns;
import dev.wick.testkit.jobtest.error.ShouldAllSatisfy;
import dev.wick.testkit.jobtest.error.ShouldBeEmpty;
import dev.wick.testkit.jobtest.error.ShouldBeEqualByKey;
import dev.wick.testkit.jobtest.error.ShouldBeEqualToDataset;
import dev.wick.testkit.jobtest.error.ShouldContainExactly;
import dev.wick.testkit.jobtest.error.ShouldContainExactlyInAnyOrder;
import dev.wick.testkit.jobtest.error.ShouldHaveRowCount;
import dev.wick.testkit.jobtest.error.ShouldHaveSchema;
import dev.wick.testkit.jobtest.internal.ExpectedRows;
import dev.wick.testkit.jobtest.internal.RowComparator;
import dev.wick.testkit.jobtest.internal.RowDiff;
import dev.wick.testkit.jobtest.internal.RowDiffText;
import dev.wick.testkit.jobtest.internal.RowMatcher;
import dev.wick.testkit.jobtest.internal.SchemaDiff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a Spark {@link Dataset}, AssertJ style. Rows are collected to the driver to be
 * compared, so these are for test-sized data; failures show the differing rows side by side. For
 * large outputs, {@link #isEqualByKeyTo(Dataset, String...)} compares in Spark with Wick's keyed
 * diff and collects only the summary.
 *
 * <p>Settings such as {@link #withTolerance(double)}, {@link #withKey(String...)} or {@link
 * #ignoringNullability()} come before the assertion they affect:
 *
 * <pre>{@code
 * assertThat(scores).withTolerance(1e-9).withKey("user_id").isEqualTo(expectedScores);
 * assertThat(scores).withRelativeTolerance(1e-6).ignoringColumns("computed_at")
 *     .isEqualByKeyTo(expectedScores, "user_id");
 * assertThat(counts).ignoringNullability().hasSchema(expectedSchema);
 * }</pre>
 *
 * @param <SELF> the concrete assertion type, returned by every method for chaining
 */
public abstract class AbstractDatasetAssert<SELF extends AbstractDatasetAssert<SELF>>
    extends AbstractAssert<SELF, Dataset<?>> {

  private RowComparator comparator = RowComparator.EXACT;
  private List<String> key = List.of();
  private List<String> ignored = List.of();
  private SchemaDiff.Options schemaOptions = SchemaDiff.Options.STRICT;

  protected AbstractDatasetAssert(Dataset<?> actual, Class<?> selfType) {
    super(actual, selfType);
  }

  // ------------------------------------------------------------------ settings

  /** Float, double and decimal values within {@code absolute} of each other count as equal. */
  public SELF withTolerance(double absolute) {
    comparator = comparator.withTolerance(absolute);
    return myself;
  }

  /**
   * Float, double and decimal values whose difference is at most {@code relative} times the larger
   * of their magnitudes count as equal ({@code 1e-6}: equal to six significant digits). With an
   * absolute tolerance set too, being within either is enough.
   */
  public SELF withRelativeTolerance(double relative) {
    comparator = comparator.withRelativeTolerance(relative);
    return myself;
  }

  /**
   * Leaves these columns out of {@link #isEqualTo}, {@link #isEqualByKeyTo}, {@link
   * #containsExactlyInAnyOrder} and {@link #containsExactly}: columns whose values a test cannot
   * know, such as {@code computed_at}. Expected rows and records may hold them or not.
   */
  public SELF ignoringColumns(String... columns) {
    if (columns.length == 0) {
      throw new IllegalArgumentException("ignoringColumns needs at least one column name.");
    }
    List<String> all = new ArrayList<>(ignored);
    for (String c : columns) {
      all.add(Objects.requireNonNull(c, "a column name"));
    }
    ignored = List.copyOf(all);
    return myself;
  }

  /** Timestamps within {@code tolerance} of each other count as equal. */
  public SELF withTimestampTolerance(Duration tolerance) {
    comparator = comparator.withTimestampTolerance(tolerance);
    return myself;
  }

  /**
   * The columns that identify a row: a failure pairs an expected and an actual row with the same
   * key as one changed row and shows the columns that differ.
   */
  public SELF withKey(String... columns) {
    if (columns.length == 0) {
      throw new IllegalArgumentException("withKey needs at least one column name.");
    }
    key = List.of(columns);
    return myself;
  }

  /** Schema comparisons ignore whether fields, array elements and map values are nullable. */
  public SELF ignoringNullability() {
    schemaOptions =
        new SchemaDiff.Options(
            true, schemaOptions.ignoreColumnOrder(), schemaOptions.ignoreMetadata());
    return myself;
  }

  /**
   * Schema comparisons ignore the order of columns, and {@link #isEqualTo} matches columns by name.
   */
  public SELF ignoringColumnOrder() {
    schemaOptions =
        new SchemaDiff.Options(
            schemaOptions.ignoreNullability(), true, schemaOptions.ignoreMetadata());
    return myself;
  }

  /** Schema comparisons ignore column metadata (comments, Wick's type notes). */
  public SELF ignoringMetadata() {
    schemaOptions =
        new SchemaDiff.Options(
            schemaOptions.ignoreNullability(), schemaOptions.ignoreColumnOrder(), true);
    return myself;
  }

  // ------------------------------------------------------------------ assertions

  /**
   * The dataset holds exactly these rows, in any order (as a multiset: duplicates count). Give
   * Rows, Java records or Avro records matched by column name, or plain values for a one-column
   * dataset (text lines).
   */
  public SELF containsExactlyInAnyOrder(Object... expected) {
    return containsExactlyInAnyOrderElementsOf(Arrays.asList(expected));
  }

  /** Like {@link #containsExactlyInAnyOrder(Object...)}, with the expected rows in a list. */
  public SELF containsExactlyInAnyOrderElementsOf(Iterable<?> expected) {
    isNotNull();
    Dataset<Row> compared = compared(actual);
    StructType schema = compared.schema();
    List<Row> actualRows = compared.collectAsList();
    List<Row> expectedRows = ExpectedRows.of(expected, actual.schema(), ignored);
    RowDiff diff = RowMatcher.unordered(expectedRows, actualRows, comparator, keyIndexes(schema));
    if (!diff.isEmpty()) {
      throwAssertionError(
          ShouldContainExactlyInAnyOrder.shouldContainExactlyInAnyOrder(
              diff, schema, expectedRows.size(), actualRows.size(), keyIndexes(schema)));
    }
    return myself;
  }

  /**
   * The dataset holds exactly these rows in this order (use it on sorted datasets). Values are
   * given as for {@link #containsExactlyInAnyOrder(Object...)}.
   */
  public SELF containsExactly(Object... expected) {
    return containsExactlyElementsOf(Arrays.asList(expected));
  }

  /** Like {@link #containsExactly(Object...)}, with the expected rows in a list. */
  public SELF containsExactlyElementsOf(Iterable<?> expected) {
    isNotNull();
    Dataset<Row> compared = compared(actual);
    StructType schema = compared.schema();
    List<Row> actualRows = compared.collectAsList();
    List<Row> expectedRows = ExpectedRows.of(expected, actual.schema(), ignored);
    RowDiff diff = RowMatcher.unordered(expectedRows, actualRows, comparator, keyIndexes(schema));
    if (!diff.isEmpty()) {
      throwAssertionError(
          ShouldContainExactly.shouldContainExactly(
              diff, schema, expectedRows.size(), actualRows.size(), keyIndexes(schema)));
    }
    int index = RowMatcher.firstDifference(expectedRows, actualRows, comparator);
    if (index >= 0) {
      throwAssertionError(
          ShouldContainExactly.shouldContainInOrder(
              index, expectedRows.get(index), actualRows.get(index), schema, expectedRows.size()));
    }
    return myself;
  }

  /** The dataset's schema is {@code expected}, up to what the {@code ignoring...} settings say. */
  public SELF hasSchema(StructType expected) {
    isNotNull();
    Objects.requireNonNull(expected, "expected");
    List<String> differences = SchemaDiff.differences(expected, actual.schema(), schemaOptions);
    if (!differences.isEmpty()) {
      throwAssertionError(
          ShouldHaveSchema.shouldHaveSchema(differences, schemaOptions, actual.schema()));
    }
    return myself;
  }

  /** The dataset's schema is the Spark form of a Wick schema (see {@link Schemas#toSpark}). */
  public SELF hasSchema(Schema expected) {
    return hasSchema(Schemas.toSpark(Objects.requireNonNull(expected, "expected")));
  }

  /**
   * Given a {@link Dataset}: both datasets have the same schema (up to the {@code ignoring...}
   * settings) and the same rows in any order, within the tolerances set. Anything else is compared
   * as AssertJ does.
   */
  @Override
  public SELF isEqualTo(Object expected) {
    if (!(expected instanceof Dataset<?> other)) {
      return super.isEqualTo(expected);
    }
    isNotNull();
    Dataset<Row> compared = compared(actual);
    StructType schema = compared.schema();
    Dataset<Row> aligned = compared(other);
    List<String> differences = SchemaDiff.differences(aligned.schema(), schema, schemaOptions);
    if (!differences.isEmpty()) {
      throwAssertionError(ShouldBeEqualToDataset.shouldHaveSameSchema(differences, schemaOptions));
    }
    if (schemaOptions.ignoreColumnOrder()) {
      aligned = aligned.selectExpr(quoted(schema.fieldNames()));
    }
    List<Row> actualRows = compared.collectAsList();
    List<Row> expectedRows = aligned.collectAsList();
    RowDiff diff = RowMatcher.unordered(expectedRows, actualRows, comparator, keyIndexes(schema));
    if (!diff.isEmpty()) {
      throwAssertionError(
          ShouldBeEqualToDataset.shouldHaveSameRows(
              diff, schema, expectedRows.size(), actualRows.size(), keyIndexes(schema)));
    }
    return myself;
  }

  /**
   * The dataset equals {@code expected} record by record, matched on the {@code key} columns,
   * compared in Spark by Wick's keyed diff ({@link BigDiff}) so that neither side is collected to
   * the driver: for outputs too large for {@link #isEqualTo}. The schemas must agree (up to the
   * {@code ignoring...} settings); numbers compare within {@link #withTolerance} and {@link
   * #withRelativeTolerance}, timestamps exactly. The failure gives the diff's summary: how many
   * keys changed, are missing or unexpected, or are duplicated on a side, the fields that differ
   * with an example each, and the first differing keys with their values.
   */
  public SELF isEqualByKeyTo(Dataset<?> expected, String... key) {
    isNotNull();
    Objects.requireNonNull(expected, "expected");
    if (key.length == 0) {
      throw new IllegalArgumentException("isEqualByKeyTo needs at least one key column.");
    }
    if (!comparator.timestampTolerance().isZero()) {
      throw WickException.usage(
          "isEqualByKeyTo compares timestamps exactly; withTimestampTolerance applies to isEqualTo"
              + " and containsExactly, so use one of those or drop the timestamp tolerance.");
    }
    Dataset<Row> actualRows = compared(actual);
    Dataset<Row> expectedRows = compared(expected);
    List<String> differences =
        SchemaDiff.differences(expectedRows.schema(), actualRows.schema(), schemaOptions);
    if (!differences.isEmpty()) {
      throwAssertionError(
          ShouldBeEqualByKey.shouldHaveSameSchema(List.of(key), differences, schemaOptions));
    }
    keyIndexes(actualRows.schema(), List.of(key));
    BigDiff diff = BigDiff.key(key).duplicates(DuplicateKeys.REPORT).labels("expected", "actual");
    List<String> keys = List.of(key);
    for (StructField f : actualRows.schema().fields()) {
      if (keys.contains(f.name()) || !fractional(f.dataType())) {
        continue;
      }
      if (comparator.tolerance() > 0) {
        diff = diff.tolerance(f.name(), comparator.tolerance());
      }
      if (comparator.relativeTolerance() > 0) {
        diff = diff.relativeTolerance(f.name(), comparator.relativeTolerance());
      }
    }
    PreparedDiff prepared = diff.prepare(expectedRows, actualRows);
    DiffSummary summary = prepared.summarize();
    if (summary.hasDifferences()) {
      Dataset<Row> differing = prepared.keys();
      List<Row> first =
          differing
              .orderBy(
                  prepared.keyColumns().stream()
                      .map(c -> differing.col(Columns.quote(c)))
                      .toArray(Column[]::new))
              .limit(RowDiffText.MAX_SHOWN)
              .collectAsList();
      throwAssertionError(
          ShouldBeEqualByKey.shouldBeEqualByKey(summary, first, prepared.keyColumns()));
    }
    return myself;
  }

  /** The dataset has no rows. */
  public SELF isEmpty() {
    isNotNull();
    if (!actual.isEmpty()) {
      List<Row> first = actual.toDF().limit(RowDiffText.MAX_SHOWN).collectAsList();
      throwAssertionError(ShouldBeEmpty.shouldBeEmpty(actual.count(), first, actual.schema()));
    }
    return myself;
  }

  /** The dataset has exactly {@code expected} rows. */
  public SELF hasRowCount(long expected) {
    isNotNull();
    long count = actual.count();
    if (count != expected) {
      throwAssertionError(ShouldHaveRowCount.shouldHaveRowCount(expected, count));
    }
    return myself;
  }

  /**
   * Every row passes {@code requirements} (which throws an {@link AssertionError} to reject a row,
   * as AssertJ assertions do); the failure lists the rows that did not, with the reasons.
   */
  public SELF allSatisfy(Consumer<? super Row> requirements) {
    isNotNull();
    Objects.requireNonNull(requirements, "requirements");
    List<Row> rows = collect();
    List<ShouldAllSatisfy.Failure> failures = new ArrayList<>();
    long failed = 0;
    for (int i = 0; i < rows.size(); i++) {
      try {
        requirements.accept(rows.get(i));
      } catch (AssertionError e) {
        failed++;
        if (failures.size() <= RowDiffText.MAX_SHOWN) {
          failures.add(
              new ShouldAllSatisfy.Failure(i, rows.get(i), String.valueOf(e.getMessage())));
        }
      }
    }
    if (failed > 0) {
      throwAssertionError(
          ShouldAllSatisfy.shouldAllSatisfy(failures, failed, rows.size(), actual.schema()));
    }
    return myself;
  }

  /**
   * Every row meets a Spark condition, evaluated by Spark ({@code col("plays").gt(0)}); a row where
   * it is false or null fails.
   */
  public SELF allSatisfy(Column condition) {
    isNotNull();
    Objects.requireNonNull(condition, "condition");
    Dataset<Row> failing = actual.toDF().filter(not(coalesce(condition, lit(false))));
    long failed = failing.count();
    if (failed > 0) {
      List<Row> first = failing.limit(RowDiffText.MAX_SHOWN).collectAsList();
      throwAssertionError(
          ShouldAllSatisfy.shouldAllSatisfy(
              describe(condition), first, failed, actual.count(), actual.schema()));
    }
    return myself;
  }

  // ------------------------------------------------------------------ helpers

  private List<Row> collect() {
    return actual.toDF().collectAsList();
  }

  /** A dataset without the ignored columns, which must be columns of the actual dataset. */
  private Dataset<Row> compared(Dataset<?> data) {
    if (ignored.isEmpty()) {
      return data.toDF();
    }
    List<String> names = Arrays.asList(actual.schema().fieldNames());
    for (String c : ignored) {
      if (!names.contains(c)) {
        throw WickException.usage(
            "Ignored column '"
                + c
                + "' is not a column of the dataset; its columns are "
                + names
                + ".");
      }
    }
    return data.toDF().drop(ignored.toArray(new String[0]));
  }

  private static boolean fractional(DataType t) {
    if (t instanceof FloatType || t instanceof DoubleType || t instanceof DecimalType) {
      return true;
    }
    if (t instanceof StructType s) {
      return Arrays.stream(s.fields()).anyMatch(f -> fractional(f.dataType()));
    }
    if (t instanceof org.apache.spark.sql.types.ArrayType a) {
      return fractional(a.elementType());
    }
    if (t instanceof org.apache.spark.sql.types.MapType m) {
      return fractional(m.valueType());
    }
    return false;
  }

  private List<Integer> keyIndexes(StructType schema) {
    return keyIndexes(schema, key);
  }

  private static List<Integer> keyIndexes(StructType schema, List<String> key) {
    List<String> names = Arrays.asList(schema.fieldNames());
    List<Integer> out = new ArrayList<>();
    for (String k : key) {
      int i = names.indexOf(k);
      if (i < 0) {
        throw WickException.usage(
            "Key column '"
                + k
                + "' is not a column of the dataset; its columns are "
                + names
                + ".");
      }
      out.add(i);
    }
    return out;
  }

  /** A condition as Spark's analyzer names it: {@code (ms_played > 10000)}. */
  private String describe(Column condition) {
    return actual.toDF().select(condition).schema().fields()[0].name();
  }

  private static String[] quoted(String[] names) {
    String[] out = new String[names.length];
    for (int i = 0; i < names.length; i++) {
      out[i] = Columns.quote(names[i]);
    }
    return out;
  }
}
