package dev.wick.testkit.generators.internal;

import dev.wick.core.WickException;
import dev.wick.core.schema.ResolvedPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.schema.SemanticSpec;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/**
 * The bulk backend behind {@code dev.wick.testkit.generators.BulkGeneration} (use that): generates
 * a dataset of records in parallel Spark tasks, each drawing its rows straight from the schema's
 * {@link Domain}s with its own {@link SplittableRandom}.
 *
 * <p>The records are cut into chunks of {@link #rowsPerPartition} rows, one Spark partition each,
 * and chunk {@code i} draws from a seed derived from the generator's seed and {@code i}. So the
 * same seed, count and chunk size give the same records in the same partitions on any cluster.
 * Tasks read the chunks through {@link GeneratorSource}, drawing Spark's internal rows directly.
 *
 * <p>Internal: public only for the public package of this module.
 */
public final class BulkGenerator {
  /** Rows per partition unless told otherwise: big enough to amortize a task, small to spread. */
  public static final long DEFAULT_ROWS_PER_PARTITION = 250_000;

  private final SchemaSource source;
  private final Schema model;
  private final StructType struct;
  private final long seed;
  private final GenerationSettings settings;
  private final long rowsPerPartition;
  private final BulkShape shape;

  private BulkGenerator(
      SchemaSource source,
      Schema model,
      StructType struct,
      long seed,
      GenerationSettings settings,
      long rowsPerPartition,
      BulkShape shape) {
    this.source = source;
    this.model = model;
    this.struct = struct;
    this.seed = seed;
    this.settings = settings;
    this.rowsPerPartition = rowsPerPartition;
    this.shape = shape;
  }

  /** Records of an Avro record schema (which Spark must be able to express). */
  public static BulkGenerator of(org.apache.avro.Schema avro) {
    Schema model = Schemas.fromAvro(avro);
    return create(new SchemaSource(avro.toString(), null, model.name()), model);
  }

  /** Rows of a Spark schema, with values that fit its exact column types. */
  public static BulkGenerator of(StructType struct) {
    Schema model = Schemas.fromSpark(struct);
    return new BulkGenerator(
        new SchemaSource(null, struct, model.name()),
        model,
        struct,
        0,
        GenerationSettings.bulkDefaults(),
        DEFAULT_ROWS_PER_PARTITION,
        BulkShape.NONE);
  }

  /** Records of a model; fails when Spark cannot express it (unions, recursive records). */
  public static BulkGenerator of(Schema model) {
    return create(SchemaSource.of(model), model);
  }

  private static BulkGenerator create(SchemaSource source, Schema model) {
    return new BulkGenerator(
        source,
        model,
        null,
        0,
        GenerationSettings.bulkDefaults(),
        DEFAULT_ROWS_PER_PARTITION,
        BulkShape.NONE);
  }

  public BulkGenerator seed(long seed) {
    return new BulkGenerator(source, model, struct, seed, settings, rowsPerPartition, shape);
  }

  public BulkGenerator settings(GenerationSettings settings) {
    Objects.requireNonNull(settings, "settings");
    return new BulkGenerator(source, model, struct, seed, settings, rowsPerPartition, shape);
  }

  /** How many rows each partition (and so each output file) holds at most. */
  public BulkGenerator rowsPerPartition(long rows) {
    if (rows < 1) {
      throw WickException.usage(
          "Rows per partition must be at least 1, got " + rows + "; pass a positive number.");
    }
    return new BulkGenerator(source, model, struct, seed, settings, rows, shape);
  }

  /**
   * Keeps the values of these fields unique within the generated dataset (identifiers, uuid and
   * base62 ids, always are). Each path must name a plain field outside arrays and maps.
   */
  public BulkGenerator keys(List<String> paths) {
    List<String> normalized = new ArrayList<>();
    for (String path : paths) {
      ResolvedPath resolved = model.resolve(path);
      if (!resolved.path().isStructPath() || !SchemaDomains.isLeaf(resolved.type())) {
        throw WickException.usage(
            "Key field '"
                + path
                + "' is a "
                + resolved.type().describe()
                + (resolved.path().isStructPath() ? "" : " inside an array or map")
                + ", which cannot be unique per record; name a plain field such as a string or a"
                + " long.");
      }
      // A key whose type or semantic type cannot be unique fails here, not in a task.
      new UniqueKeys(Set.of(resolved.path()), false, seed)
          .domain(
              resolved.path(),
              resolved.type(),
              resolved.field().semantic().map(SemanticSpec::name).orElse(null),
              () -> null,
              path);
      if (shape.shared().containsKey(resolved.path().toString())) {
        throw WickException.usage(
            "Key field '"
                + path
                + "' draws its values from a list, so they cannot be unique; name it as a key or"
                + " draw it from a list, not both.");
      }
      normalized.add(resolved.path().toString());
    }
    return new BulkGenerator(
        source, model, struct, seed, settings, rowsPerPartition, shape.withKeys(normalized));
  }

