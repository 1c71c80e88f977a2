package dev.wick.benchmarks;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;

import dev.wick.checks.SuggestedChecks;
import dev.wick.checks.Suggestions;
import dev.wick.core.io.DatasetReader;
import dev.wick.profiler.Profile;
import dev.wick.profiler.Profiler;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * {@code wick suggest --in}: the suggestions from a profile of plays (a unique text key, a uuid, an
 * email of 50,000 users, a country, two numbers) with what the profile cannot prove counted on the
 * data (whether the key and the uuid are unique, the uuid's and email's valid values), against one
 * bare scan that reads every column once (one {@code agg} of counts). The target: at most one extra
 * scan.
 */
final class SuggestVerifyCase implements BenchCase {
  private BenchEnv env;
  private String path;
  private Profile profile;

  @Override
  public String name() {
    return "suggest-verify";
  }

  @Override
  public void setUp(BenchEnv env) {
    this.env = env;
    Dataset<Row> plays =
        env.spark()
            .range(0, env.rows(), 1, 8)
            .selectExpr(
                "concat('play-', id) AS play_id",
                "regexp_replace(substr(sha2(cast(id AS STRING), 256), 1, 32),"
                    + " '^(.{8})(.{4})(.{4})(.{4})(.{12})$', '$1-$2-$3-$4-$5') AS session",
                "concat('user', cast(rand(1) * 50000 AS INT), '@example.com') AS email",
                "element_at(array('SE', 'US', 'GB', 'DE', 'FR'), cast(rand(2) * 5 AS INT) + 1)"
                    + " AS country",
                "cast(rand(3) * 300000 AS BIGINT) AS ms_played",
                "rand(4) * 10 AS score");
    this.path = BenchData.parquet(plays, env.dataDir().resolve("input"));
    this.profile = Profiler.defaults().profile(DatasetReader.read(env.spark(), path), path);
  }

  @Override
  public Variant ours() {
    return new Variant(
        "Suggestions.suggest(data): each key candidate's hashes counted, the rest observed on it",
        () -> {
          SuggestedChecks s =
              Suggestions.from(profile).suggest(DatasetReader.read(env.spark(), path));
          if (s.checks().checks().stream().noneMatch(c -> c.name().equals("unique(play_id)"))) {
            throw new IllegalStateException("the key was not proven unique");
          }
        });
  }

  @Override
  public List<Variant> oursVariants() {
    return List.of(
        ours(),
        new Variant(
            "Suggestions.suggest(): the profile alone", () -> Suggestions.from(profile).suggest()));
  }

  @Override
  public List<Variant> baselines() {
    return List.of(
        new Variant(
            "scan: agg(count(every column))",
            () -> {
              Dataset<Row> in = env.spark().read().parquet(path);
              Column[] counts =
                  Arrays.stream(in.columns()).map(c -> count(col(c))).toArray(Column[]::new);
              in.agg(counts[0], Arrays.copyOfRange(counts, 1, counts.length)).collect();
            }));
  }
}
