package dev.wick.cli;

import picocli.CommandLine.Option;

/**
 * {@code --seed}: the seed of every command that draws at random ({@code sample}, {@code
 * generate}). Without it they use {@link #DEFAULT}, never the clock, so a run repeats.
 */
final class SeedOption {
  /** The one default seed of every command: 42 (the sampler's library default too). */
  static final long DEFAULT = 42;

  @Option(
      names = "--seed",
      paramLabel = "N",
      description = "The seed (default: " + DEFAULT + ", never the clock).")
  Long seed;

  /** The seed given, or {@link #DEFAULT}. */
  long value() {
    return seed == null ? DEFAULT : seed;
  }

  boolean given() {
    return seed != null;
  }
}