  /** The most values a field's values may be drawn from: each task carries the whole list. */
  public static final int MAX_SHARED_VALUES = 1_000_000;

  /**
   * Draws the values of the plain field at {@code path} uniformly from {@code values} (Java values
   * of the field's type, such as the ids of another generated dataset, so that the two join): a
   * nullable field still gets nulls at its rate. {@code origin} names the values in errors.
   */
  public BulkGenerator shared(String path, java.util.Collection<?> values, String origin) {
    ResolvedPath resolved = model.resolve(path);
    String where = resolved.path().toString();
    if (!SchemaDomains.isLeaf(resolved.type())) {
      throw WickException.usage(
          "Field '"
              + path
              + "' is a "
              + resolved.type().describe()
              + ", whose values cannot be drawn from a list; name a plain field such as a string or"
              + " a long.");
    }
    if (shape.keys().contains(where)) {
      throw WickException.usage(
          "Field '"
              + path
              + "' is a key, whose values are unique, so they cannot be drawn from "
              + origin
              + "; name it as a key or draw it from a list, not both.");
    }
    List<Object> normalized = new ArrayList<>();
    for (Object v : values) {
      if (v != null) {
        normalized.add(dev.wick.core.schema.JavaValues.require(v, resolved.type(), where));
      }
    }
    if (normalized.isEmpty()) {
      throw WickException.usage(
          capitalized(origin)
              + " holds no values for field '"
              + path
              + "'; give a dataset with some.");
    }
    if (normalized.size() > MAX_SHARED_VALUES) {
      throw WickException.usage(
          capitalized(origin)
              + " holds "
              + normalized.size()
              + " values for field '"
              + path
              + "', more than the "
              + MAX_SHARED_VALUES
              + " a generation can draw from; give a smaller dataset, such as a sample of it.");
    }
    return new BulkGenerator(
        source,
        model,
        struct,
        seed,
        settings,
        rowsPerPartition,
        shape.withShared(where, normalized));
  }

  private static String capitalized(String text) {
    return Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }

  /**
   * Draws values shaped like {@code profile} (see {@link LikeProfile}), copying only top values
   * seen at least {@code minCount} times; a null profile draws from the schema's domains.
   */
  public BulkGenerator like(dev.wick.profiler.Profile profile, long minCount) {
    ProfileShape.requireMinCount(minCount);
    return new BulkGenerator(
        source, model, struct, seed, settings, rowsPerPartition, shape.withLike(profile, minCount));
  }

  /** The paths of the fields named as keys. */
  public List<String> keys() {
    return shape.keys();
  }

  public Schema schema() {
    return model;
  }

  /**
   * The Spark schema of the generated rows; a usage error naming the field when Spark cannot
   * express the schema (a union of several types, a recursive record).
   */
  StructType sparkSchema() {
    return struct != null ? struct : Schemas.toSpark(model);
  }

  /** Whether the records can be written as Avro straight from Avro records, any schema. */
  public boolean hasAvroSchema() {
    return source.avroJson() != null;
  }

  /**
   * Checks, without Spark, that {@code count} records can be generated: the count, the number of
   * partitions, and the domains of the schema (so that a semantic type that does not apply fails at
   * once). With {@code asAvro}, checks the Avro records' domains, which any Avro schema has;
   * otherwise the Spark rows', which need a schema Spark can express.
   */
  public void check(long count, boolean asAvro) {
    if (count < 0) {
      throw WickException.usage(
          "The record count must be 0 or more, got " + count + "; pass a count such as 1000.");
    }
    if (partitions(count) > Integer.MAX_VALUE) {
      throw WickException.usage(
          count + " records make too many partitions; raise the rows per partition.");
    }
    if (asAvro) {
      SchemaDomains.bulkAvro(
          new org.apache.avro.Schema.Parser().parse(source.avroJson()), settings, shape.task(seed));
    } else {
      SchemaDomains.internalRows(model, sparkSchema(), settings, shape.task(seed));
    }
  }

