package dev.wick.sampler;

import dev.wick.core.WickException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Builds a {@link SampleSpec}: deterministic, key-consistent and stratified samples of a dataset.
 *
 * <pre>{@code
 * // 1% of the users, with all their plays, the same users in every dataset sampled this way:
 * Dataset<Row> sample = Sampler.fraction(0.01).by("user_id").seed(7).sample(plays).data();
 *
 * // exactly 1000 records, the same number from every country (small countries give all):
 * SampleSpec spec =
 *     Sampler.count(1000).strata("country").distribution(Distribution.UNIFORM).exact().build();
 * }</pre>
 *
 * <p>Without {@link #by} the sample is a Bernoulli sample drawn with Spark's {@code rand(seed)}:
 * the same seed gives the same sample of the same input read the same way (same files, same
 * partitioning). With {@link #by} a record is kept when the hash of its key falls below the
 * fraction (see {@link dev.wick.core.spark.KeyHash}): the same key gets the same decision in every
 * dataset and every run, whatever the partitioning. When no seed is given, {@link #DEFAULT_SEED} is
 * used, never the clock. A {@code Sampler} is immutable: each setter returns a new one. The target
 * is validated when it is given, the rest by {@link #build()}, each failure a {@link WickException}
 * naming the fix.
 */
public final class Sampler {
  /** The seed used when none is given. */
  public static final long DEFAULT_SEED = 42L;

  private final SampleSize target;
  private final List<String> by;
  private final long seed;
  private final boolean seedGiven;
  private final List<String> strata;
  private final Distribution distribution;
  private final boolean exact;

  private Sampler(
      SampleSize target,
      List<String> by,
      long seed,
      boolean seedGiven,
      List<String> strata,
      Distribution distribution,
      boolean exact) {
    this.target = target;
    this.by = by;
    this.seed = seed;
    this.seedGiven = seedGiven;
    this.strata = strata;
    this.distribution = distribution;
    this.exact = exact;
  }

  private Sampler(SampleSize target) {
    this(target, List.of(), DEFAULT_SEED, false, List.of(), null, false);
  }

  /** A sample keeping {@code fraction} of the records, in {@code (0, 1]}. */
  public static Sampler fraction(double fraction) {
    return new Sampler(new SampleSize.Fraction(fraction));
  }

  /** A sample keeping about {@code count} records (exactly, with {@link #exact()}). */
  public static Sampler count(long count) {
    return new Sampler(new SampleSize.Count(count));
  }

  /** Keep a record by the hash of these fields (field paths such as {@code user.id}). */
  public Sampler by(String... fields) {
    return by(Arrays.asList(fields));
  }

  /** Keep a record by the hash of these fields (field paths such as {@code user.id}). */
  public Sampler by(List<String> fields) {
    return new Sampler(
        target,
        List.copyOf(Objects.requireNonNull(fields, "fields")),
        seed,
        seedGiven,
        strata,
        distribution,
        exact);
  }

  /** The seed of the hash (with {@link #by}) or of the Bernoulli draws. */
  public Sampler seed(long seed) {
    return new Sampler(target, by, seed, true, strata, distribution, exact);
  }

  /** Stratify by the values of these fields: each distinct tuple (nulls included) is a stratum. */
  public Sampler strata(String... fields) {
    return strata(Arrays.asList(fields));
  }

  /** Stratify by the values of these fields: each distinct tuple (nulls included) is a stratum. */
  public Sampler strata(List<String> fields) {
    return new Sampler(
        target,
        by,
        seed,
        seedGiven,
        List.copyOf(Objects.requireNonNull(fields, "fields")),
        distribution,
        exact);
  }

  /** How the target is shared among the strata (default {@link Distribution#STRATIFIED}). */
  public Sampler distribution(Distribution distribution) {
    return new Sampler(
        target,
        by,
        seed,
        seedGiven,
        strata,
        Objects.requireNonNull(distribution, "distribution"),
        exact);
  }

  /** Meet the target exactly (per stratum, within one record) in at most two passes. */
  public Sampler exact() {
    return exact(true);
  }

  /** Whether to meet the target exactly. */
  public Sampler exact(boolean exact) {
    return new Sampler(target, by, seed, seedGiven, strata, distribution, exact);
  }

  /** The validated spec. */
  public SampleSpec build() {
    if (distribution != null && strata.isEmpty()) {
      throw WickException.usage(
              "distribution "
                  + distribution.id()
                  + " shares the target among strata, but none are given; name the fields that"
                  + " form them in strata, or leave distribution unset.")
          .about("strata", "strata")
          .about("distribution", "distribution");
    }
    return new SampleSpec(
        target,
        by,
        seed,
        seedGiven,
        strata,
        distribution == null ? Distribution.STRATIFIED : distribution,
        exact);
  }

  /** Plans the sample of {@code input}: {@code build().select(input)}. */
  public Sample sample(Dataset<Row> input) {
    return build().select(input);
  }
}
