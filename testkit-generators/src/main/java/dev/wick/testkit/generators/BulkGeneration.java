package dev.wick.testkit.generators;

import dev.wick.core.WickException;
import dev.wick.core.schema.Schema;
import dev.wick.core.spark.Columns;
import dev.wick.profiler.Profile;
import dev.wick.testkit.generators.internal.BulkGenerator;
import dev.wick.testkit.generators.internal.GenerationSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/**
 * The options of a bulk generation: millions of records of a schema, drawn in parallel Spark tasks
 * (what {@code wick generate} runs). Immutable; each method checks its argument at once and returns
 * a copy. {@link #run} gives the {@link GeneratedRecords}, which write themselves to an {@link
 * dev.wick.core.io.Output} the caller owns.
 *
 * <p>The records know the same edge cases, unicode, nulls and semantic types (those named in the
 * schema) as the jqwik arbitraries of {@link Generators}, and respect the exact column types of a
 * Spark struct; edge cases come up one time in a hundred, and identifiers (uuids, base62 ids and
 * the fields named by {@link #key}) are unique within the dataset. They are cut into chunks of
 * {@link #rowsPerPartition} records, one Spark partition (and so one output file) each, and each
 * chunk draws from its own seed derived from {@link #seed}: the same seed, count and chunk size
 * give the same records in the same files, byte for byte, on any cluster. {@link #like} shapes the
 * values like a profile of real data.
 *
 * <pre>{@code
 * GeneratedRecords plays =
 *     BulkGeneration.of(Schemas.parseAvsc(Path.of("schemas/play.avsc")))
 *         .seed(7)
 *         .nullProbability(0.2)
 *         .run(spark, 10_000_000);
 * try (Output out = Output.create(spark, "data/plays", false, List.of())) {
 *   plays.writeTo(out, Format.PARQUET);
 *   out.commit();
 * }
 * }</pre>
 *
 * <p>This class does not need jqwik on the class path.
 */
public final class BulkGeneration {
  /**
   * Records per partition unless told otherwise: big enough to amortize a task, small to spread.
   */
  public static final long DEFAULT_ROWS_PER_PARTITION = BulkGenerator.DEFAULT_ROWS_PER_PARTITION;

  /** How often a profiled top value must have been seen for {@link #like} to copy it. */
  public static final long DEFAULT_MIN_COUNT = 5;

  private final BulkGenerator generator;
  private final GenerationSettings settings;
  private final Optional<org.apache.avro.Schema> avro;
  private final Profile profile;
  private final long minCount;

  private BulkGeneration(
      BulkGenerator generator, GenerationSettings settings, Optional<org.apache.avro.Schema> avro) {
    this(generator, settings, avro, null, DEFAULT_MIN_COUNT);
  }

  private BulkGeneration(
      BulkGenerator generator,
      GenerationSettings settings,
      Optional<org.apache.avro.Schema> avro,
      Profile profile,
      long minCount) {
    this.generator = generator;
    this.settings = settings;
    this.avro = avro;
    this.profile = profile;
    this.minCount = minCount;
  }

  private static BulkGeneration create(
      BulkGenerator generator, Optional<org.apache.avro.Schema> avro) {
    GenerationSettings defaults = GenerationSettings.bulkDefaults();
    return new BulkGeneration(generator.settings(defaults), defaults, avro);
  }

  /**
   * Records of any Avro record schema: unions of several types, recursive records (nested at most
   * three levels deep), every logical type, fixed and enums. Written as Avro, they keep this
   * schema; the other formats and {@link GeneratedRecords#rows()} need a schema Spark can express.
   */
  public static BulkGeneration of(org.apache.avro.Schema avro) {
    Objects.requireNonNull(avro, "avro");
    return create(BulkGenerator.of(avro), Optional.of(avro));
  }

  /** Rows of a Spark schema, with values that fit its exact column types. */
  public static BulkGeneration of(StructType struct) {
    Objects.requireNonNull(struct, "struct");
    return create(BulkGenerator.of(struct), Optional.empty());
  }

  /** Records of a Wick schema, shaped as {@code Schemas.toSpark(schema)}. */
  public static BulkGeneration of(Schema schema) {
    Objects.requireNonNull(schema, "schema");
    return create(BulkGenerator.of(schema), Optional.empty());
  }

  /** The seed the chunks' seeds derive from (default 0). */
  public BulkGeneration seed(long seed) {
    return new BulkGeneration(generator.seed(seed), settings, avro, profile, minCount);
  }

  /**
   * Keeps the values of these fields unique within the generated dataset, such as the id a dataset
   * is diffed or joined by. Identifiers always are: fields of the uuid logical type and of the
   * {@code uuid} and {@code base62_id} semantic types. A key's value derives from the record's
   * index and the seed, so it is unique across partitions and still looks random; a key must be a
   * plain string, long, int, bytes or uuid field (or fixed of 8 bytes or more) outside arrays and
   * maps.
   */
  public BulkGeneration key(String... paths) {
    return new BulkGeneration(
        generator.keys(java.util.List.of(paths)), settings, avro, profile, minCount);
  }

