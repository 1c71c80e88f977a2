package dev.wick.benchmarks;

import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.base64;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.element_at;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.pmod;
import static org.apache.spark.sql.functions.regexp_replace;
import static org.apache.spark.sql.functions.sha2;
import static org.apache.spark.sql.functions.substring;
import static org.apache.spark.sql.functions.when;
import static org.apache.spark.sql.functions.xxhash64;

import dev.wick.cli.Wick;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.schema.SemanticSpec;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * {@code wick validate} (read, evaluate every rule, write valid/ and invalid/ and the summary)
 * against a bare scan of the same Parquet input, and against copying it (read and write Parquet,
 * the IO validation cannot avoid). The input looks like the talk's track plays: a base62 track id,
 * a country, a duration, an email and an array of event kinds, about 4% of rows invalid (one rule
 * each).
 */
final class ValidateCase implements BenchCase {
  private static final List<String> COUNTRIES =
      List.of("SE", "US", "GB", "DE", "FR", "BR", "JP", "IN", "MX", "ES", "NO", "FI", "DK");

  private BenchEnv env;
  private String input;
  private String schema;

  @Override
  public String name() {
    return "validate";
  }

  @Override
  public void setUp(BenchEnv env) throws Exception {
    this.env = env;
    Column h = xxhash64(col("id"), lit(7L));
    Column bad = pmod(h, lit(100L));
    Column track =
        substring(
            regexp_replace(base64(sha2(col("id").cast("string"), 256)), "[^0-9A-Za-z]", ""), 1, 22);
    Dataset<Row> plays =
        env.spark()
            .range(env.rows())
            .select(
                when(bad.equalTo(0), lit("short")).otherwise(track).as("trackId"),
                when(bad.equalTo(1), lit("XX"))
                    .otherwise(
                        element_at(
                            array(COUNTRIES.stream().map(c -> lit(c)).toArray(Column[]::new)),
                            pmod(xxhash64(col("id"), lit(11L)), lit((long) COUNTRIES.size()))
                                .plus(1)
                                .cast("int")))
                    .as("country"),
                when(bad.equalTo(2), lit(0L))
                    .otherwise(pmod(xxhash64(col("id"), lit(13L)), lit(600_000L)).plus(1))
                    .as("msPlayed"),
                concat(lit("user"), col("id").cast("string"), lit("@example.com")).as("email"),
                when(bad.equalTo(3), array(lit("play"), lit("rewind")))
                    .otherwise(array(lit("play"), lit("skip")))
                    .as("events"));
    input = BenchData.parquet(plays, env.dataDir().resolve("input"));
    Schema model =
        Schema.of(
            "TrackPlay",
            List.of(
                Field.of("trackId", DataType.STRING)
                    .withSemantic(SemanticSpec.parse("base62_id(length=22)")),
                Field.nullable("country", DataType.STRING)
                    .withSemantic(SemanticSpec.of("country_code")),
                Field.of("msPlayed", DataType.LONG).withSemantic(SemanticSpec.of("positive")),
                Field.nullable("email", DataType.STRING).withSemantic(SemanticSpec.of("email")),
                Field.nullable("events", new DataType.ArrayType(DataType.STRING, true))
                    .withSemantic(SemanticSpec.parse("one_of(values=play|skip|pause)"))));
    Path avsc = env.dataDir().resolve("plays.avsc");
    Files.writeString(avsc, Schemas.toAvro(model).toString(true));
    schema = avsc.toString();
  }

  @Override
  public Variant ours() {
    return new Variant(
        "wick validate",
        () -> {
          PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
          int code =
              Wick.run(
                  new String[] {
                    "validate", "--in", input, "--schema", schema, "--out", env.scratch("validate")
                  },
                  quiet,
                  System.err);
          if (code != 0) {
            throw new IllegalStateException("wick validate exited " + code);
          }
        });
  }

  @Override
  public List<Variant> baselines() {
    return List.of(
        new Variant(
            "bare scan (read parquet, noop sink)",
            () ->
                env.spark().read().parquet(input).write().format("noop").mode("overwrite").save()),
        new Variant(
            "copy (read parquet, write parquet)",
            () -> env.spark().read().parquet(input).write().parquet(env.scratch("copy"))));
  }

  @Override
  public Map<String, Object> extra(BenchEnv env, double oursSeconds) {
    return Map.of("records_per_s", Math.round(env.rows() / oursSeconds));
  }
}
