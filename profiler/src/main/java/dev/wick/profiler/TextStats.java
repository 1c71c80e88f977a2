package dev.wick.profiler;

/**
 * Lengths of a text field's values (in characters) or a binary field's values (in bytes).
 *
 * @param empty how many values were empty
 * @param minLength the shortest length
 * @param maxLength the longest length
 * @param meanLength the mean length
 */
public record TextStats(long empty, long minLength, long maxLength, double meanLength) {}
