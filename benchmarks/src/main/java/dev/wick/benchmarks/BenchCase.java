package dev.wick.benchmarks;

import java.util.List;
import java.util.Optional;

/**
 * One benchmark case: Wick's way of doing something, and one or more baselines doing the same work
 * another way, run side by side in the same JVM and SparkSession.
 */
public interface BenchCase {
  /** The row counts of the scale cases: 1M, 10M and 100M. */
  List<Long> SCALE = List.of(1_000_000L, 10_000_000L, 100_000_000L);

  /** The case's name on the command line and in the output ({@code read-parquet}). */
  String name();

  /**
   * The name of the folder (with the row count appended) that holds the case's inputs; cases that
   * read the same data share it, so that 100M rows are made and stored once.
   */
  default String dataName() {
    return name();
  }

  /** The row count used when {@code --rows} is not given. */
  default long defaultRows() {
    return 1_000_000;
  }

  /**
   * The row counts {@code benchmarks/run --scale} runs this case at, each against its first
   * baseline (its floor); none when the case is not one of the scale cases.
   */
  default List<Long> scaleRows() {
    return List.of();
  }

  /** The baseline {@code --scale} measures against: the first of {@link #baselines()}. */
  default Variant scaleFloor() {
    return baselines().get(0);
  }

  /** Makes the case's input data under {@link BenchEnv#dataDir()} (reused when already there). */
  void setUp(BenchEnv env) throws Exception;

  /** Wick's way. */
  Variant ours();

  /**
   * Every variant of Wick's way to measure, each against every baseline (one output line per pair);
   * by default {@link #ours()} alone.
   */
  default List<Variant> oursVariants() {
    return List.of(ours());
  }

  /** What Wick is measured against; one output line per baseline. */
  List<Variant> baselines();

  /** The target the issue sets for ours/baseline, such as {@code "<= 1.2"}, if any. */
  default Optional<Double> maxRatio(String baseline) {
    return Optional.empty();
  }

  /** Extra numbers to report for a measured run of ours (e.g. records per second). */
  default java.util.Map<String, Object> extra(BenchEnv env, double oursSeconds) {
    return java.util.Map.of();
  }

  /** A named body to time. */
  record Variant(String name, Body body) {}

  /** The work of one variant. */
  @FunctionalInterface
  interface Body {
    void run() throws Exception;
  }
}
