package dev.wick.bigdiff;

import dev.wick.core.schema.FieldPath;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The settings of one diff, as {@link BigDiff} holds them: the one immutable value of them, changed
 * through its {@code withX} copies. {@code BigDiff}'s setters check each setting as it is given;
 * {@code Alignment} checks the paths and rules against the schemas.
 *
 * @param keys the key fields; none for a keyless diff
 * @param ignored the fields left out of the comparison, with everything below them
 * @param rules how values compare: unordered arrays, tolerances, text rules, comparators
 * @param selection which rows of each side are diffed
 * @param duplicates what to do with keys that occur more than once on a side
 * @param includeSame whether {@code keys/} also lists SAME keys
 * @param labels how messages and the report name the two sides
 * @param explain when present, explain where the differences sit, cutting by these columns (by the
 *     explainer's choice when empty)
 */
record DiffOptions(
    List<FieldPath> keys,
    List<FieldPath> ignored,
    Rules rules,
    Selection selection,
    DuplicateKeys duplicates,
    boolean includeSame,
    Labels labels,
    Optional<List<String>> explain) {

  DiffOptions {
    keys = List.copyOf(keys);
    ignored = List.copyOf(ignored);
    explain = explain.map(List::copyOf);
  }

  /** The defaults of a diff keyed by {@code keys}: no rules, every row, FAIL, lhs and rhs. */
  static DiffOptions keyedBy(List<FieldPath> keys) {
    return new DiffOptions(
        keys,
        List.of(),
        Rules.NONE,
        new Selection(List.of(), List.of(), OptionalDouble.empty(), 0L),
        DuplicateKeys.FAIL,
        false,
        new Labels("lhs", "rhs"),
        Optional.empty());
  }

  /**
   * Which rows of each side are diffed: those the Spark SQL predicates of their side accept and,
   * when sampling, whose key a sample by key with this fraction and seed keeps.
   */
  record Selection(List<String> lhsWhere, List<String> rhsWhere, OptionalDouble sample, long seed) {

    Selection {
      lhsWhere = List.copyOf(lhsWhere);
      rhsWhere = List.copyOf(rhsWhere);
    }
  }

  /** How messages and the report name the left-hand and right-hand sides. */
  record Labels(String lhs, String rhs) {

    Labels {
      Objects.requireNonNull(lhs, "lhs");
      Objects.requireNonNull(rhs, "rhs");
    }
  }

  DiffOptions withIgnored(List<FieldPath> next) {
    return new DiffOptions(keys, next, rules, selection, duplicates, includeSame, labels, explain);
  }

  DiffOptions withRules(Rules next) {
    return new DiffOptions(
        keys, ignored, next, selection, duplicates, includeSame, labels, explain);
  }

  DiffOptions withWhere(List<String> lhs, List<String> rhs) {
    Selection next = new Selection(lhs, rhs, selection.sample(), selection.seed());
    return new DiffOptions(keys, ignored, rules, next, duplicates, includeSame, labels, explain);
  }

  DiffOptions withSample(double fraction, long seed) {
    Selection next =
        new Selection(
            selection.lhsWhere(), selection.rhsWhere(), OptionalDouble.of(fraction), seed);
    return new DiffOptions(keys, ignored, rules, next, duplicates, includeSame, labels, explain);
  }

  DiffOptions withDuplicates(DuplicateKeys next) {
    return new DiffOptions(keys, ignored, rules, selection, next, includeSame, labels, explain);
  }

  DiffOptions withIncludeSame(boolean next) {
    return new DiffOptions(keys, ignored, rules, selection, duplicates, next, labels, explain);
  }

  DiffOptions withExplain(Optional<List<String>> next) {
    return new DiffOptions(keys, ignored, rules, selection, duplicates, includeSame, labels, next);
  }

  DiffOptions withLabels(Labels next) {
    return new DiffOptions(keys, ignored, rules, selection, duplicates, includeSame, next, explain);
  }
}