  /**
   * Draws the values of the field at {@code path} uniformly from {@code values}, such as the ids of
   * another dataset, so that the two join: {@code users.key("user_id")} and {@code
   * plays.valuesOf("user_id", userIds)} make plays whose every user exists. Values are Java values
   * of the field's type (nulls are left out; a nullable field still gets nulls at its rate), at
   * most {@value BulkGenerator#MAX_SHARED_VALUES}; the field must be a plain one and not a key.
   */
  public BulkGeneration valuesOf(String path, Collection<?> values) {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(values, "values");
    return new BulkGeneration(
        generator.shared(path, values, "the list of values"), settings, avro, profile, minCount);
  }

  /**
   * Draws the values of the field at {@code path} from the distinct non-null values of {@code
   * column} in {@code data}, collected once: {@code valuesOf("user_id", users, "user_id")}.
   */
  public BulkGeneration valuesOf(String path, Dataset<Row> data, String column) {
    Objects.requireNonNull(data, "data");
    List<String> columns = Arrays.asList(data.columns());
    if (!columns.contains(column)) {
      throw WickException.usage(
          "The dataset to draw '"
              + path
              + "' from has no column '"
              + column
              + "'; name one of its columns ("
              + String.join(", ", columns)
              + ").");
    }
    Column c = Columns.column(column);
    List<Row> rows =
        data.select(c)
            .where(c.isNotNull())
            .distinct()
            .limit(BulkGenerator.MAX_SHARED_VALUES + 1)
            .collectAsList();
    List<Object> values = new ArrayList<>(rows.size());
    rows.forEach(r -> values.add(r.get(0)));
    return new BulkGeneration(
        generator.shared(path, values, "column '" + column + "'"),
        settings,
        avro,
        profile,
        minCount);
  }

  /**
   * Draws the records shaped like a profile of real data ({@code Profiler}'s), field by field:
   * nulls at the profile's rate; numbers, dates, timestamps and collection sizes through the
   * inverse of the field's quantile sketch; text from the top values with their frequencies, and
   * fresh values (valid for the field's semantic type, or of the profiled lengths) for the rest,
   * about as many distinct ones as the profile counted. Fields the profile lacks keep the schema's
   * domains. Correlations between fields are not reproduced.
   *
   * <p>Privacy: a top value seen fewer than {@link #minCount} times (5 unless told otherwise) is
   * never copied, a fresh value is never one of the profile's top values, and a redacted field's
   * profile holds no values, so all of its values are fresh.
   */
  public BulkGeneration like(Profile profile) {
    Objects.requireNonNull(profile, "profile");
    return new BulkGeneration(generator.like(profile, minCount), settings, avro, profile, minCount);
  }

  /** How often a profiled top value must have been seen for {@link #like} to copy it (5). */
  public BulkGeneration minCount(long count) {
    return new BulkGeneration(generator.like(profile, count), settings, avro, profile, count);
  }

  /** How many records each partition (and so each output file) holds at most. */
  public BulkGeneration rowsPerPartition(long rows) {
    return new BulkGeneration(generator.rowsPerPartition(rows), settings, avro, profile, minCount);
  }

  /** The chance that a nullable field, array element or map value is null (default 0.1). */
  public BulkGeneration nullProbability(double probability) {
    return with(settings.withNullProbability(probability));
  }

  /** The sizes of arrays and maps (default 0 to 5). */
  public BulkGeneration collectionSize(int min, int max) {
    return with(settings.withCollectionSize(min, max));
  }

  /** The lengths of strings and byte arrays (default 0 to 20). */
  public BulkGeneration stringLength(int min, int max) {
    return with(settings.withStringLength(min, max));
  }

  /** The chance that a value is one of its type's edge cases (default 0.01). */
  public BulkGeneration edgeCaseProbability(double probability) {
    return with(settings.withEdgeCaseProbability(probability));
  }

  private BulkGeneration with(GenerationSettings next) {
    return new BulkGeneration(generator.settings(next), next, avro, profile, minCount);
  }

  /** The schema of the records. */
  public Schema schema() {
    return generator.schema();
  }

  /** The seed in effect. */
  public long seed() {
    return generator.seed();
  }

  /** The number of partitions (and output files) {@code count} records take. */
  public long partitions(long count) {
    return generator.partitions(count);
  }

  /**
   * Plans {@code count} records on {@code spark}. Nothing is drawn until the records are written or
   * another Spark action runs; the schema's domains are built here, so that a semantic type that
   * does not apply or a count below 0 fails at once.
   */
  public GeneratedRecords run(SparkSession spark, long count) {
    Objects.requireNonNull(spark, "spark");
    generator.check(count, avro.isPresent() && generator.hasAvroSchema());
    return new GeneratedRecords(spark, generator, count, avro);
  }

  @Override
  public String toString() {
    return "BulkGeneration<" + schema().name() + ", seed " + seed() + ">";
  }
}
