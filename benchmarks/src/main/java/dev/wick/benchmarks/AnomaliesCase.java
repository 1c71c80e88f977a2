package dev.wick.benchmarks;

import dev.wick.cli.Wick;
import dev.wick.core.io.Output;
import dev.wick.profiler.HistoryEntry;
import dev.wick.profiler.Profile;
import dev.wick.profiler.ProfileHistory;
import dev.wick.profiler.Profiler;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code wick anomalies} through the real main over a history of 90 daily profiles of 20 fields
 * (each profiled by the Profiler from {@code --rows} generated rows of a different seed), against
 * reading and parsing the profiles it judges. The target is absolute: under 2 seconds once the JVM
 * is started; the command reads no data and starts no Spark job.
 */
final class AnomaliesCase implements BenchCase {
  static final int DAYS = 90;
  static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

  private String history;

  @Override
  public String name() {
    return "anomalies";
  }

  @Override
  public long defaultRows() {
    return 20_000;
  }

  @Override
  public void setUp(BenchEnv env) throws Exception {
    Path dir = env.dataDir().resolve("history");
    history = dir.toString();
    if (Files.isDirectory(dir)) {
      try (Stream<Path> s = Files.list(dir)) {
        if (s.filter(p -> p.getFileName().toString().startsWith("2026")).count() == DAYS) {
          return;
        }
      }
    }
    ProfileHistory h = ProfileHistory.at(history);
    for (int d = 0; d < DAYS; d++) {
      Profile p =
          Profiler.defaults().profile(BenchData.wide(env.spark(), env.rows(), 20, d), "day " + d);
      HistoryEntry e = h.entry(START.plus(Duration.ofDays(d)));
      try (Output out = Output.create(env.spark(), e.location(), true, List.of())) {
        e.write(out, p);
        out.commit();
      }
    }
  }

  @Override
  public Variant ours() {
    return new Variant(
        "wick anomalies --history (90 profiles, 20 fields)",
        () -> {
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          int code =
              Wick.run(
                  new String[] {"anomalies", "--history", history, "--allow-empty"},
                  new PrintStream(out, true, StandardCharsets.UTF_8),
                  new PrintStream(out, true, StandardCharsets.UTF_8));
          if (code > 1) {
            throw new IllegalStateException("wick anomalies failed: " + out);
          }
        });
  }

  @Override
  public List<Variant> baselines() {
    return List.of(
        new Variant(
            "read and parse the judged profiles",
            () ->
                ProfileHistory.at(history)
                    .load(new org.apache.hadoop.conf.Configuration(), Optional.empty(), 29)));
  }

  @Override
  public Map<String, Object> extra(BenchEnv env, double oursSeconds) {
    return Map.of("target_s", "< 2.0", "meets_target_s", oursSeconds < 2.0);
  }
}
