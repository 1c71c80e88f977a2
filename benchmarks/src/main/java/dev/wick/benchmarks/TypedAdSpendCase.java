package dev.wick.benchmarks;

import dev.wick.examples.adspend.AdAdvertiser_;
import dev.wick.examples.adspend.AdDecisionResponse_;
import dev.wick.examples.adspend.AdEvent_;
import dev.wick.examples.adspend.AdSpendData;
import dev.wick.examples.adspend.AdSpendDataFrameJob;
import dev.wick.examples.adspend.AdSpendTypedJob;
import dev.wick.typed.Typed;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The typed ad-spend job against the same job on DataFrames (the typed API should cost nothing:
 * ratio about 1.0) and on {@code Dataset<T>} with lambdas (what type safety costs without it).
 * Inputs: {@code rows} ad events, 80% of them with a decision, as Parquet.
 */
final class TypedAdSpendCase implements BenchCase {
  private BenchEnv env;
  private String events;
  private String decisions;
  private String advertisers;

  @Override
  public String name() {
    return "typed-adspend";
  }

  @Override
  public void setUp(BenchEnv env) {
    this.env = env;
    List<Dataset<Row>> inputs = AdSpendData.generate(env.spark(), env.rows(), 11);
    events = BenchData.parquet(inputs.get(0), env.dataDir().resolve("events"));
    decisions = BenchData.parquet(inputs.get(1), env.dataDir().resolve("decisions"));
    advertisers = BenchData.parquet(inputs.get(2), env.dataDir().resolve("advertisers"));
    // The three versions must agree before their speeds mean anything.
    Set<Row> typed = new HashSet<>(typed().collectAsList());
    if (!typed.equals(new HashSet<>(dataFrame().collectAsList()))
        || !typed.equals(new HashSet<>(lambdas().collectAsList()))) {
      throw new IllegalStateException("the ad-spend versions disagree on the benchmark data");
    }
  }

  private Dataset<Row> typed() {
    SparkSession spark = env.spark();
    return AdSpendTypedJob.totals(
            Typed.read(spark, events, AdEvent_.META),
            Typed.read(spark, decisions, AdDecisionResponse_.META),
            Typed.read(spark, advertisers, AdAdvertiser_.META),
            AdSpendData.DATE,
            AdSpendData.HOUR)
        .toDF();
  }

  private Dataset<Row> dataFrame() {
    SparkSession spark = env.spark();
    return AdSpendDataFrameJob.totals(
        spark.read().parquet(events),
        spark.read().parquet(decisions),
        spark.read().parquet(advertisers),
        AdSpendData.DATE,
        AdSpendData.HOUR);
  }

  private Dataset<Row> lambdas() {
    return AdSpendLambdaJob.totals(
        env.spark(), events, decisions, advertisers, AdSpendData.DATE, AdSpendData.HOUR);
  }

  private static void run(Dataset<Row> rows) {
    rows.write().format("noop").mode("overwrite").save();
  }

  @Override
  public Variant ours() {
    return new Variant("typed", () -> run(typed()));
  }

  @Override
  public List<Variant> baselines() {
    return List.of(
        new Variant("dataframe", () -> run(dataFrame())),
        new Variant("dataset-lambdas", () -> run(lambdas())));
  }

  @Override
  public Optional<Double> maxRatio(String baseline) {
    // Same plan as the DataFrame job: equal within noise. Faster than the lambdas.
    return Optional.of(baseline.equals("dataframe") ? 1.1 : 1.0);
  }
}
