package dev.wick.checks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.WickException;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * How one kind of check behaves: its name and keys in a checks file, how its rule is read from an
 * entry of that file and written back, and how it is measured. Each kind's record holds its {@code
 * KIND}; {@link CheckKinds} lists them all.
 *
 * @param <R> the kind's rule
 */
abstract class CheckKind<R extends Check.Rule> {
  private final Class<R> type;
  private final String name;
  private final List<String> keys;

  CheckKind(Class<R> type, String name, List<String> keys) {
    this.type = type;
    this.name = name;
    this.keys = List.copyOf(keys);
  }

  /** The record of the kind's rules. */
  final Class<R> type() {
    return type;
  }

  /**
   * The kind's name in a checks file ({@code range}). Kinds may share a name (a {@code rowCount}
   * with ratios is a {@link RowCountRatioCheck}): the first kind of that name in {@link CheckKinds}
   * reads every entry of it.
   */
  final String name() {
    return name;
  }

  /** The keys a rule of this kind writes beyond check, name and severity. */
  final List<String> keys() {
    return keys;
  }

  /** The rule of an entry of the checks file naming this kind; fails on a bad entry. */
  abstract Check.Rule parse(ChecksFile.Fields f);

  /** Writes {@code rule}'s keys beyond check, name and severity to {@code o}. */
  abstract void write(R rule, ObjectNode o);

  /**
   * What measuring {@code check} takes: aggregates added to the one aggregation, or a job of its
   * own. Everything the check names is checked here, before the first job.
   */
  abstract Planned plan(Check check, R rule, Planning p);

  /**
   * The usage error for a failed job when this check is to blame for it (a predicate's SQL that
   * fails on the data), else empty: {@code failure} is its cause.
   */
  Optional<WickException> blame(
      Check check, R rule, Checks checks, Dataset<Row> data, RuntimeException failure) {
    return Optional.empty();
  }
}
