package dev.wick.profiler;

import dev.wick.core.explain.Explanation;
import dev.wick.core.gate.Verdict;
import dev.wick.core.io.Output;
import dev.wick.core.report.VerdictFormats;
import dev.wick.profiler.internal.ProfileHtml;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A profile and, when compared with a baseline, the drift from it: the result of profiling, which
 * writes itself to an {@link Output} the caller owns (opened, committed and closed by the caller,
 * so that an existing or overlapping output is refused before any scan).
 *
 * <pre>{@code
 * try (Output out = Output.create(spark, "report/", false, List.of("plays/"))) {
 *   ProfileReport.of(profile).writeTo(out);
 *   out.commit();
 * }
 * }</pre>
 *
 * @param profile the profile
 * @param comparison the baseline and the drift from it, when compared
 */
public record ProfileReport(Profile profile, Optional<Comparison> comparison) {
  /** The profile's JSON inside a report folder. */
  public static final String PROFILE_JSON = "profile.json";

  /** The profile's HTML page inside a report folder. */
  public static final String PROFILE_HTML = "profile.html";

  /** The drift report's JSON inside a report folder. */
  public static final String DRIFT_JSON = "drift.json";

  /** The drift report's HTML page inside a drift folder. */
  public static final String DRIFT_HTML = "drift.html";

  /** The verdict in Markdown inside a drift or anomalies folder, for CI summaries. */
  public static final String SUMMARY_MD = "summary.md";

  public ProfileReport {
    Objects.requireNonNull(profile, "profile");
    Objects.requireNonNull(comparison, "comparison");
  }

  /** The report of {@code profile} alone. */
  public static ProfileReport of(Profile profile) {
    return new ProfileReport(profile, Optional.empty());
  }

  /** The report of {@code profile} compared with {@code baseline}. */
  public static ProfileReport compared(Profile baseline, Profile profile) {
    return new ProfileReport(profile, Optional.of(Comparison.of(baseline, profile)));
  }

  /**
   * Writes {@code profile.json} and {@code profile.html}, plus {@code drift.json} when compared
   * with a baseline (then the page shows the drift and overlays the baseline).
   */
  public void writeTo(Output out) {
    writeTo(out, Optional.empty());
  }

  /**
   * {@link #writeTo(Output)} for a drift judged against {@code thresholds}: when compared with a
   * baseline, the page opens with the drift's verdict and {@code summary.md} holds it in Markdown
   * (not judged without thresholds).
   */
  public void writeTo(Output out, Optional<DriftThresholds> thresholds) {
    writeTo(out, thresholds, Map.of());
  }

  /**
   * {@link #writeTo(Output, Optional)} with where the drift sits ({@link DriftRegion#explain}), in
   * {@code drift.json} and the page.
   */
  public void writeTo(
      Output out, Optional<DriftThresholds> thresholds, Map<String, Explanation> explanations) {
    Optional<Verdict> verdict = comparison.map(c -> c.drift().verdict(thresholds));
    out.writeString(PROFILE_JSON, profile.toJson());
    out.writeString(
        PROFILE_HTML,
        ProfileHtml.render(
            profile,
            comparison.map(Comparison::baseline),
            comparison.map(Comparison::drift),
            verdict,
            explanations));
    comparison.ifPresent(c -> out.writeString(DRIFT_JSON, c.drift().toJson(explanations)));
    verdict.ifPresent(
        v -> out.writeString(SUMMARY_MD, VerdictFormats.markdownBeside(v, PROFILE_HTML)));
  }

  /**
   * Writes {@code drift.json} and {@code drift.html} (the profile's page with the drift and the
   * baseline overlaid).
   *
   * @throws IllegalStateException when this report has no baseline
   */
  public void writeDriftTo(Output out) {
    writeDriftTo(out, Optional.empty());
  }

  /**
   * {@link #writeDriftTo(Output)} for a drift judged against {@code thresholds}: the page opens
   * with the verdict, and {@code summary.md} holds it in Markdown (not judged without thresholds).
   *
   * @throws IllegalStateException when this report has no baseline
   */
  public void writeDriftTo(Output out, Optional<DriftThresholds> thresholds) {
    writeDriftTo(out, thresholds, Map.of());
  }

  /**
   * {@link #writeDriftTo(Output, Optional)} with where the drift sits ({@link
   * DriftRegion#explain}), in {@code drift.json} and the page.
   */
  public void writeDriftTo(
      Output out, Optional<DriftThresholds> thresholds, Map<String, Explanation> explanations) {
    Comparison c =
        comparison.orElseThrow(
            () -> new IllegalStateException("A drift report needs a baseline to compare with."));
    Verdict verdict = c.drift().verdict(thresholds);
    out.writeString(DRIFT_JSON, c.drift().toJson(explanations));
    out.writeString(
        DRIFT_HTML,
        ProfileHtml.render(
            profile,
            Optional.of(c.baseline()),
            Optional.of(c.drift()),
            Optional.of(verdict),
            explanations));
    out.writeString(SUMMARY_MD, VerdictFormats.markdownBeside(verdict, DRIFT_HTML));
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
