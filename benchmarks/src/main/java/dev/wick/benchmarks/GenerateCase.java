package dev.wick.benchmarks;

import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.testkit.generators.BulkGeneration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.RandomData;

/**
 * Record generation throughput: Wick's bulk generator (what {@code wick generate} runs: parallel
 * Spark tasks drawing rows of edge cases, unicode, nulls and logical types) against Avro's own
 * {@code RandomData} on the same 10-field schema and record count, twice: as a single loop, and
 * split over as many threads as Wick's session has task slots (so that ratio compares like with
 * like). All produce records and write nothing (Wick's go to Spark's {@code noop} sink, so every
 * row is drawn and converted to Spark's row format).
 *
 * <p>With {@code --scale} (1M, 10M, 100M and 1B records), Wick's records are written to Parquet, as
 * {@code wick generate} writes them, against {@code RandomData} on as many threads as the session
 * has task slots: writing is what a user waits for, and one thread at 1B would take hours. At 1B
 * they go to the {@code noop} sink again: this schema's Parquet takes about 100 bytes a record, so
 * 1B records would take 100 GB of disk.
 */
final class GenerateCase implements BenchCase {
  static final Schema SCHEMA =
      new Schema.Parser()
          .parse(
              """
              {"type": "record", "name": "Play", "namespace": "bench", "fields": [
                {"name": "id", "type": "long"},
                {"name": "user_id", "type": "string"},
                {"name": "track_id", "type": "string"},
                {"name": "duration_ms", "type": "int"},
                {"name": "score", "type": "double"},
                {"name": "premium", "type": "boolean"},
                {"name": "platform", "type": {"type": "enum", "name": "Platform",
                  "symbols": ["IOS", "ANDROID", "WEB", "DESKTOP"]}},
                {"name": "played_at", "type": {"type": "long", "logicalType": "timestamp-millis"}},
                {"name": "country", "type": ["null", "string"], "default": null},
                {"name": "tags", "type": {"type": "array", "items": "string"}}
              ]}
              """);

  /** The most records a scale run writes to Parquet; more go to the {@code noop} sink. */
  private static final long MOST_WRITTEN = 100_000_000L;

  private BenchEnv env;

  @Override
  public String name() {
    return "generate";
  }

  @Override
  public List<Long> scaleRows() {
    return List.of(1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L);
  }

  @Override
  public Variant scaleFloor() {
    return baselines().get(1);
  }

  @Override
  public long defaultRows() {
    return 2_000_000;
  }

  @Override
  public void setUp(BenchEnv env) {
    if (env.rows() / taskSlots(env.spark().sparkContext().master()) >= Integer.MAX_VALUE) {
      throw new IllegalArgumentException("RandomData counts records in an int; use fewer rows");
    }
    this.env = env;
  }

  @Override
  public Variant ours() {
    return new Variant(
        "BulkGeneration (wick generate)",
        () -> {
          var records = BulkGeneration.of(SCHEMA).seed(1).run(env.spark(), env.rows());
          if (writesParquet(env)) {
            // What wick generate --out-format parquet does: a staged write, committed whole.
            try (Output out =
                Output.create(env.spark(), env.scratch("generated"), false, List.of())) {
              records.writeTo(out, Format.PARQUET);
              out.commit();
            }
          } else {
            records.rows().write().format("noop").mode("overwrite").save();
          }
        });
  }

  /** Whether this run writes Parquet (at scale, up to {@link #MOST_WRITTEN} records). */
  private static boolean writesParquet(BenchEnv env) {
    return env.scale() && env.rows() <= MOST_WRITTEN;
  }

  @Override
  public List<Variant> baselines() {
    int threads = taskSlots(env.spark().sparkContext().master());
    return List.of(
        new Variant("avro RandomData, 1 thread", () -> randomData(1)),
        new Variant("avro RandomData, " + threads + " threads", () -> randomData(threads)));
  }

  /**
   * How many tasks the session runs at once: {@code N} of {@code local[N]} (or {@code local[N,
   * retries]}), the processors for {@code local[*]}, 1 for {@code local}.
   */
  static int taskSlots(String master) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("local\\[(\\d+|\\*)(,\\d+)?\\]").matcher(master);
    if (m.matches()) {
      return m.group(1).equals("*")
          ? Runtime.getRuntime().availableProcessors()
          : Integer.parseInt(m.group(1));
    }
    if (master.equals("local")) {
      return 1;
    }
    throw new IllegalStateException(
        "The generate benchmark runs on a local session; its master is " + master + ".");
  }

  /** Makes the records with {@code RandomData}, split evenly over {@code threads} threads. */
  private void randomData(int threads) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Long>> parts = new ArrayList<>();
      long rows = env.rows();
      for (int t = 0; t < threads; t++) {
        int count = (int) (rows / threads + (t < rows % threads ? 1 : 0));
        long seed = 1L + t;
        parts.add(
            pool.submit(
                () -> {
                  long fields = 0;
                  for (Object record : new RandomData(SCHEMA, count, seed)) {
                    fields += ((GenericRecord) record).getSchema().getFields().size();
                  }
                  return fields;
                }));
      }
      long fields = 0;
      for (Future<Long> f : parts) {
        fields += f.get();
      }
      if (fields != rows * 10) {
        throw new IllegalStateException("RandomData made " + fields / 10 + " records");
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Override
  public Optional<Double> maxRatio(String baseline) {
    return Optional.of(1.0);
  }

  @Override
  public Map<String, Object> extra(BenchEnv env, double oursSeconds) {
    return Map.of(
        "sink",
        writesParquet(env) ? "parquet" : "noop",
        "wick_records_per_s",
        Math.round(env.rows() / oursSeconds),
        "partitions",
        BulkGeneration.of(SCHEMA).partitions(env.rows()));
  }
}
