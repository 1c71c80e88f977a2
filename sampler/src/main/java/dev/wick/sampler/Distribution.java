package dev.wick.sampler;

import dev.wick.core.WickException;
import java.util.Locale;

/** How a stratified sample shares its target among the strata. */
public enum Distribution {
  /** Each stratum keeps its share of the data: a stratum with 30% of the input gives 30%. */
  STRATIFIED,
  /**
   * Every stratum gives the same number of records; a stratum smaller than that gives all it has,
   * and the rest is shared among the larger ones so the total still meets the target.
   */
  UNIFORM;

  /** Parses {@code stratified} or {@code uniform}, case-insensitively. */
  public static Distribution parse(String text) {
    String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    for (Distribution d : values()) {
      if (d.id().equals(t)) {
        return d;
      }
    }
    throw WickException.usage(
            "'" + text + "' is not a distribution; use stratified or uniform for distribution.")
        .about("distribution", "distribution");
  }

  /** The distribution's name in specs and JSON: {@code stratified} or {@code uniform}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
