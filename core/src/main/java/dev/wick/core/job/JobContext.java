package dev.wick.core.job;

import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;

import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.core.spark.Observations;
import dev.wick.core.validation.RowJudge;
import dev.wick.core.validation.ValidatedRows;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Observation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;

/**
 * What a {@link WickJob} reads from and writes to. In production ({@link Jobs}) it reads and writes
 * real data with Wick's safe writers; in a test, {@code JobTest} serves registered in-memory inputs
 * and captures outputs.
 */
public interface JobContext {

  /** The Spark session the job runs in. */
  SparkSession spark();

  /**
   * Reads an input as rows. Text inputs have one string column {@code value}; Avro inputs have the
   * record's fields as columns.
   */
  Dataset<Row> read(Io<?> io);

  /**
   * Writes an output. Text outputs take a dataset with one string column (or a {@code
   * Dataset<String>}); every other kind takes rows whose columns match the IO's type.
   */
  void write(Io<?> io, Dataset<?> data);

  /**
   * A named counter (a Spark accumulator), created on first use; its total is reported at the end.
   */
  LongAccumulator counter(String name);

  /**
   * Splits {@code data} by {@code judge}: writes the rows it finds invalid, with the reasons column
   * ({@link ValidatedRows#REASONS_TYPE}, named {@code reasons} unless the judge names it
   * otherwise), to {@code quarantine} through {@link #write} (so with the safe writers in
   * production, and captured like any other output under {@code JobTest}), adds their number to the
   * counter named {@code counter}, and returns the valid rows with {@code data}'s columns.
   *
   * <pre>{@code
   * Dataset<Row> valid =
   *     ctx.split(plays, Validation.of(schema), Io.parquet(args.string("invalid")), "invalid_plays");
   * }</pre>
   *
   * <p>The quarantine is written before this method returns: one pass over {@code data} that judges
   * every row, builds the reasons of the invalid rows alone and counts them as it writes them. The
   * valid rows it returns are lazy, as any dataset: wherever the job uses them, {@code data} is
   * read again and each row judged by the rules' cheap form (whether it fails, with no reasons).
   * Nothing is cached, so the valid rows stay usable for as long as {@code data} does and nothing
   * is left for anyone to unpersist; a job whose input is costly to read twice (a wide Avro input,
   * a {@code unique} or {@code references} check, which group or join the rows) caches {@code data}
   * before the split and unpersists it after its last use of the valid rows.
   *
   * <p>The quarantine holds the input's columns and an array of structs, so it is Parquet, ORC,
   * JSON or a catalog table of rows ({@code Io.parquet(path)}); text, CSV, Avro of a declared
   * schema and typed outputs are refused with a usage error before any Spark job.
   *
   * @param data the rows to judge
   * @param judge the rules: a {@code Validation}, or the checks module's {@code Checks.rowLevel()}
   * @param quarantine where the invalid rows go, with their reasons
   * @param counter the name of the counter of invalid rows ({@link #counter})
   * @return the rows that pass every rule, with {@code data}'s columns
   */
  default Dataset<Row> split(Dataset<Row> data, RowJudge judge, Io<?> quarantine, String counter) {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(judge, "judge");
    Objects.requireNonNull(quarantine, "quarantine");
    Objects.requireNonNull(counter, "counter");
    boolean holdsRows;
    if (quarantine instanceof Io.FileIo<?> file) {
      holdsRows =
          file.type() == Row.class && file.format() != Format.TEXT && file.format() != Format.CSV;
    } else if (quarantine instanceof Io.TableIo<?> table) {
      holdsRows = table.type() == Row.class;
    } else {
      holdsRows = false; // Avro, written with its declared schema, which has no reasons field
    }
    if (!holdsRows) {
      throw WickException.usage(
          "The quarantine "
              + quarantine.describe()
              + " cannot hold the invalid rows' reasons, an array of structs; quarantine them to"
              + " Parquet, ORC, JSON or a table of rows, such as Io.parquet(\""
              + quarantine.location()
              + "\").");
    }
    ValidatedRows rows = judge.run(data);
    Dataset<Row> invalid = rows.invalid();
    // Counted as the write runs, so that counting costs no second pass over the data.
    Observation observed = new Observation("wick-quarantine-" + UUID.randomUUID());
    write(quarantine, invalid.observe(observed, count(lit(1)).as("rows")));
    long n =
        Observations.row(observed, Duration.ofSeconds(10))
            .filter(r -> r.size() > 0)
            .map(r -> ((Number) r.getAs("rows")).longValue())
            // No task ran (an input of no partitions) or the write was refused: count directly.
            .orElseGet(invalid::count);
    counter(counter).add(n);
    // Not cached: caching the judged rows here would hold a copy of the whole input for the rest of
    // the job with no one placed to unpersist it, while the valid rows' filter is the rules' cheap
    // form (no reasons) over one more read of data, which the caller can cache when that read
    // costs.
    return rows.valid();
  }
}
