package dev.wick.sampler;

import dev.wick.core.WickException;
import java.util.Arrays;
import java.util.List;
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
 * used, never the clock. A {@code Sampler} is immutable: each setter returns a new one, holding the
 * {@link SampleSpec} it builds. Each setting is validated when it is given, and their combination
 * by {@link #build()}, each failure a {@link WickException} naming the fix.
 */
public final class Sampler {
  /** The seed used when none is given. */
  public static final long DEFAULT_SEED = 42L;

  private final SampleSpec spec;
  private final boolean distributionGiven;

  private Sampler(SampleSpec spec, boolean distributionGiven) {
    this.spec = spec;
    this.distributionGiven = distributionGiven;
  }

  private Sampler(SampleSize target) {
    this(
        new SampleSpec(
            target, List.of(), DEFAULT_SEED, false, List.of(), Distribution.STRATIFIED, false),
        false);
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
    return new Sampler(spec.withBy(fields), distributionGiven);
  }

  /** The seed of the hash (with {@link #by}) or of the Bernoulli draws. */
  public Sampler seed(long seed) {
    return new Sampler(spec.withSeed(seed), distributionGiven);
  }

  /** Stratify by the values of these fields: each distinct tuple (nulls included) is a stratum. */
  public Sampler strata(String... fields) {
    return strata(Arrays.asList(fields));
  }

  /** Stratify by the values of these fields: each distinct tuple (nulls included) is a stratum. */
  public Sampler strata(List<String> fields) {
    return new Sampler(spec.withStrata(fields), distributionGiven);
  }

  /** How the target is shared among the strata (default {@link Distribution#STRATIFIED}). */
  public Sampler distribution(Distribution distribution) {
    return new Sampler(spec.withDistribution(distribution), true);
  }

  /** Meet the target exactly (per stratum, within one record) in at most two passes. */
  public Sampler exact() {
    return exact(true);
  }

  /** Whether to meet the target exactly. */
  public Sampler exact(boolean exact) {
    return new Sampler(spec.withExact(exact), distributionGiven);
  }

  /** The validated spec. */
  public SampleSpec build() {
    if (distributionGiven && !spec.stratified()) {
      throw WickException.usage(
              "distribution "
                  + spec.distribution().id()
                  + " shares the target among strata, but none are given; name the fields that"
                  + " form them in strata, or leave distribution unset.")
          .about("strata", "strata")
          .about("distribution", "distribution");
    }
    return spec;
  }

  /** Plans the sample of {@code input}: {@code build().select(input)}. */
  public Sample sample(Dataset<Row> input) {
    return build().select(input);
  }
}
