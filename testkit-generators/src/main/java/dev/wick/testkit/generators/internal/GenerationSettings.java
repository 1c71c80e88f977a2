package dev.wick.testkit.generators.internal;

import dev.wick.core.WickException;
import java.io.Serializable;

/**
 * How values are generated from a schema, the same for both backends: how often nullable positions
 * are null, how large arrays, maps, strings and byte arrays get, how deep a recursive record nests,
 * and (for bulk generation) how often an edge case comes up. Immutable; each {@code with} method
 * checks its arguments at once and returns a copy.
 *
 * @param nullProbability chance that a nullable field, element or map value is null
 * @param minCollectionSize smallest array or map
 * @param maxCollectionSize largest array or map
 * @param minStringLength shortest string or byte array
 * @param maxStringLength longest string or byte array (in UTF-16 chars or bytes)
 * @param maxDepth how many levels a recursive record nests before the recursion ends
 * @param edgeCaseProbability chance that a bulk-drawn value is one of its domain's edge cases
 */
public record GenerationSettings(
    double nullProbability,
    int minCollectionSize,
    int maxCollectionSize,
    int minStringLength,
    int maxStringLength,
    int maxDepth,
    double edgeCaseProbability)
    implements Serializable {

  private static final long serialVersionUID = 1L;

  public GenerationSettings {
    probability("null probability", nullProbability);
    probability("edge case probability", edgeCaseProbability);
    range("collection size", minCollectionSize, maxCollectionSize);
    range("string length", minStringLength, maxStringLength);
    if (maxDepth < 1) {
      throw WickException.usage(
          "The maximum depth must be at least 1, got " + maxDepth + "; pass 1 or more.");
    }
  }

  /**
   * Nulls one time in ten, collections of 0 to 5, strings of 0 to 20 chars, recursion 3 levels
   * deep, edge cases one time in twenty.
   */
  public static GenerationSettings defaults() {
    return new GenerationSettings(0.1, 0, 5, 0, 20, 3, 0.05);
  }

  /**
   * The defaults of bulk generation: as {@link #defaults()}, but edge cases one time in a hundred,
   * so that a million records do not repeat one edge case tens of thousands of times.
   */
  public static GenerationSettings bulkDefaults() {
    return defaults().withEdgeCaseProbability(0.01);
  }

  public GenerationSettings withNullProbability(double p) {
    return new GenerationSettings(
        p,
        minCollectionSize,
        maxCollectionSize,
        minStringLength,
        maxStringLength,
        maxDepth,
        edgeCaseProbability);
  }

  public GenerationSettings withCollectionSize(int min, int max) {
    return new GenerationSettings(
        nullProbability, min, max, minStringLength, maxStringLength, maxDepth, edgeCaseProbability);
  }

  public GenerationSettings withStringLength(int min, int max) {
    return new GenerationSettings(
        nullProbability,
        minCollectionSize,
        maxCollectionSize,
        min,
        max,
        maxDepth,
        edgeCaseProbability);
  }

  public GenerationSettings withMaxDepth(int depth) {
    return new GenerationSettings(
        nullProbability,
        minCollectionSize,
        maxCollectionSize,
        minStringLength,
        maxStringLength,
        depth,
        edgeCaseProbability);
  }

  public GenerationSettings withEdgeCaseProbability(double p) {
    return new GenerationSettings(
        nullProbability,
        minCollectionSize,
        maxCollectionSize,
        minStringLength,
        maxStringLength,
        maxDepth,
        p);
  }

  private static void probability(String what, double p) {
    if (!(p >= 0 && p <= 1)) {
      throw WickException.usage(
          "The " + what + " must be between 0 and 1, got " + p + "; pass a value such as 0.1.");
    }
  }

  private static void range(String what, int min, int max) {
    if (min < 0 || max < min) {
      throw WickException.usage(
          "The "
              + what
              + " range "
              + min
              + ".."
              + max
              + " is invalid; pass 0 <= min <= max, such as 0..5.");
    }
  }
}
