package dev.wick.benchmarks;

import dev.wick.testkit.generators.BulkGeneration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.util.RandomData;

/**
 * Record generation throughput: Wick's bulk generator (what {@code wick generate} runs: parallel
 * Spark tasks drawing rows of edge cases, unicode, nulls and logical types) against Avro's own
 * {@code RandomData}, a single loop, on the same 10-field schema and record count. Both produce
 * records and write nothing (Wick's go to Spark's {@code noop} sink, so every row is drawn and
 * converted to Spark's row format).
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

  private BenchEnv env;

  @Override
  public String name() {
    return "generate";
  }

  @Override
  public long defaultRows() {
    return 2_000_000;
  }

  @Override
  public void setUp(BenchEnv env) {
    if (env.rows() > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("RandomData counts records in an int; use fewer rows");
    }
    this.env = env;
  }

  @Override
  public Variant ours() {
    return new Variant(
        "BulkGeneration (wick generate)",
        () ->
            BulkGeneration.of(SCHEMA)
                .seed(1)
                .run(env.spark(), env.rows())
                .rows()
                .write()
                .format("noop")
                .mode("overwrite")
                .save());
  }

  @Override
  public List<Variant> baselines() {
    return List.of(
        new Variant(
            "avro RandomData",
            () -> {
              long fields = 0;
              for (Object record : new RandomData(SCHEMA, (int) env.rows(), 1L)) {
                fields +=
                    ((org.apache.avro.generic.GenericRecord) record).getSchema().getFields().size();
              }
              if (fields != env.rows() * 10) {
                throw new IllegalStateException("RandomData made " + fields / 10 + " records");
              }
            }));
  }

  @Override
  public Optional<Double> maxRatio(String baseline) {
    return Optional.of(1.0);
  }

  @Override
  public Map<String, Object> extra(BenchEnv env, double oursSeconds) {
    return Map.of(
        "wick_records_per_s", Math.round(env.rows() / oursSeconds),
        "partitions", BulkGeneration.of(SCHEMA).partitions(env.rows()));
  }
}
