package dev.wick.testkit.generators.internal;

import dev.wick.core.WickException;
import dev.wick.core.schema.Schema;
import java.io.Serializable;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A Spark data source of generated records: what {@link BulkGenerator} reads through. Each input
 * partition is one chunk of records, drawn in its task straight into Spark's internal row format
 * from the schema's domains, with the chunk's own seed; nothing is converted on the way.
 *
 * <p>Its options (written by {@link BulkGenerator}) describe the schema ({@code avroSchema} JSON or
 * {@code sparkSchema} JSON, and {@code name}), the {@code count}, {@code seed}, {@code
 * rowsPerPartition} and the {@link GenerationSettings}.
 *
 * <p>Internal: public because Spark instantiates it by name.
 */
public final class GeneratorSource implements TableProvider {

  /** Spark needs a public no-argument constructor. */
  public GeneratorSource() {}

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    Spec spec = Spec.fromOptions(options);
    return spec.source().struct(spec.source().model());
  }

  @Override
  public Table getTable(
      StructType schema, Transform[] partitioning, Map<String, String> properties) {
    return new GeneratedTable(Spec.fromOptions(properties), schema);
  }

  /** Everything a task needs to draw its chunk. */
  record Spec(
      BulkGenerator.SchemaSource source,
      GenerationSettings settings,
      long seed,
      long count,
      long rowsPerPartition,
      BulkShape shape)
      implements Serializable {
    private static final long serialVersionUID = 1L;

    long partitions() {
      return count == 0 ? 0 : (count - 1) / rowsPerPartition + 1;
    }

    /** This spec as the one option {@code spec}: its Java serialization, in base64. */
    Map<String, String> toOptions() {
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
        out.writeObject(this);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      return Map.of(
          "spec",
          java.util.Base64.getEncoder().encodeToString(bytes.toByteArray()),
          "name",
          source.name());
    }

    static Spec fromOptions(Map<String, String> options) {
      String encoded = new CaseInsensitiveStringMap(options).get("spec");
      if (encoded == null) {
        throw WickException.usage(
            "The generator source needs its spec option; generate records with BulkGeneration,"
                + " which sets it.");
      }
      try (java.io.ObjectInputStream in =
          new java.io.ObjectInputStream(
              new java.io.ByteArrayInputStream(java.util.Base64.getDecoder().decode(encoded)))) {
        return (Spec) in.readObject();
      } catch (java.io.IOException | ClassNotFoundException | IllegalArgumentException e) {
        throw WickException.usage(
            "The generator source's spec option is damaged; generate records with BulkGeneration,"
                + " which sets it.");
      }
    }
  }

  private record GeneratedTable(Spec spec, StructType struct) implements SupportsRead {
    @Override
    public String name() {
      return "generated " + spec.source().name();
    }

    @Override
    @SuppressWarnings("deprecation")
    public StructType schema() {
      return struct;
    }

    @Override
    public Set<TableCapability> capabilities() {
      return Set.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
      return () -> new GeneratedScan(spec, struct);
    }
  }

  private record GeneratedScan(Spec spec, StructType struct) implements Scan, Batch {
    @Override
    public StructType readSchema() {
      return struct;
    }

    @Override
    public String description() {
      return spec.count() + " generated " + spec.source().name() + " records, seed " + spec.seed();
    }

    @Override
    public Batch toBatch() {
      return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
      InputPartition[] chunks = new InputPartition[(int) spec.partitions()];
      for (int i = 0; i < chunks.length; i++) {
        chunks[i] = new Chunk(i);
      }
      return chunks;
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
      return new ChunkReaders(spec);
    }
  }

  /** One partition: the index of its chunk. */
  private record Chunk(long index) implements InputPartition {}

  private record ChunkReaders(Spec spec) implements PartitionReaderFactory {
    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
      long index = ((Chunk) partition).index();
      Schema model = spec.source().model();
      BulkShape.Task task = spec.shape().task(spec.seed());
      UniqueKeys keys = task.keys();
      Domain<?> domain =
          SchemaDomains.internalRows(model, spec.source().struct(model), spec.settings(), task);
      long first = index * spec.rowsPerPartition();
      long rows = Math.max(0, Math.min(spec.rowsPerPartition(), spec.count() - first));
      SplittableRandom random = new SplittableRandom(BulkGenerator.chunkSeed(spec.seed(), index));
      return new PartitionReader<>() {
        private long drawn;
        private InternalRow current;

        @Override
        public boolean next() {
          if (drawn >= rows) {
            return false;
          }
          keys.at(first + drawn);
          drawn++;
          current = (InternalRow) domain.draw(random);
          return true;
        }

        @Override
        public InternalRow get() {
          return current;
        }

        @Override
        public void close() {}
      };
    }
  }
}
