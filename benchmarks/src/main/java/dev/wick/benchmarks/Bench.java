package dev.wick.benchmarks;

import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.spark.sql.SparkSession;

/**
 * The side-by-side benchmark harness: {@code benchmarks/run [CASE...] [--rows N] [--reps N]
 * [--warmups N] [--scale]}.
 *
 * <p>For each case it makes the input data (fixed seeds, under {@code
 * benchmarks/target/bench-data}), runs every variant {@code --warmups} times (default 3: Spark's
 * generated code and the JIT settle over the first few runs, and one warm-up left the first pair
 * measured cold), then runs each of ours and each baseline alternately (A/B, then B/A) and prints
 * one JSON line per pair with the medians and the ratio ours/baseline. Absolute times vary between
 * runs on a shared machine; only the ratio within one run means anything.
 *
 * <p>With {@code --scale}, it runs the scale cases (those with {@link BenchCase#scaleRows}) at each
 * of their row counts (1M, 10M and 100M for most) against their floor ({@link
 * BenchCase#scaleFloor}), in a JVM of {@code ./wick}'s default heap ({@code -Xmx4g}): three
 * repetitions after one warm-up below 50M rows, one and none from there. Each line adds the rows
 * per second per core of the machine of both sides, the most heap each held past collections (the
 * old generation's peak), the size of the input and the most disk each took while it ran (outputs,
 * staging and shuffle files).
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
        new ProfileCase("profile-wide", 43, List.of(1_000_000L, 10_000_000L, 34_000_000L)),
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
    Integer reps = null;
    Integer warmups = null;
    boolean scale = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--rows" -> rows = Long.parseLong(args[++i]);
        case "--reps" -> reps = Integer.parseInt(args[++i]);
        case "--warmups" -> warmups = Integer.parseInt(args[++i]);
        case "--scale" -> scale = true;
        case "--list" -> {
          cases().forEach(c -> System.out.println(c.name()));
          return;
        }
        default -> names.add(args[i]);
      }
    }
    List<BenchCase> selected = new ArrayList<>();
    for (BenchCase c : cases()) {
      if ((names.isEmpty() || names.contains(c.name())) && (!scale || !c.scaleRows().isEmpty())) {
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
      List<Long> counts =
          rows != null ? List.of(rows) : scale ? c.scaleRows() : List.of(c.defaultRows());
      for (long n : counts) {
        Path data = base.resolve("bench-data").resolve(c.dataName() + "-" + n);
        Path scratch = base.resolve("bench-scratch").resolve(c.name());
        deleteRecursively(scratch);
        Files.createDirectories(data);
        Files.createDirectories(scratch);
        BenchEnv env = new BenchEnv(spark, n, data, scratch, scale);
        c.setUp(env);
        boolean big = n >= 50_000_000L;
        int r = reps != null ? reps : scale ? (big ? 1 : 3) : 5;
        int w = warmups != null ? warmups : scale ? (big ? 0 : 1) : 3;
        runCase(c, env, r, w, scale ? List.of(c.scaleFloor()) : c.baselines(), scale);
        deleteRecursively(scratch);
      }
    }
    spark.stop();
  }

  static void runCase(
      BenchCase c,
      BenchEnv env,
      int reps,
      int warmups,
      List<BenchCase.Variant> baselines,
      boolean scale)
      throws Exception {
    // Warm-up: every variant in turn (JIT, Spark's first-query costs, file system caches).
    for (int w = 0; w < warmups; w++) {
      for (BenchCase.Variant v : c.oursVariants()) {
        v.body().run();
      }
      for (BenchCase.Variant b : baselines) {
        b.body().run();
      }
    }
    for (BenchCase.Variant variant : c.oursVariants()) {
      for (BenchCase.Variant baseline : baselines) {
        double[][] ours = new double[4][reps];
        double[][] theirs = new double[4][reps];
        for (int i = 0; i < reps; i++) {
          if (i % 2 == 0) {
            time(variant, ours, i, env.scratchDir());
            time(baseline, theirs, i, env.scratchDir());
          } else {
            time(baseline, theirs, i, env.scratchDir());
            time(variant, ours, i, env.scratchDir());
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
        if (scale) {
          int cores = Runtime.getRuntime().availableProcessors();
          line.put("cores", cores);
          line.put("ours_rows_per_s_per_core", Math.round(env.rows() / o / cores));
          line.put("baseline_rows_per_s_per_core", Math.round(env.rows() / t / cores));
          line.put("ours_old_gen_peak_mb", Math.round(max(ours[2]) / (1 << 20)));
          line.put("baseline_old_gen_peak_mb", Math.round(max(theirs[2]) / (1 << 20)));
          line.put("max_heap_mb", Runtime.getRuntime().maxMemory() >> 20);
          line.put("input_mb", sizeOf(env.dataDir()) >> 20);
          line.put("ours_disk_peak_mb", Math.round(max(ours[3]) / (1 << 20)));
          line.put("baseline_disk_peak_mb", Math.round(max(theirs[3]) / (1 << 20)));
        }
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
   * Runs {@code v} once and records its wall time in {@code into[0][i]}, the CPU time of the whole
   * JVM (driver, executor threads, JIT and garbage collection) in {@code into[1][i]} (on a machine
   * shared with other work, the CPU time moves less than the wall time), and in {@code into[2][i]}
   * the most bytes the old generation held: what outlived collections (the young pools' peaks only
   * say how much the collector let fill before collecting), and in {@code into[3][i]} the most disk
   * the run took on the scratch folder's file system (its outputs, their staging and Spark's
   * shuffle files, when those share the disk), sampled every 100 ms. Spark deletes an earlier run's
   * shuffle files in the background, which can free space during this one: when runs follow one
   * another, the figure is a lower bound.
   */
  private static void time(BenchCase.Variant v, double[][] into, int i, Path scratch)
      throws Exception {
    System.gc();
    List<MemoryPoolMXBean> heap =
        ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP)
            .filter(p -> p.getName().contains("Old") || p.getName().contains("Tenured"))
            .toList();
    heap.forEach(MemoryPoolMXBean::resetPeakUsage);
    FileStore disk = Files.getFileStore(scratch);
    long freeBefore = disk.getUsableSpace();
    AtomicLong leastFree = new AtomicLong(freeBefore);
    ScheduledExecutorService watch =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "bench-disk-watch");
              t.setDaemon(true);
              return t;
            });
    watch.scheduleAtFixedRate(
        () -> {
          try {
            leastFree.accumulateAndGet(disk.getUsableSpace(), Math::min);
          } catch (IOException e) {
            // The sample is skipped; the next one reads the disk again.
          }
        },
        0,
        100,
        TimeUnit.MILLISECONDS);
    long cpu = PROCESS.getProcessCpuTime();
    long start = System.nanoTime();
    try {
      v.body().run();
    } finally {
      watch.shutdownNow();
    }
    into[0][i] = (System.nanoTime() - start) / 1e9;
    into[1][i] = (PROCESS.getProcessCpuTime() - cpu) / 1e9;
    into[2][i] = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    into[3][i] = Math.max(0, freeBefore - leastFree.get());
  }

  /** The bytes of every file under {@code dir}. */
  private static long sizeOf(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
  }

  private static double max(double[] values) {
    return Arrays.stream(values).max().orElse(0);
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
