package dev.wick.testkit.generators.internal;

import dev.wick.core.WickException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.SerializableConfiguration;

/**
 * Writes generated records as Avro container files straight from Avro generic records, one part
 * file per chunk, in parallel Spark tasks: no Spark row in between, so every schema Avro can parse
 * can be written (unions of several types, recursive records, every logical type).
 *
 * <p>The files are the same bytes for the same seed, count and chunk size, whatever the cluster:
 * part {@code i} is named {@code part-NNNNN.avro} after its index, holds the records of chunk
 * {@code i} (drawn from the chunk's seed), is compressed with snappy and carries a sync marker
 * derived from the seed and {@code i} (Avro draws a random one otherwise).
 */
final class AvroParts {
  private AvroParts() {}

  /** The name of part {@code index}. */
  static String name(long index) {
    return String.format(Locale.ROOT, "part-%05d.avro", index);
  }

  /** The sync marker of part {@code index}: 16 bytes drawn from the seed and the index. */
  static byte[] sync(long seed, long index) {
    SplittableRandom random = new SplittableRandom(BulkGenerator.chunkSeed(~seed, index));
    byte[] sync = new byte[16];
    random.nextBytes(sync);
    return sync;
  }

  /**
   * Writes the chunks of {@code spec} into the folder {@code dir}, one task per chunk; returns how
   * many records were written.
   */
  static long write(SparkSession spark, GeneratorSource.Spec spec, Path dir) {
    int parts = (int) spec.partitions();
    if (parts == 0) {
      return 0;
    }
    JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    Broadcast<SerializableConfiguration> conf =
        context.broadcast(
            new SerializableConfiguration(spark.sparkContext().hadoopConfiguration()));
    List<Integer> indexes = new ArrayList<>(parts);
    for (int i = 0; i < parts; i++) {
      indexes.add(i);
    }
    Task task = new Task(spec, dir.toUri(), conf);
    return context.parallelize(indexes, parts).map(task::write).reduce(Long::sum);
  }

  /** What one task runs: the chunk of one index, drawn and written to its part file. */
  private record Task(GeneratorSource.Spec spec, URI dir, Broadcast<SerializableConfiguration> conf)
      implements Serializable {
    private static final long serialVersionUID = 1L;

    long write(int index) throws IOException {
      org.apache.avro.Schema schema =
          new org.apache.avro.Schema.Parser().parse(spec.source().avroJson());
      BulkShape.Task task = spec.shape().task(spec.seed());
      UniqueKeys keys = task.keys();
      Domain<GenericRecord> domain = SchemaDomains.bulkAvro(schema, spec.settings(), task);
      long first = index * spec.rowsPerPartition();
      long rows = Math.max(0, Math.min(spec.rowsPerPartition(), spec.count() - first));
      SplittableRandom random = new SplittableRandom(BulkGenerator.chunkSeed(spec.seed(), index));
      Path part = new Path(new Path(dir), name(index));
      FileSystem fs = part.getFileSystem(conf.value().value());
      try (OutputStream out = fs.create(part, false);
          DataFileWriter<GenericRecord> writer =
              new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(schema))) {
        writer.setCodec(CodecFactory.snappyCodec());
        writer.create(schema, out, sync(spec.seed(), index));
        for (long i = 0; i < rows; i++) {
          keys.at(first + i);
          writer.append(domain.draw(random));
        }
      } catch (org.apache.avro.file.DataFileWriter.AppendWriteException e) {
        throw WickException.internal(
            "A generated record of " + schema.getFullName() + " did not fit its schema.", e);
      }
      return rows;
    }
  }
}
