package dev.wick.sampler;

import dev.wick.core.WickException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * What to sample: an immutable, validated value, built with {@link Sampler} or changed with its
 * {@code withX} copies.
 *
 * @param target how much to keep: a fraction or a count
 * @param by the key fields (field paths) whose hash decides; empty for Bernoulli sampling
 * @param seed the seed of the hash or of the Bernoulli draws
 * @param seedGiven whether the seed was chosen by the user (else it is {@link
 *     Sampler#DEFAULT_SEED})
 * @param strata the fields (field paths) whose values form the strata; empty for none
 * @param distribution how the target is shared among the strata
 * @param exact whether the target is met exactly (per stratum, within one record) rather than in
 *     expectation
 */
public record SampleSpec(
    SampleSize target,
    List<String> by,
    long seed,
    boolean seedGiven,
    List<String> strata,
    Distribution distribution,
    boolean exact) {

  public SampleSpec {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(distribution, "distribution");
    by = checkedFields(by, false);
    strata = checkedFields(strata, true);
  }

  private static List<String> checkedFields(List<String> fields, boolean strata) {
    String setting = strata ? "strata" : "by";
    Objects.requireNonNull(fields, setting);
    Set<String> seen = new HashSet<>();
    List<String> out = new ArrayList<>();
    for (String f : fields) {
      String name = f == null ? "" : f.trim();
      WickException bad = null;
      if (name.isEmpty()) {
        bad =
            WickException.usage(
                setting
                    + " has an empty field name; list field paths, separated with commas, such as"
                    + " user_id,country.");
      } else if (!seen.add(name)) {
        bad =
            WickException.usage(
                "Field '" + name + "' is named twice in " + setting + "; list each field once.");
      }
      if (bad != null) {
        throw strata ? bad.about("strata", "strata") : bad.about("by", "by");
      }
      out.add(name);
    }
    return List.copyOf(out);
  }

  /** This spec keeping records by the hash of {@code fields} (empty for Bernoulli draws). */
  public SampleSpec withBy(List<String> fields) {
    return new SampleSpec(target, fields, seed, seedGiven, strata, distribution, exact);
  }

  /** This spec with {@code seed}, chosen by the user. */
  public SampleSpec withSeed(long seed) {
    return new SampleSpec(target, by, seed, true, strata, distribution, exact);
  }

  /** This spec stratified by {@code fields} (empty for none). */
  public SampleSpec withStrata(List<String> fields) {
    return new SampleSpec(target, by, seed, seedGiven, fields, distribution, exact);
  }

  /** This spec sharing its target among the strata by {@code distribution}. */
  public SampleSpec withDistribution(Distribution distribution) {
    return new SampleSpec(target, by, seed, seedGiven, strata, distribution, exact);
  }

  /** This spec meeting its target exactly, or in expectation. */
  public SampleSpec withExact(boolean exact) {
    return new SampleSpec(target, by, seed, seedGiven, strata, distribution, exact);
  }

  /** True when records are kept by the hash of {@link #by()}, false for Bernoulli draws. */
  public boolean byKey() {
    return !by.isEmpty();
  }

  /** True when the sample is stratified by {@link #strata()}. */
  public boolean stratified() {
    return !strata.isEmpty();
  }

  /**
   * Plans this sample over {@code input}: resolves the fields (failing at once on an unknown one)
   * and, when the spec needs them, counts the records (per stratum) in one pass.
   */
  public Sample select(Dataset<Row> input) {
    return SamplePlanner.plan(this, input);
  }

  /**
   * A one-line description: {@code fraction 0.01 by user_id, seed 42 (default)}, with strata,
   * distribution and exactness when set.
   */
  public String describe() {
    StringBuilder s = new StringBuilder(target.describe());
    if (exact) {
      s.append(" exactly");
    }
    s.append(byKey() ? " by " + String.join(",", by) : " (Bernoulli)");
    if (stratified()) {
      s.append(", ")
          .append(distribution.id())
          .append(" over strata ")
          .append(String.join(",", strata));
    }
    s.append(", seed ").append(seed).append(seedGiven ? "" : " (default)");
    return s.toString();
  }
}
