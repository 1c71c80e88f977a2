package dev.wick.core.explain;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A part of the data, one or two {@link Condition}s, and how much of a failure it holds.
 *
 * @param conditions what the slice's rows hold: one condition, or two of different columns
 * @param rows the rows of the slice
 * @param failing the failing rows among them
 * @param coverage the share of all failing rows that are in the slice ({@code failing / all
 *     failing})
 * @param rate the failing rate in the slice ({@code failing / rows})
 * @param low the lower end of the 95% Wilson interval of {@code rate}
 * @param high the upper end of that interval
 * @param outsideRate the failing rate of the rows outside the slice
 * @param lift {@code rate / outsideRate}; infinite when no row outside fails
 */
public record Slice(
    List<Condition> conditions,
    long rows,
    long failing,
    double coverage,
    double rate,
    double low,
    double high,
    double outsideRate,
    double lift) {
  public Slice {
    conditions = List.copyOf(conditions);
  }

  /** {@code genre = podcast and country = SE}. */
  public String text() {
    return conditions.stream().map(Condition::text).collect(Collectors.joining(" and "));
  }

  /** The failing rows the slice holds beyond what the rate outside it would give it. */
  public double excess() {
    return failing - rows * outsideRate;
  }
}
