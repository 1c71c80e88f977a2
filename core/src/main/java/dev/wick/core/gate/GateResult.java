package dev.wick.core.gate;

import java.util.ArrayList;
import java.util.List;

/**
 * The outcome of a gate: it passes when there is no {@link Violation}.
 *
 * @param violations why the gate fails, in the order they were found (empty when it passes)
 * @param held the rules judged that did not fail the gate (passed, or broken but only warning), so
 *     that a report can list everything that was judged
 */
public record GateResult(List<Violation> violations, List<Judgement> held) {

  public GateResult {
    violations = List.copyOf(violations);
    held = List.copyOf(held);
    if (held.stream().anyMatch(j -> j.status() == Judgement.Status.FAILED)) {
      throw new IllegalArgumentException("A failed rule is a violation, not a rule that held.");
    }
  }

  /** A result of {@code violations} that records no rule that held. */
  public GateResult(List<Violation> violations) {
    this(violations, List.of());
  }

  /**
   * The result of {@code judged}, in order: each failed judgement a violation, the others rules
   * that held.
   */
  public static GateResult of(List<Judgement> judged) {
    List<Violation> failed = new ArrayList<>();
    List<Judgement> held = new ArrayList<>();
    for (Judgement j : judged) {
      if (j.status() == Judgement.Status.FAILED) {
        failed.add(j.toViolation());
      } else {
        held.add(j);
      }
    }
    return new GateResult(failed, held);
  }

  /** A gate that passes. */
  public static GateResult passed() {
    return new GateResult(List.of());
  }

  /** Every rule judged: the violations first, in their order, then the rules that held. */
  public List<Judgement> judgements() {
    List<Judgement> all = new ArrayList<>();
    violations.forEach(v -> all.add(Judgement.of(v)));
    all.addAll(held);
    return all;
  }

  /** True when nothing failed. */
  public boolean passes() {
    return violations.isEmpty();
  }

  /** True when some violation is an input error ({@link Violation.Kind#isInputError()}). */
  public boolean hasInputError() {
    return violations.stream().anyMatch(v -> v.kind().isInputError());
  }

  /** The violations of one kind. */
  public List<Violation> of(Violation.Kind kind) {
    return violations.stream().filter(v -> v.kind() == kind).toList();
  }

  /** This result followed by {@code other}'s violations. */
  public GateResult and(GateResult other) {
    List<Violation> all = new ArrayList<>(violations);
    all.addAll(other.violations);
    List<Judgement> allHeld = new ArrayList<>(held);
    allHeld.addAll(other.held);
    return new GateResult(all, allHeld);
  }
}
