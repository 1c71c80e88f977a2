package dev.wick.core.gate;

import java.util.ArrayList;
import java.util.List;

/**
 * The outcome of a gate: it passes when there is no {@link Violation}.
 *
 * @param violations why the gate fails, in the order they were found (empty when it passes)
 */
public record GateResult(List<Violation> violations) {

  public GateResult {
    violations = List.copyOf(violations);
  }

  /** A gate that passes. */
  public static GateResult passed() {
    return new GateResult(List.of());
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
    return new GateResult(all);
  }
}