  /**
   * Writes {@code count} records as Avro part files into the folder {@code dir} (see {@link
   * AvroParts}), in parallel Spark tasks; returns how many records were written.
   */
  public long writeAvro(SparkSession spark, org.apache.hadoop.fs.Path dir, long count) {
    if (!hasAvroSchema()) {
      throw new IllegalStateException("no Avro schema for " + model.name());
    }
    check(count, true);
    return AvroParts.write(
        spark,
        new GeneratorSource.Spec(source, settings, seed, count, rowsPerPartition, shape),
        dir);
  }

  public long seed() {
    return seed;
  }

  /** The number of partitions (and chunks) {@code count} records take. */
  public long partitions(long count) {
    return count == 0 ? 0 : (count - 1) / rowsPerPartition + 1;
  }

  /**
   * A dataset of {@code count} generated records. Nothing is drawn until an action runs; the
   * domains are built here once so that a bad schema or semantic type fails at once.
   */
  public Dataset<Row> generate(SparkSession spark, long count) {
    check(count, false);
    GeneratorSource.Spec spec =
        new GeneratorSource.Spec(source, settings, seed, count, rowsPerPartition, shape);
    return spark.read().format(GeneratorSource.class.getName()).options(spec.toOptions()).load();
  }

  /**
   * The records of partition {@code index} of {@code count} records, drawn here as rows (no Spark):
   * the same records {@link #generate} puts in that partition.
   */
  Iterator<Row> chunk(long index, long count) {
    BulkShape.Task task = shape.task(seed);
    UniqueKeys keys = task.keys();
    Domain<Row> domain = SchemaDomains.bulkRows(model, sparkSchema(), settings, task);
    long first = index * rowsPerPartition;
    long n = Math.max(0, Math.min(rowsPerPartition, count - first));
    SplittableRandom random = new SplittableRandom(chunkSeed(seed, index));
    return new Iterator<>() {
      private long drawn;

      @Override
      public boolean hasNext() {
        return drawn < n;
      }

      @Override
      public Row next() {
        if (drawn >= n) {
          throw new NoSuchElementException();
        }
        keys.at(first + drawn);
        drawn++;
        return domain.draw(random);
      }
    };
  }

  /** The seed of chunk {@code index}: SplitMix64's finalizer over the seed and the index. */
  static long chunkSeed(long seed, long index) {
    long z = seed + (index + 1) * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /**
   * A serializable description of the schema for Spark tasks: the Avro schema's JSON, or a Spark
   * struct, whichever rebuilds the same model.
   */
  record SchemaSource(String avroJson, StructType struct, String name) implements Serializable {
    private static final long serialVersionUID = 1L;

    static SchemaSource of(Schema model) {
      try {
        String json = Schemas.toAvro(model).toString();
        if (Schemas.fromAvro(new org.apache.avro.Schema.Parser().parse(json)).equals(model)) {
          return new SchemaSource(json, null, model.name());
        }
      } catch (WickException | org.apache.avro.AvroRuntimeException e) {
        // not expressible in Avro (a map with non-string keys): try Spark
      }
      StructType struct = Schemas.toSpark(model);
      if (Schemas.fromSpark(struct, model.name()).equals(model)) {
        return new SchemaSource(null, struct, model.name());
      }
      throw WickException.usage(
          "Schema "
              + model.name()
              + " cannot be described to Spark tasks: neither its Avro nor its Spark form"
              + " keeps every detail; build the generator from the Avro schema or Spark struct.");
    }

    Schema model() {
      return avroJson != null
          ? Schemas.fromAvro(new org.apache.avro.Schema.Parser().parse(avroJson))
          : Schemas.fromSpark(struct, name);
    }

    StructType struct(Schema model) {
      return struct != null ? struct : Schemas.toSpark(model);
    }
  }
}
