package dev.wick.bigdiff;

import java.util.Objects;

/**
 * How an array of records matched by element key ({@link BigDiff#unorderedBy}) differs, over the
 * DIFFERENT keys. Its differing element fields have their own {@link FieldStats} ({@code
 * plays[].ms_played}), and so have its one-sided elements ({@code plays[]}).
 *
 * @param field the array's path ({@code plays})
 * @param elementKey the element key's path inside an element ({@code track_id})
 * @param onlyLhs elements whose key is only in the left-hand array of their key
 * @param onlyRhs elements whose key is only in the right-hand array of their key
 * @param unmatched keys whose arrays could not be matched, because a side holds a null or repeated
 *     element key (each such key is DIFFERENT, whatever the values)
 */
public record ArrayStats(
    String field, String elementKey, long onlyLhs, long onlyRhs, long unmatched) {
  public ArrayStats {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(elementKey, "elementKey");
  }
}
