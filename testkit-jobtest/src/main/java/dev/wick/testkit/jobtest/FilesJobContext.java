package dev.wick.testkit.jobtest;

import dev.wick.core.WickException;
import dev.wick.core.io.DatasetWriter;
import dev.wick.core.io.Output;
import dev.wick.core.job.Io;
import dev.wick.core.job.Io.AvroIo;
import dev.wick.core.job.Io.FileIo;
import dev.wick.core.job.Io.TableIo;
import dev.wick.core.job.SparkJobContext;
import dev.wick.core.schema.RowCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;

/**
 * Files mode: every input is written to a real file in a temporary folder (Avro container files
 * with the IO's own schema, the other formats through core's writers, tables into the catalog), the
 * job reads and writes through core's production {@link SparkJobContext} with every location moved
 * into that folder, and each output is read back from its files. This catches what in-memory data
 * hides: types that do not survive a format, Avro schema resolution, column names a format
 * rewrites.
 */
final class FilesJobContext extends TestJobContext {
  private static final AtomicLong RUNS = new AtomicLong();

  private final Path root;
  private final SparkJobContext production;
  private final Map<Io<?>, Io<?>> moved = new LinkedHashMap<>();
  private final List<String> tables = new ArrayList<>();

  private FilesJobContext(
      SparkSession spark,
      Map<Io<?>, Registered.Input> inputs,
      Map<Io<?>, Registered.Output> outputs,
      Path root) {
    super(spark, inputs, outputs);
    this.root = root;
    this.production = new SparkJobContext(spark, false);
  }

  /** Writes every input into a new temporary folder and plans where each output goes. */
  static FilesJobContext open(
      SparkSession spark,
      Map<Io<?>, Registered.Input> inputs,
      Map<Io<?>, Registered.Output> outputs) {
    Path root;
    try {
      root = Files.createTempDirectory("wick-jobtest-");
    } catch (IOException e) {
      throw WickException.internal("Cannot create a temporary folder for JobTest's files.", e);
    }
    FilesJobContext ctx = new FilesJobContext(spark, inputs, outputs, root);
    try {
      long run = RUNS.incrementAndGet();
      int i = 0;
      for (Registered.Input input : inputs.values()) {
        Io<?> io = ctx.relocate(input.io(), run, "in" + i++);
        ctx.moved.put(input.io(), io);
        ctx.writeInput(input, io);
      }
      i = 0;
      for (Io<?> io : outputs.keySet()) {
        ctx.moved.put(io, ctx.relocate(io, run, "out" + i++));
      }
      return ctx;
    } catch (RuntimeException e) {
      ctx.close();
      throw e;
    }
  }

  @Override
  Dataset<Row> serve(Registered.Input input) {
    return production.read(moved.get(input.io()));
  }

  @Override
  Registered.Captured capture(Io<?> io, Dataset<?> data) {
    Io<?> target = moved.get(io);
    production.write(target, data);
    Dataset<Row> back = production.read(target);
    return new Registered.Captured(back.collectAsList(), back.schema());
  }

  @Override
  LongAccumulator newCounter(String name) {
    return production.counter(name);
  }

  /** The same kind of IO at a location inside the temporary folder (or a fresh table name). */
  private Io<?> relocate(Io<?> io, long run, String name) {
    if (io instanceof TableIo<?> t) {
      String table = "wick_jobtest_" + run + "_" + name;
      tables.add(table);
      return new TableIo<>(table, t.type());
    }
    String location = root.resolve(name + "-" + baseName(io.location())).toString();
    if (io instanceof AvroIo<?> a) {
      return new AvroIo<>(location, a.type(), a.schema());
    }
    FileIo<?> f = (FileIo<?>) io;
    return new FileIo<>(f.format(), location, f.type());
  }

  private void writeInput(Registered.Input input, Io<?> target) {
    if (target instanceof AvroIo<?> avro) {
      writeAvro(input, avro);
      return;
    }
    Dataset<Row> data = MemoryJobContext.frame(spark, input);
    if (target instanceof TableIo<?> t) {
      data.write().mode(SaveMode.ErrorIfExists).saveAsTable(t.location());
    } else {
      FileIo<?> f = (FileIo<?>) target;
      DatasetWriter.write(data, f.location(), f.format(), false, List.of());
    }
  }

  /**
   * Writes an Avro container file with the IO's schema, as an Avro producer would: specific records
   * with their generated class's data model, generic ones and rows as generic records.
   */
  private void writeAvro(Registered.Input input, AvroIo<?> target) {
    org.apache.avro.Schema schema = target.avroSchema();
    List<IndexedRecord> records = new ArrayList<>();
    DatumWriter<IndexedRecord> writer;
    if (input.values() != null && SpecificRecord.class.isAssignableFrom(target.type())) {
      input.values().forEach(v -> records.add((IndexedRecord) v));
      writer = new SpecificDatumWriter<>(schema, SpecificData.getForClass(target.type()));
    } else if (input.values() != null) {
      input.values().forEach(v -> records.add((IndexedRecord) v));
      writer = new GenericDatumWriter<>(schema);
    } else {
      for (Row r : input.dataset().collectAsList()) {
        records.add(RowCodec.toGenericRecord(r, schema));
      }
      writer = new GenericDatumWriter<>(schema);
    }
    try (Output out = Output.create(spark, target.location(), false, List.of())) {
      org.apache.hadoop.fs.Path file =
          new org.apache.hadoop.fs.Path(out.stagingLocation("part-00000.avro"));
      try (OutputStream stream =
              file.getFileSystem(spark.sparkContext().hadoopConfiguration()).create(file, false);
          DataFileWriter<IndexedRecord> files = new DataFileWriter<>(writer)) {
        files.create(schema, stream);
        for (IndexedRecord r : records) {
          files.append(r);
        }
      } catch (IOException | RuntimeException e) {
        throw WickException.usage(
            "Cannot write input "
                + input.io().describe()
                + " as Avro with its schema ("
                + e.getMessage()
                + "); check that the records match "
                + schema.getFullName()
                + ".",
            e);
      }
      out.commit();
    }
  }

  private static String baseName(String location) {
    String s = location;
    while (s.endsWith("/")) {
      s = s.substring(0, s.length() - 1);
    }
    s = s.substring(s.lastIndexOf('/') + 1).replaceAll("[^A-Za-z0-9._-]", "_");
    return s.isEmpty() ? "data" : s;
  }

  /** Drops the tables and deletes the temporary folder. */
  @Override
  public void close() {
    for (String t : tables) {
      try {
        spark.sql("DROP TABLE IF EXISTS `" + t + "`");
      } catch (RuntimeException e) {
        // best effort: the catalog is in memory and per JVM
      }
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // best effort: it is a temporary folder
    }
  }
}
