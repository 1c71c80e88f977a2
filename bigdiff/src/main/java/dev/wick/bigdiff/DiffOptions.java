package dev.wick.bigdiff;

import dev.wick.core.schema.FieldPath;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The settings of one diff, as {@link BigDiff} holds them: the one immutable value of them, changed
 * through its {@code withX} copies. {@code BigDiff}'s setters check each setting as it is given;
 * {@code Alignment} checks the paths and rules against the schemas.
 *
 * @param keys the key fields; none for a keyless diff
 * @param ignored the fields left out of the comparison, with everything below them
 * @param rules how values compare: unordered arrays, tolerances, text rules, comparators
 * @param lhsWhere the Spark SQL predicates the left-hand rows must satisfy
 * @param rhsWhere the Spark SQL predicates the right-hand rows must satisfy
 * @param sample the fraction of keys kept by a sample by key, when sampling
 * @param seed the seed of that sample
 * @param duplicates what to do with keys that occur more than once on a side
 * @param includeSame whether {@code keys/} also lists SAME keys
 * @param lhsLabel how messages and the report name the left-hand side
 * @param rhsLabel how messages and the report name the right-hand side
 */
record DiffOptions(
    List<FieldPath> keys,
    List<FieldPath> ignored,
    Rules rules,
    List<String> lhsWhere,
    List<String> rhsWhere,
    OptionalDouble sample,
    long seed,
    DuplicateKeys duplicates,
    boolean includeSame,
    String lhsLabel,
    String rhsLabel) {

  DiffOptions {
    keys = List.copyOf(keys);
    ignored = List.copyOf(ignored);
    lhsWhere = List.copyOf(lhsWhere);
    rhsWhere = List.copyOf(rhsWhere);
  }

  /** The defaults of a diff keyed by {@code keys}: no rules, no filters, no sample, FAIL. */
  static DiffOptions keyedBy(List<FieldPath> keys) {
    return new DiffOptions(
        keys,
        List.of(),
        Rules.NONE,
        List.of(),
        List.of(),
        OptionalDouble.empty(),
        0L,
        DuplicateKeys.FAIL,
        false,
        "lhs",
        "rhs");
  }

  DiffOptions withIgnored(List<FieldPath> next) {
    return new DiffOptions(
        keys,
        next,
        rules,
        lhsWhere,
        rhsWhere,
        sample,
        seed,
        duplicates,
        includeSame,
        lhsLabel,
        rhsLabel);
  }

  DiffOptions withRules(Rules next) {
    return new DiffOptions(
        keys,
        ignored,
        next,
        lhsWhere,
        rhsWhere,
        sample,
        seed,
        duplicates,
        includeSame,
        lhsLabel,
        rhsLabel);
  }

  DiffOptions withWhere(List<String> lhs, List<String> rhs) {
    return new DiffOptions(
        keys, ignored, rules, lhs, rhs, sample, seed, duplicates, includeSame, lhsLabel, rhsLabel);
  }

  DiffOptions withSample(double fraction, long sampleSeed) {
    return new DiffOptions(
        keys,
        ignored,
        rules,
        lhsWhere,
        rhsWhere,
        OptionalDouble.of(fraction),
        sampleSeed,
        duplicates,
        includeSame,
        lhsLabel,
        rhsLabel);
  }

  DiffOptions withDuplicates(DuplicateKeys next) {
    return new DiffOptions(
        keys,
        ignored,
        rules,
        lhsWhere,
        rhsWhere,
        sample,
        seed,
        next,
        includeSame,
        lhsLabel,
        rhsLabel);
  }

  DiffOptions withIncludeSame(boolean next) {
    return new DiffOptions(
        keys,
        ignored,
        rules,
        lhsWhere,
        rhsWhere,
        sample,
        seed,
        duplicates,
        next,
        lhsLabel,
        rhsLabel);
  }

  DiffOptions withLabels(String lhs, String rhs) {
    return new DiffOptions(
        keys, ignored, rules, lhsWhere, rhsWhere, sample, seed, duplicates, includeSame, lhs, rhs);
  }
}
