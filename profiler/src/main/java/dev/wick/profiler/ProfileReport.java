package dev.wick.profiler;

import dev.wick.core.io.Output;
import dev.wick.profiler.internal.ProfileHtml;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;

/**
 * Writes profile and drift reports as one folder, through core's {@link Output}: everything is
 * staged and moved into place at once, an existing folder is kept unless {@code overwrite}, and a
 * folder inside an input is refused.
 */
public final class ProfileReport {
  /** The profile's JSON inside a report folder. */
  public static final String PROFILE_JSON = "profile.json";

  /** The profile's HTML page inside a report folder. */
  public static final String PROFILE_HTML = "profile.html";

  /** The drift report's JSON inside a report folder. */
  public static final String DRIFT_JSON = "drift.json";

  /** The drift report's HTML page inside a drift folder. */
  public static final String DRIFT_HTML = "drift.html";

  private ProfileReport() {}

  /**
   * Writes {@code profile.json} and {@code profile.html} for {@code profile}, plus {@code
   * drift.json} when compared with a baseline (then the page shows the drift and overlays the
   * baseline); returns the folder written.
   */
  public static String writeProfile(
      SparkSession spark,
      String folder,
      boolean overwrite,
      Collection<String> inputs,
      Profile profile,
      Optional<Comparison> comparison) {
    Objects.requireNonNull(profile, "profile");
    try (Output out = Output.create(spark, folder, overwrite, inputs)) {
      out.writeString(PROFILE_JSON, profile.toJson());
      out.writeString(
          PROFILE_HTML,
          ProfileHtml.render(
              profile, comparison.map(Comparison::baseline), comparison.map(Comparison::drift)));
      comparison.ifPresent(c -> out.writeString(DRIFT_JSON, c.drift().toJson()));
      return out.commit();
    }
  }

  /**
   * Writes {@code drift.json} and {@code drift.html} (the current profile's page with the drift and
   * the baseline overlaid); returns the folder written.
   */
  public static String writeDrift(
      SparkSession spark,
      String folder,
      boolean overwrite,
      Collection<String> inputs,
      Profile current,
      Comparison comparison) {
    try (Output out = Output.create(spark, folder, overwrite, inputs)) {
      out.writeString(DRIFT_JSON, comparison.drift().toJson());
      out.writeString(
          DRIFT_HTML,
          ProfileHtml.render(
              current, Optional.of(comparison.baseline()), Optional.of(comparison.drift())));
      return out.commit();
    }
  }

  /** A baseline profile and the drift from it. */
  public record Comparison(Profile baseline, DriftReport drift) {
    public Comparison {
      Objects.requireNonNull(baseline, "baseline");
      Objects.requireNonNull(drift, "drift");
    }

    /** Compares {@code current} with {@code baseline}. */
    public static Comparison of(Profile baseline, Profile current) {
      return new Comparison(baseline, Drift.compare(baseline, current));
    }
  }
}
