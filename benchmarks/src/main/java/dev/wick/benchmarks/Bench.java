package dev.wick.benchmarks;

import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.spark.sql.SparkSession;

/**
 * The side-by-side benchmark harness: {@code benchmarks/run [CASE...] [--rows N] [--reps N]
 * [--warmups N]}.
 *
 * <p>For each case it makes the input data (fixed seeds, under {@code
 * benchmarks/target/bench-data}), runs every variant {@code --warmups} times (default 3: Spark's
 * generated code and the JIT settle over the first few runs, and one warm-up left the first pair
 * measured cold), then runs each of ours and each baseline alternately (A/B, then B/A) and prints
 * one JSON line per pair with the medians and the ratio ours/baseline. Absolute times vary between
 * runs on a shared machine; only the ratio within one run means anything.
 */
public final class Bench {
  private Bench() {}

  /** Every case, in the order they run. */
  static List<BenchCase> cases() {
    return List.of(
        new ReadParquetCase(),
        new SampleCase(),
        new JobTestCase(),
        new JobTestJoinCase(),
        new JobTestPropertyCase(),
        new ValidateCase(),
        new TypedAdSpendCase(),
        new GenerateCase(),
        new GenerateLikeCase(),
        new DiffCase(false),
        new DiffCase(true),
        new DiffArraysCase(),
        new DiffSampleCase(),
        new DiffLongTextCase(),
        new ProfileCase(),
        new CheckCase(CheckCase.Mode.CHECK),
        new CheckCase(CheckCase.Mode.SPLIT),
        new CheckCase(CheckCase.Mode.EXPLAIN),
        new CheckCase(CheckCase.Mode.RESULTS),
        new SuggestVerifyCase(),
        new RegexCase(),
        new AnomaliesCase());
  }

  public static void main(String[] args) throws Exception {
    List<String> names = new ArrayList<>();
    Long rows = null;
    int reps = 5;
    int warmups = 3;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--rows" -> rows = Long.parseLong(args[++i]);
        case "--reps" -> reps = Integer.parseInt(args[++i]);
        case "--warmups" -> warmups = Integer.parseInt(args[++i]);
        case "--list" -> {
          cases().forEach(c -> System.out.println(c.name()));
          return;
        }
        default -> names.add(args[i]);
      }
    }
    List<BenchCase> selected = new ArrayList<>();
    for (BenchCase c : cases()) {
      if (names.isEmpty() || names.contains(c.name())) {
        selected.add(c);
      }
    }
    List<String> known = cases().stream().map(BenchCase::name).toList();
    for (String n : names) {
      if (!known.contains(n)) {
        System.err.println(
            "error: unknown case '" + n + "'; cases are " + String.join(", ", known) + ".");
        System.exit(2);
      }
    }
    Configurator.setRootLevel(Level.WARN);
    Configurator.setLevel("org.apache.spark", Level.WARN);
    Configurator.setLevel("org.apache.hadoop", Level.ERROR);
    Configurator.setLevel("org.apache.parquet", Level.ERROR);
    SparkSession spark = WickSpark.local(2);
    Path base = Path.of(System.getProperty("wick.bench.dir", "benchmarks/target")).toAbsolutePath();
    for (BenchCase c : selected) {
      long n = rows != null ? rows : c.defaultRows();
      Path data = base.resolve("bench-data").resolve(c.name() + "-" + n);
      Path scratch = base.resolve("bench-scratch").resolve(c.name());
      deleteRecursively(scratch);
      Files.createDirectories(data);
      Files.createDirectories(scratch);
      BenchEnv env = new BenchEnv(spark, n, data, scratch);
      c.setUp(env);
      runCase(c, env, reps, warmups);
      deleteRecursively(scratch);
    }
    spark.stop();
  }

  static void runCase(BenchCase c, BenchEnv env, int reps, int warmups) throws Exception {
    // Warm-up: every variant in turn (JIT, Spark's first-query costs, file system caches).
    for (int w = 0; w < warmups; w++) {
      for (BenchCase.Variant v : c.oursVariants()) {
        v.body().run();
      }
      for (BenchCase.Variant b : c.baselines()) {
        b.body().run();
      }
    }
    for (BenchCase.Variant variant : c.oursVariants()) {
      for (BenchCase.Variant baseline : c.baselines()) {
        double[][] ours = new double[2][reps];
        double[][] theirs = new double[2][reps];
        for (int i = 0; i < reps; i++) {
          if (i % 2 == 0) {
            time(variant, ours, i);
            time(baseline, theirs, i);
          } else {
            time(baseline, theirs, i);
            time(variant, ours, i);
          }
        }
        double o = median(ours[0]);
        double t = median(theirs[0]);
        double oCpu = median(ours[1]);
        double tCpu = median(theirs[1]);
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("case", c.name());
        line.put("rows", env.rows());
        line.put("ours", variant.name());
        line.put("ours_s", round(o));
        line.put("baseline", baseline.name());
        line.put("baseline_s", round(t));
        line.put("ratio", round(o / t));
        line.put("ours_cpu_s", round(oCpu));
        line.put("baseline_cpu_s", round(tCpu));
        line.put("cpu_ratio", round(oCpu / tCpu));
        c.maxRatio(baseline.name())
            .ifPresent(
                max -> {
                  line.put("target", "<= " + max);
                  line.put("meets_target", o / t <= max);
                });
        line.putAll(c.extra(env, o));
        System.out.println(toJson(line));
        System.out.flush();
      }
    }
  }

  /**
   * Runs {@code v} once and records its wall time in {@code into[0][i]} and the CPU time of the
   * whole JVM (driver, executor threads, JIT and garbage collection) in {@code into[1][i]}: on a
   * machine shared with other work, the CPU time moves less than the wall time.
   */
  private static void time(BenchCase.Variant v, double[][] into, int i) throws Exception {
    System.gc();
    long cpu = PROCESS.getProcessCpuTime();
    long start = System.nanoTime();
    v.body().run();
    into[0][i] = (System.nanoTime() - start) / 1e9;
    into[1][i] = (PROCESS.getProcessCpuTime() - cpu) / 1e9;
  }

  private static final com.sun.management.OperatingSystemMXBean PROCESS =
      (com.sun.management.OperatingSystemMXBean)
          java.lang.management.ManagementFactory.getOperatingSystemMXBean();

  static double median(double[] values) {
    double[] s = values.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  private static double round(double v) {
    return Math.round(v * 1000.0) / 1000.0;
  }

  static String toJson(Map<String, Object> fields) {
    StringBuilder out = new StringBuilder("{");
    for (Map.Entry<String, Object> e : fields.entrySet()) {
      if (out.length() > 1) {
        out.append(", ");
      }
      out.append('"').append(e.getKey()).append("\": ");
      Object v = e.getValue();
      if (v instanceof Number || v instanceof Boolean) {
        out.append(v instanceof Double d ? String.format(Locale.ROOT, "%s", d) : v);
      } else {
        out.append('"')
            .append(String.valueOf(v).replace("\\", "\\\\").replace("\"", "\\\""))
            .append('"');
      }
    }
    return out.append('}').toString();
  }

  static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
