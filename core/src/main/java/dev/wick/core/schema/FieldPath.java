package dev.wick.core.schema;

import dev.wick.core.WickException;
import dev.wick.core.report.DidYouMean;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.RecordRef;
import dev.wick.core.schema.DataType.RecordType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A path to a field: {@code a.b.c} names a nested field, {@code a[]} steps into an array's
 * elements, {@code m{}} into a map's values ({@code events[].country}, {@code attrs{}.value}). A
 * name with a dot, a backtick, a bracket or a brace, or with space at either end, is written in
 * backticks, a backtick in it doubled: {@code `a.b`}, {@code `a``b`}, {@code `x.y`[].z}; {@link
 * #toString()} writes names so, and {@link #parse} reads them back.
 *
 * <p>Parse once with {@link #parse(String)}; {@link #resolve(Schema)} checks it against a schema
 * and fails at once, naming the step that did not resolve and the nearest names.
 */
public final class FieldPath {

  /** One step of a path: a field name, optionally followed by an array or map step. */
  public record Step(String name, Kind kind) {
    /** What follows the field name. */
    public enum Kind {
      FIELD,
      ARRAY_ELEMENTS,
      MAP_VALUES
    }

    @Override
    public String toString() {
      String n = quote(name);
      return switch (kind) {
        case FIELD -> n;
        case ARRAY_ELEMENTS -> n + "[]";
        case MAP_VALUES -> n + "{}";
      };
    }
  }

  private final List<Step> steps;

  private FieldPath(List<Step> steps) {
    this.steps = List.copyOf(steps);
  }

  /**
   * Parses {@code a.b[]} notation, names in backticks where they need it ({@code `a.b`}); fails
   * with a usage error on a malformed path.
   */
  public static FieldPath parse(String text) {
    if (text == null || text.isBlank()) {
      throw WickException.usage("A field path must not be empty; name a field such as 'user_id'.");
    }
    List<Step> steps = new ArrayList<>();
    int i = 0;
    int n = text.length();
    while (true) {
      int start = i;
      String name;
      boolean quoted = false;
      while (i < n && Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      if (i < n && text.charAt(i) == '`') {
        quoted = true;
        StringBuilder b = new StringBuilder();
        i++;
        while (true) {
          if (i >= n) {
            throw malformed(text, text.substring(start));
          }
          char c = text.charAt(i++);
          if (c == '`') {
            if (i < n && text.charAt(i) == '`') {
              b.append('`');
              i++;
            } else {
              break;
            }
          } else {
            b.append(c);
          }
        }
        name = b.toString();
      } else {
        int end = i;
        while (end < n && text.charAt(end) != '.' && text.charAt(end) != '`') {
          end++;
        }
        name = text.substring(i, end);
        i = end;
      }
      Step.Kind kind = Step.Kind.FIELD;
      String rest = text.substring(i);
      int dot = rest.indexOf('.');
      String tail = (dot < 0 ? rest : rest.substring(0, dot));
      if (quoted) {
        i += tail.length();
        tail = tail.strip();
      } else {
        String bare = name.strip();
        if (bare.endsWith("[]")) {
          tail = "[]";
          bare = bare.substring(0, bare.length() - 2);
        } else if (bare.endsWith("{}")) {
          tail = "{}";
          bare = bare.substring(0, bare.length() - 2);
        } else {
          tail = "";
        }
        name = bare.strip();
        if (name.isEmpty() || name.contains("[") || name.contains("{") || name.contains("]")) {
          throw malformed(text, text.substring(start, i));
        }
      }
      switch (tail) {
        case "" -> {}
        case "[]" -> kind = Step.Kind.ARRAY_ELEMENTS;
        case "{}" -> kind = Step.Kind.MAP_VALUES;
        default -> throw malformed(text, text.substring(start, i));
      }
      steps.add(new Step(name, kind));
      if (i >= n) {
        break;
      }
      if (text.charAt(i) != '.') {
        throw malformed(text, text.substring(start));
      }
      i++;
      if (i >= n) {
        throw malformed(text, "");
      }
    }
    return new FieldPath(steps);
  }

  private static WickException malformed(String text, String part) {
    return WickException.usage(
        "Field path '"
            + text
            + "' is malformed at '"
            + part
            + "'; write nested fields as a.b, array elements as a[], map values as m{}, and a name"
            + " with a dot or a backtick in backticks, a backtick doubled (`a.b`, `a``b`).");
  }

  /** {@code name} as a path writes it: in backticks when it needs them, else as it is. */
  public static String quote(String name) {
    boolean plain =
        !name.isEmpty()
            && name.strip().equals(name)
            && name.chars().noneMatch(c -> ".`[]{}".indexOf(c) >= 0);
    return plain ? name : "`" + name.replace("`", "``") + "`";
  }

  /** A path of plain field steps. */
  public static FieldPath of(String... names) {
    List<Step> steps = new ArrayList<>();
    for (String n : names) {
      steps.add(new Step(n, Step.Kind.FIELD));
    }
    return new FieldPath(steps);
  }

  public List<Step> steps() {
    return steps;
  }

  /** The last field name of the path. */
  public String leafName() {
    return steps.get(steps.size() - 1).name();
  }

  /** True when the path steps into no array or map: a plain (possibly nested) struct path. */
  public boolean isStructPath() {
    return steps.stream().allMatch(s -> s.kind() == Step.Kind.FIELD);
  }

  /** The path without its last step (empty for a path of one step). */
  public FieldPath parent() {
    return new FieldPath(steps.isEmpty() ? List.of() : steps.subList(0, steps.size() - 1));
  }

  /** A path with one more step. */
  public FieldPath child(Step step) {
    List<Step> next = new ArrayList<>(steps);
    next.add(step);
    return new FieldPath(next);
  }

  /** True if this path equals {@code other} or lies below it. */
  public boolean startsWith(FieldPath other) {
    if (other.steps.size() > steps.size()) {
      return false;
    }
    for (int i = 0; i < other.steps.size(); i++) {
      Step mine = steps.get(i);
      Step theirs = other.steps.get(i);
      boolean last = i == other.steps.size() - 1;
      if (!mine.name().equals(theirs.name())) {
        return false;
      }
      if (!last && mine.kind() != theirs.kind()) {
        return false;
      }
      if (last && theirs.kind() != Step.Kind.FIELD && mine.kind() != theirs.kind()) {
        return false;
      }
    }
    return true;
  }

  /** Resolves this path against a schema, failing with a message naming the unresolved step. */
  public ResolvedPath resolve(Schema schema) {
    List<Field> fields = schema.fields();
    String where = "the schema " + schema.name();
    DataType type = null;
    Field field = null;
    boolean nullable = false;
    boolean repeated = false;
    StringBuilder walked = new StringBuilder();
    // The records entered so far, by full name: where a reference (a recursive field) leads.
    Map<String, RecordType> entered = new HashMap<>();
    entered.put(schema.root().fullName(), schema.root());
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      if (fields == null) {
        throw WickException.usage(
            "Field '"
                + this
                + "' does not resolve: '"
                + walked
                + "' is a "
                + type.describe()
                + ", which has no field '"
                + quote(step.name())
                + "'.");
      }
      field = find(fields, step.name());
      if (field == null) {
        throw WickException.usage(
            "Field '"
                + this
                + "' does not resolve: "
                + where
                + " has no field '"
                + quote(step.name())
                + "'"
                + dotted(i, fields).orElse(suggestions(step.name(), fields))
                + ".");
      }
      if (walked.length() > 0) {
        walked.append('.');
      }
      walked.append(quote(step.name()));
      type = field.type();
      nullable |= field.nullable();
      switch (step.kind()) {
        case ARRAY_ELEMENTS -> {
          if (!(type instanceof ArrayType a)) {
            throw WickException.usage(
                "Field '"
                    + this
                    + "' does not resolve: '"
                    + walked
                    + "' is a "
                    + type.describe()
                    + ", not an array, so '[]' cannot step into it.");
          }
          type = a.element();
          nullable |= a.containsNull();
          repeated = true;
          walked.append("[]");
        }
        case MAP_VALUES -> {
          if (!(type instanceof MapType m)) {
            throw WickException.usage(
                "Field '"
                    + this
                    + "' does not resolve: '"
                    + walked
                    + "' is a "
                    + type.describe()
                    + ", not a map, so '{}' cannot step into it.");
          }
          type = m.value();
          nullable |= m.valueContainsNull();
          repeated = true;
          walked.append("{}");
        }
        case FIELD -> {}
      }
      // A further step into a reference goes into the record it refers to; a path that ends on
      // the reference resolves to the reference itself.
      DataType inner = type;
      if (type instanceof RecordRef ref && entered.containsKey(ref.fullName())) {
        inner = entered.get(ref.fullName());
      }
      if (inner instanceof RecordType r) {
        entered.put(r.fullName(), r);
        fields = r.fields();
        where = "record '" + walked + "'";
      } else {
        fields = null;
      }
    }
    return new ResolvedPath(this, field, type, nullable, repeated);
  }

  private static Field find(List<Field> fields, String name) {
    for (Field f : fields) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    return null;
  }

  /**
   * When steps {@code i..j} of this path, joined by dots, name one of {@code fields} (a field with
   * a dot in its name, written without backticks): the advice to write it in backticks.
   */
  private java.util.Optional<String> dotted(int i, List<Field> fields) {
    StringBuilder name = new StringBuilder(steps.get(i).name());
    for (int j = i + 1; j < steps.size(); j++) {
      if (steps.get(j - 1).kind() != Step.Kind.FIELD) {
        break;
      }
      name.append('.').append(steps.get(j).name());
      if (find(fields, name.toString()) != null) {
        List<Step> fixed = new ArrayList<>(steps.subList(0, i));
        fixed.add(new Step(name.toString(), steps.get(j).kind()));
        fixed.addAll(steps.subList(j + 1, steps.size()));
        return java.util.Optional.of(
            "; a name with a dot is written in backticks, as '" + new FieldPath(fixed) + "'");
      }
    }
    return java.util.Optional.empty();
  }

  private static String suggestions(String name, List<Field> fields) {
    List<String> nearest = DidYouMean.nearest(name, fields.stream().map(Field::name).toList(), 3);
    if (nearest.isEmpty()) {
      return " (it has no fields)";
    }
    return "; did you mean '"
        + quote(nearest.get(0))
        + "'? The nearest names are "
        + nearest.stream().map(n -> "'" + quote(n) + "'").collect(Collectors.joining(", "));
  }

  /** Every path of a schema (records descended, arrays and maps stepped into), depth first. */
  static List<ResolvedPath> enumerate(Schema schema) {
    List<ResolvedPath> out = new ArrayList<>();
    walk(new FieldPath(List.of()), schema.fields(), false, false, out, 0);
    return out;
  }

  private static void walk(
      FieldPath prefix,
      List<Field> fields,
      boolean nullable,
      boolean repeated,
      List<ResolvedPath> out,
      int depth) {
    for (Field f : fields) {
      FieldPath here = prefix.child(new Step(f.name(), Step.Kind.FIELD));
      boolean n = nullable || f.nullable();
      out.add(new ResolvedPath(here, f, f.type(), n, repeated));
      descend(prefix, f, f.type(), n, repeated, out, depth);
    }
  }

  private static void descend(
      FieldPath prefix,
      Field f,
      DataType type,
      boolean nullable,
      boolean repeated,
      List<ResolvedPath> out,
      int depth) {
    if (depth > 32) {
      return;
    }
    if (type instanceof RecordType r) {
      walk(
          prefix.child(new Step(f.name(), Step.Kind.FIELD)),
          r.fields(),
          nullable,
          repeated,
          out,
          depth + 1);
    } else if (type instanceof ArrayType a) {
      FieldPath elements = prefix.child(new Step(f.name(), Step.Kind.ARRAY_ELEMENTS));
      boolean n = nullable || a.containsNull();
      out.add(new ResolvedPath(elements, f, a.element(), n, true));
      if (a.element() instanceof RecordType r) {
        walk(elements, r.fields(), n, true, out, depth + 1);
      }
    } else if (type instanceof MapType m) {
      FieldPath values = prefix.child(new Step(f.name(), Step.Kind.MAP_VALUES));
      boolean n = nullable || m.valueContainsNull();
      out.add(new ResolvedPath(values, f, m.value(), n, true));
      if (m.value() instanceof RecordType r) {
        walk(values, r.fields(), n, true, out, depth + 1);
      }
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FieldPath p && p.steps.equals(steps);
  }

  @Override
  public int hashCode() {
    return Objects.hash(steps);
  }

  @Override
  public String toString() {
    return steps.stream().map(Step::toString).collect(Collectors.joining("."));
  }
}
