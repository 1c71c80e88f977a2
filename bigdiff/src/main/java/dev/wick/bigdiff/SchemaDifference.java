package dev.wick.bigdiff;

import java.util.List;
import java.util.Objects;

/**
 * How the two sides' schemas relate. Everything but {@code compared} and {@code ignored} is a
 * schema change, which fails a diff's gate unless schema changes are allowed or the field is
 * ignored.
 *
 * @param compared the compared field paths, in schema order
 * @param onlyLhs fields only the left-hand side has (not compared)
 * @param onlyRhs fields only the right-hand side has (not compared)
 * @param typeChanges fields whose type differs between the sides
 * @param nullabilityChanges fields that may hold nulls on one side only
 * @param renames likely renames: a field only in the left-hand side whose name matches one only in
 *     the right-hand side but for case and separators
 * @param ignored fields left out by request
 */
public record SchemaDifference(
    List<String> compared,
    List<String> onlyLhs,
    List<String> onlyRhs,
    List<TypeChange> typeChanges,
    List<NullabilityChange> nullabilityChanges,
    List<Rename> renames,
    List<String> ignored) {

  public SchemaDifference {
    compared = List.copyOf(compared);
    onlyLhs = List.copyOf(onlyLhs);
    onlyRhs = List.copyOf(onlyRhs);
    typeChanges = List.copyOf(typeChanges);
    nullabilityChanges = List.copyOf(nullabilityChanges);
    renames = List.copyOf(renames);
    ignored = List.copyOf(ignored);
  }

  /**
   * A field whose type differs.
   *
   * @param field the field path
   * @param lhsType the left-hand side's type, as the schema notation describes it
   * @param rhsType the right-hand side's type
   * @param compared true when one type widens to the other (as Spark widens {@code int} to {@code
   *     long} or {@code decimal(9,2)} to {@code decimal(12,2)}) and the values were compared in the
   *     wider type; false when the types are incompatible and the field was not compared
   */
  public record TypeChange(String field, String lhsType, String rhsType, boolean compared) {
    public TypeChange {
      Objects.requireNonNull(field, "field");
      Objects.requireNonNull(lhsType, "lhsType");
      Objects.requireNonNull(rhsType, "rhsType");
    }
  }

  /**
   * A field that may hold nulls on one side only.
   *
   * @param field the field path
   * @param lhsNullable whether the left-hand side allows nulls there
   * @param rhsNullable whether the right-hand side allows nulls there
   */
  public record NullabilityChange(String field, boolean lhsNullable, boolean rhsNullable) {
    public NullabilityChange {
      Objects.requireNonNull(field, "field");
    }
  }

  /**
   * A likely rename: {@code lhs} only in the left-hand side, {@code rhs} only in the right-hand
   * side, with names equal but for case, underscores and dashes. Both stay in {@code onlyLhs} and
   * {@code onlyRhs}: they are not compared.
   */
  public record Rename(String lhs, String rhs) {
    public Rename {
      Objects.requireNonNull(lhs, "lhs");
      Objects.requireNonNull(rhs, "rhs");
    }
  }

  /** True when some field is on one side only, or changed type or nullability. */
  public boolean differs() {
    return !onlyLhs.isEmpty()
        || !onlyRhs.isEmpty()
        || !typeChanges.isEmpty()
        || !nullabilityChanges.isEmpty();
  }

  /** The type changes whose values were not compared (incompatible types). */
  public List<TypeChange> incompatible() {
    return typeChanges.stream().filter(t -> !t.compared()).toList();
  }
}
