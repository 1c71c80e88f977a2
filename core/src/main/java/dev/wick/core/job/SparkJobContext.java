package dev.wick.core.job;

import dev.wick.core.WickException;
import dev.wick.core.io.DatasetReader;
import dev.wick.core.io.DatasetWriter;
import dev.wick.core.io.Format;
import dev.wick.core.io.Locations;
import dev.wick.core.io.Output;
import dev.wick.core.job.Io.AvroIo;
import dev.wick.core.job.Io.FileIo;
import dev.wick.core.job.Io.TableIo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;

/**
 * The production {@link JobContext}: reads real data through core IO and writes with the safe
 * writers (an existing output is refused unless {@code --wick.overwrite}, and no output may touch
 * an input the job read).
 */
public final class SparkJobContext implements JobContext {
  private final SparkSession spark;
  private final boolean overwrite;
  private final UnaryOperator<String> outputLocations;
  private final boolean tablesAllowed;
  private final List<String> inputs = new ArrayList<>();
  private final Map<String, LongAccumulator> counters = new LinkedHashMap<>();
  private final List<String> written = new ArrayList<>();

  /**
   * @param outputLocations rewrites every output location before writing (identity in production;
   *     the sandbox environment maps locations below its root)
   * @param tablesAllowed whether catalog tables may be written (not in a sandbox)
   */
  public SparkJobContext(
      SparkSession spark,
      boolean overwrite,
      UnaryOperator<String> outputLocations,
      boolean tablesAllowed) {
    this.spark = spark;
    this.overwrite = overwrite;
    this.outputLocations = outputLocations;
    this.tablesAllowed = tablesAllowed;
  }

  /** The production context: outputs where the job says, tables allowed. */
  public SparkJobContext(SparkSession spark, boolean overwrite) {
    this(spark, overwrite, UnaryOperator.identity(), true);
  }

  @Override
  public SparkSession spark() {
    return spark;
  }

  @Override
  public Dataset<Row> read(Io<?> io) {
    inputs.add(io.location());
    if (io instanceof AvroIo<?> avro) {
      DatasetReader.requireExists(spark, avro.location());
      return spark
          .read()
          .format("avro")
          .option("avroSchema", avro.avroSchema().toString())
          .load(Locations.forSpark(avro.location(), spark.sparkContext().hadoopConfiguration()));
    } else if (io instanceof FileIo<?> file) {
      return DatasetReader.read(spark, file.location(), Optional.of(file.format()));
    } else if (io instanceof TableIo<?> table) {
      return DatasetReader.isTable(table.location())
          ? DatasetReader.read(spark, table.location(), Optional.empty())
          : DatasetReader.readTable(spark, table.location());
    }
    throw new IllegalStateException("unhandled IO " + io);
  }

  @Override
  public void write(Io<?> io, Dataset<?> data) {
    if (io instanceof TableIo<?> table) {
      if (DatasetReader.isTable(table.location())) {
        throw WickException.usage(
            "Output "
                + io.describe()
                + " is a Delta or Iceberg table, which Wick's job runtime reads but does not write;"
                + " write the output as files or a catalog table (Io.table).");
      }
      if (!tablesAllowed) {
        throw WickException.usage(
            "Output "
                + io.describe()
                + " is a catalog table, which a sandboxed run cannot write; write files, or run with --wick.env=prod.");
      }
      if (spark.catalog().tableExists(table.location()) && !overwrite) {
        throw WickException.usage(
            "Table "
                + table.location()
                + " already exists; pass --wick.overwrite=true to replace it.");
      }
      data.write()
          .mode(overwrite ? SaveMode.Overwrite : SaveMode.ErrorIfExists)
          .saveAsTable(table.location());
      written.add(table.location());
      return;
    }
    String location = outputLocations.apply(io.location());
    Format format;
    Dataset<?> out = data;
    Map<String, String> options = Map.of();
    if (io instanceof AvroIo<?> avro) {
      format = Format.AVRO;
      out = data.toDF();
      // Written with the IO's own schema (enums, logical types, names), so that readers of the
      // declared type can read it: Spark's derived schema has strings for enums and microsecond
      // timestamps.
      options = Map.of("avroSchema", avro.avroSchema().toString());
    } else if (io instanceof FileIo<?> file) {
      format = file.format();
    } else {
      throw new IllegalStateException("unhandled IO " + io);
    }
    try {
      written.add(DatasetWriter.write(out, location, format, overwrite, inputs, options));
    } catch (WickException e) {
      throw withRuntimeFlags(e);
    }
  }

  /** A write's error in the job runtime's words: its overwrite flag is --wick.overwrite=true. */
  static WickException withRuntimeFlags(WickException e) {
    if (!e.getMessage().contains(Output.ALLOW_OVERWRITE)) {
      return e;
    }
    return new WickException(
        e.exitCode(),
        e.getMessage().replace(Output.ALLOW_OVERWRITE, "pass --wick.overwrite=true"),
        e.getCause());
  }

  @Override
  public synchronized LongAccumulator counter(String name) {
    return counters.computeIfAbsent(name, n -> spark.sparkContext().longAccumulator(n));
  }

  /** The counters the job used, by name, with their totals. */
  public Map<String, Long> counterValues() {
    Map<String, Long> out = new LinkedHashMap<>();
    counters.forEach((k, v) -> out.put(k, v.value()));
    return out;
  }

  /** The locations the job wrote, in order. */
  public List<String> written() {
    return List.copyOf(written);
  }
}
