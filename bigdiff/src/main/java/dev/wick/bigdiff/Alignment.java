package dev.wick.bigdiff;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.ResolvedPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The two sides' schemas lined up: the key fields, the compared fields (their common part, minus
 * keys and ignored fields) broken into leaves, and what only one side has. Everything here is
 * checked on the schemas alone, before any Spark job runs. One concept past 500 lines: every
 * refusal a pair of schemas can earn is decided here, together, so that a diff never starts on a
 * pair it would refuse later.
 */
final class Alignment {

  /**
   * A key field and the column it becomes in the {@code keys/} output; {@code nullable} when either
   * side may hold a null there.
   */
  record KeyField(FieldPath path, DataType type, String column, boolean nullable) {}

  /**
   * A compared value: a path through records that ends on a primitive, an array or a map, or the
   * presence (null or not) of a nullable record.
   *
   * @param type the compared (common) type
   * @param lhsType the type on the left-hand side (may hold fields the right lacks)
   * @param rhsType the type on the right-hand side
   */
  record Leaf(FieldPath path, DataType type, DataType lhsType, DataType rhsType, boolean presence) {
    String name() {
      return path.toString();
    }
  }

  /**
   * A compared array of records whose elements match by an element key: the array's leaf, the key
   * (a path inside the element), the leaf that stands for an element on one side only ({@code
   * plays[]}) and the element's compared fields ({@code plays[].ms_played}, key excluded).
   */
  record KeyedArray(Leaf array, FieldPath elementKey, Leaf elements, List<Leaf> fields) {
    KeyedArray {
      fields = List.copyOf(fields);
    }

    /** Every reported field of the elements: the one-sided elements, then the element fields. */
    List<Leaf> reported() {
      List<Leaf> out = new ArrayList<>(List.of(elements));
      out.addAll(fields);
      return out;
    }
  }

  private static final Set<String> RESERVED_COLUMNS = Set.of("diff", "fields");

  final List<KeyField> keys;
  final List<Leaf> leaves;
  final List<KeyedArray> keyedArrays;
  final Schema common;
  final SchemaDifference difference;
  final Rules rules;

  private Alignment(
      List<KeyField> keys,
      List<Leaf> leaves,
      Schema common,
      SchemaDifference difference,
      Rules rules,
      List<KeyedArray> keyedArrays) {
    this.keys = List.copyOf(keys);
    this.leaves = List.copyOf(leaves);
    this.keyedArrays = List.copyOf(keyedArrays);
    this.common = common;
    this.difference = difference;
    this.rules = rules;
  }

  /**
   * Lines up both schemas under {@code o}; {@code dropped} are ignored top-level columns already
   * removed from both sides (known to exist).
   */
  static Alignment of(Schema lhs, Schema rhs, DiffOptions o, Set<FieldPath> dropped) {
    List<KeyField> keys = keys(lhs, rhs, o);
    Set<FieldPath> keyPaths = keys.stream().map(KeyField::path).collect(Collectors.toSet());
    for (FieldPath ignored : o.ignored()) {
      if (dropped.contains(ignored)) {
        continue;
      }
      resolveOnEither(lhs, rhs, ignored, "Ignored field");
      for (FieldPath k : keyPaths) {
        if (k.startsWith(ignored)) {
          throw WickException.usage(
                  "Ignored field '"
                      + ignored
                      + "' holds the key field '"
                      + k
                      + "'; keys cannot be ignored, drop it from the ignored fields.")
              .about("ignore", "the ignored fields");
        }
      }
    }
    Walk walk = new Walk(keyPaths, o.ignored());
    List<Field> commonFields = walk.record(lhs.fields(), rhs.fields(), null);
    Schema common = Schema.of("compared", commonFields);
    Rules rules = rules(common, o);
    List<Leaf> leaves = new ArrayList<>();
    leaves(common.fields(), null, lhs, rhs, leaves);
    SchemaDifference difference =
        new SchemaDifference(
            leaves.stream().map(Leaf::name).toList(),
            walk.onlyLhs,
            walk.onlyRhs,
            walk.typeChanges,
            walk.nullabilityChanges,
            walk.renames,
            o.ignored().stream().map(FieldPath::toString).toList());
    return new Alignment(
        keys, leaves, common, difference, rules, keyedArrays(leaves, rules, lhs, rhs));
  }

  /** The keyed array of a leaf, when its elements match by key. */
  Optional<KeyedArray> keyedArray(Leaf leaf) {
    return keyedArrays.stream().filter(k -> k.array().equals(leaf)).findFirst();
  }

  private static List<KeyedArray> keyedArrays(
      List<Leaf> leaves, Rules rules, Schema lhs, Schema rhs) {
    List<KeyedArray> out = new ArrayList<>();
    for (Leaf leaf : leaves) {
      Optional<FieldPath> key = leaf.presence() ? Optional.empty() : rules.elementKey(leaf.path());
      if (key.isEmpty()) {
        continue;
      }
      RecordType element = (RecordType) ((ArrayType) leaf.type()).element();
      FieldPath elements = elements(leaf.path(), true);
      FieldPath keyPath = FieldPath.parse(elements + "." + key.get());
      List<Leaf> fields = new ArrayList<>();
      leaves(element.fields(), elements, lhs, rhs, fields);
      fields.removeIf(f -> f.path().equals(keyPath));
      Leaf one = new Leaf(elements, element, element, element, false);
      out.add(new KeyedArray(leaf, key.get(), one, fields));
    }
    return out;
  }

  // ------------------------------------------------------------------ keys

  private static List<KeyField> keys(Schema lhs, Schema rhs, DiffOptions o) {
    Set<FieldPath> seen = new HashSet<>();
    Set<String> columns = new HashSet<>();
    List<KeyField> out = new ArrayList<>();
    for (FieldPath path : o.keys()) {
      if (!seen.add(path)) {
        throw WickException.usage(
            "Key field '" + path + "' is named twice; list each key field once.");
      }
      if (!path.isStructPath()) {
        throw WickException.usage(
            "Key field '"
                + path
                + "' steps into an array or map; a key must be a plain field (a or a.b).");
      }
      ResolvedPath l = resolveKey(lhs, path, o.labels().lhs());
      ResolvedPath r = resolveKey(rhs, path, o.labels().rhs());
      if (l.type() instanceof RecordType
          || l.type() instanceof ArrayType
          || l.type() instanceof MapType) {
        throw WickException.usage(
            "Key field '"
                + path
                + "' is a "
                + l.type().describe()
                + "; a key must be a plain value (number, string, date, ...), so name its"
                + " parts instead.");
      }
      if (!storage(l.type(), path).equals(storage(r.type(), path))) {
        throw WickException.usage(
            "Key field '"
                + path
                + "' is "
                + l.type().describe()
                + " in the "
                + o.labels().lhs()
                + " but "
                + r.type().describe()
                + " in the "
                + o.labels().rhs()
                + "; cast one side so that the keys can match.");
      }
      String column = path.toString().replaceAll("[^A-Za-z0-9_]", "_");
      if (Character.isDigit(column.charAt(0))) {
        column = "_" + column;
      }
      while (RESERVED_COLUMNS.contains(column) || columns.contains(column)) {
        column = "key_" + column;
      }
      columns.add(column);
      out.add(new KeyField(path, l.type(), column, l.nullable() || r.nullable()));
    }
    return out;
  }

  private static ResolvedPath resolveKey(Schema schema, FieldPath path, String label) {
    try {
      return schema.resolve(path);
    } catch (WickException e) {
      throw WickException.usage(
          "Key field '" + path + "' is not in the " + label + ": " + e.getMessage(), e);
    }
  }

  private static void resolveOnEither(Schema lhs, Schema rhs, FieldPath path, String what) {
    try {
      lhs.resolve(path);
    } catch (WickException onLeft) {
      try {
        rhs.resolve(path);
      } catch (WickException onRight) {
        throw WickException.usage(
            what + " '" + path + "' is on neither side: " + onLeft.getMessage(), onLeft);
      }
    }
  }

  // ------------------------------------------------------------------ common schema

  /** Walks both schemas in step, collecting the common part and what differs. */
  private static final class Walk {
    final Set<FieldPath> keys;
    final List<FieldPath> ignored;
    final List<String> onlyLhs = new ArrayList<>();
    final List<String> onlyRhs = new ArrayList<>();
    final List<SchemaDifference.TypeChange> typeChanges = new ArrayList<>();
    final List<SchemaDifference.NullabilityChange> nullabilityChanges = new ArrayList<>();
    final List<SchemaDifference.Rename> renames = new ArrayList<>();

    Walk(Set<FieldPath> keys, List<FieldPath> ignored) {
      this.keys = keys;
      this.ignored = ignored;
    }

    List<Field> record(List<Field> left, List<Field> right, FieldPath prefix) {
      Map<String, Field> rightByName = new HashMap<>();
      right.forEach(f -> rightByName.put(f.name(), f));
      Set<String> leftNames = new LinkedHashSet<>();
      List<Field> out = new ArrayList<>();
      Map<String, FieldPath> leftOnly = new LinkedHashMap<>();
      for (Field l : left) {
        leftNames.add(l.name());
        FieldPath path = child(prefix, l.name());
        if (isIgnored(path) || keys.contains(path)) {
          continue;
        }
        Field r = rightByName.get(l.name());
        if (r == null) {
          onlyLhs.add(path.toString());
          leftOnly.put(l.name(), path);
          continue;
        }
        if (l.nullable() != r.nullable()) {
          nullabilityChanges.add(
              new SchemaDifference.NullabilityChange(path.toString(), l.nullable(), r.nullable()));
        }
        Optional<DataType> type = common(l.type(), r.type(), path);
        if (type.isPresent()) {
          out.add(l.withType(type.get()).withNullable(l.nullable() || r.nullable()));
        }
      }
      for (Field r : right) {
        FieldPath path = child(prefix, r.name());
        if (!leftNames.contains(r.name()) && !isIgnored(path) && !keys.contains(path)) {
          onlyRhs.add(path.toString());
          for (Map.Entry<String, FieldPath> l : leftOnly.entrySet()) {
            if (looseName(l.getKey()).equals(looseName(r.name()))) {
              renames.add(new SchemaDifference.Rename(l.getValue().toString(), path.toString()));
              leftOnly.remove(l.getKey());
              break;
            }
          }
        }
      }
      return out;
    }

    /** A name without case, underscores and dashes: what a likely rename keeps. */
    private static String looseName(String name) {
      return name.replaceAll("[_\\-]", "").toLowerCase(Locale.ROOT);
    }

    /** The common type at {@code path}; empty when nothing is left to compare or on mismatch. */
    Optional<DataType> common(DataType l, DataType r, FieldPath path) {
      if (l instanceof RecordType lr && r instanceof RecordType rr) {
        List<Field> fields = record(lr.fields(), rr.fields(), path);
        return fields.isEmpty()
            ? Optional.empty()
            : Optional.of(new RecordType(lr.name(), lr.namespace(), lr.doc(), fields));
      }
      if (l instanceof ArrayType la && r instanceof ArrayType ra) {
        return common(la.element(), ra.element(), elements(path, true))
            .map(e -> new ArrayType(e, la.containsNull() || ra.containsNull()));
      }
      if (l instanceof MapType lm && r instanceof MapType rm) {
        if (!storage(lm.key(), path).equals(storage(rm.key(), path))) {
          typeChanges.add(change(path, l, r, false));
          return Optional.empty();
        }
        return common(lm.value(), rm.value(), elements(path, false))
            .map(v -> new MapType(lm.key(), v, lm.valueContainsNull() || rm.valueContainsNull()));
      }
      boolean container =
          l instanceof RecordType
              || l instanceof ArrayType
              || l instanceof MapType
              || r instanceof RecordType
              || r instanceof ArrayType
              || r instanceof MapType;
      if (!container && storage(l, path).equals(storage(r, path))) {
        return Optional.of(l);
      }
      Optional<DataType> wider = container ? Optional.empty() : Widening.wider(l, r);
      typeChanges.add(change(path, l, r, wider.isPresent()));
      return wider;
    }

    private static SchemaDifference.TypeChange change(
        FieldPath path, DataType l, DataType r, boolean compared) {
      return new SchemaDifference.TypeChange(path.toString(), l.describe(), r.describe(), compared);
    }

    private boolean isIgnored(FieldPath path) {
      return ignored.stream().anyMatch(path::startsWith);
    }
  }

  /** The Spark storage type, the one thing two values must share to be compared. */
  private static String storage(DataType type, FieldPath path) {
    return Schemas.toSpark(type, path.toString()).catalogString();
  }

  // ------------------------------------------------------------------ rules

  /** The options' rules, once every path they name is checked against the common schema. */
  private static Rules rules(Schema common, DiffOptions o) {
    Rules rules = o.rules();
    Set<FieldPath> unordered = new HashSet<>();
    for (FieldPath p : rules.unordered()) {
      ResolvedPath r = resolveCompared(common, p, "Unordered field");
      if (!(r.type() instanceof ArrayType) || !p.equals(r.path()) || !p.isStructPath()) {
        throw WickException.usage(
                "Unordered field '"
                    + p
                    + "' is a "
                    + r.type().describe()
                    + ", not an array field; unordered comparison applies to arrays (name the array"
                    + " field itself, such as tags).")
            .about("unordered", "unordered comparison");
      }
      if (Rules.containsMap(((ArrayType) r.type()).element())) {
        throw WickException.usage(
            "Unordered field '"
                + p
                + "' holds maps, which have no order to sort them by; compare it in order"
                + " or ignore it.");
      }
      unordered.add(p);
    }
    for (Map.Entry<FieldPath, FieldPath> e : rules.elementKeys().entrySet()) {
      checkElementKey(common, e.getKey(), e.getValue(), unordered);
    }
    checkTolerances(common, rules.builtins(AbsoluteTolerance.class).keySet(), "Tolerance");
    checkTolerances(common, rules.builtins(RelativeTolerance.class).keySet(), "Relative tolerance");
    checkHolds(
        common,
        rules.builtins(TimeTolerance.class).keySet(),
        "Tolerance",
        Rules::isTime,
        "dates or timestamps",
        "time tolerances apply to date and timestamp fields");
    checkHolds(
        common,
        rules.builtins(IgnoreCase.class).keySet(),
        "Case-insensitive field",
        Rules::isText,
        "strings",
        "ignoring case applies to string fields");
    checkHolds(
        common,
        rules.builtins(TrimWhitespace.class).keySet(),
        "Whitespace-trimmed field",
        Rules::isText,
        "strings",
        "trimming applies to string fields");
    for (FieldPath p : rules.fieldComparators().keySet()) {
      resolveCompared(common, p, "Comparator field");
    }
    for (Field f : common.fields()) {
      Rules.contains(
          f.type(),
          t -> {
            if (rules.byType().get(t.getClass()) instanceof Builtin b && !b.appliesTo(t)) {
              throw WickException.usage(
                  "Comparator for "
                      + t.getClass().getSimpleName()
                      + " cannot apply: "
                      + b
                      + " does not compare "
                      + t.describe()
                      + " values; register it for a type it compares.");
            }
            return false;
          });
    }
    return rules;
  }

  private static void checkHolds(
      Schema common,
      Set<FieldPath> paths,
      String what,
      java.util.function.Predicate<DataType> test,
      String values,
      String rule) {
    for (FieldPath p : paths) {
      ResolvedPath r = resolveCompared(common, p, what);
      if (!Rules.contains(r.type(), test)) {
        throw WickException.usage(
            what
                + " '"
                + p
                + "' cannot apply: it is a "
                + r.type().describe()
                + " with no "
                + values
                + "; "
                + rule
                + ".");
      }
    }
  }

  private static void checkElementKey(
      Schema common, FieldPath array, FieldPath key, Set<FieldPath> unordered) {
    ResolvedPath r = resolveCompared(common, array, "Unordered field");
    if (!(r.type() instanceof ArrayType a)
        || !(a.element() instanceof RecordType element)
        || !array.equals(r.path())) {
      throw WickException.usage(
          "Unordered field '"
              + array
              + ":"
              + key
              + "' names a "
              + r.type().describe()
              + ", not an array of records; an element key applies to an array of records"
              + " (such as plays:track_id).");
    }
    if (unordered.contains(array)) {
      throw WickException.usage(
          "Array '"
              + array
              + "' is unordered both as a whole and by the element key '"
              + key
              + "'; name it once.");
    }
    DataType keyType;
    try {
      keyType = key.resolve(Schema.of("element", element.fields())).type();
    } catch (WickException e) {
      throw WickException.usage(
          "Element key '"
              + key
              + "' is not a compared field of the elements of '"
              + array
              + "' ("
              + e.getMessage()
              + ")",
          e);
    }
    if (keyType instanceof RecordType
        || keyType instanceof ArrayType
        || keyType instanceof MapType) {
      throw WickException.usage(
          "Element key '"
              + key
              + "' of '"
              + array
              + "' is a "
              + keyType.describe()
              + "; an element key must be a plain value (number, string, date, ...).");
    }
  }

  private static void checkTolerances(Schema common, Set<FieldPath> paths, String what) {
    for (FieldPath p : paths) {
      ResolvedPath r = resolveCompared(common, p, what + " field");
      if (!Rules.containsNumber(r.type())) {
        throw WickException.usage(
            what
                + " on '"
                + p
                + "' cannot apply: it is a "
                + r.type().describe()
                + " with no numbers; tolerances apply to numeric fields.");
      }
    }
  }

  private static ResolvedPath resolveCompared(Schema common, FieldPath path, String what) {
    try {
      return common.resolve(path);
    } catch (WickException e) {
      throw WickException.usage(
          what + " '" + path + "' is not a compared field (" + e.getMessage() + ")", e);
    }
  }

  // ------------------------------------------------------------------ leaves

  private static void leaves(
      List<Field> fields, FieldPath prefix, Schema lhs, Schema rhs, List<Leaf> out) {
    for (Field f : fields) {
      FieldPath path = child(prefix, f.name());
      if (f.type() instanceof RecordType r) {
        if (f.nullable()) {
          out.add(new Leaf(path, f.type(), f.type(), f.type(), true));
        }
        leaves(r.fields(), path, lhs, rhs, out);
      } else {
        out.add(
            new Leaf(path, f.type(), lhs.resolve(path).type(), rhs.resolve(path).type(), false));
      }
    }
  }

  static FieldPath child(FieldPath prefix, String name) {
    FieldPath.Step step = new FieldPath.Step(name, FieldPath.Step.Kind.FIELD);
    return prefix == null ? FieldPath.of(name) : prefix.child(step);
  }

  /** The path of an array's elements ({@code a[]}) or a map's values ({@code m{}}). */
  static FieldPath elements(FieldPath path, boolean array) {
    List<FieldPath.Step> steps = path.steps();
    if (steps.get(steps.size() - 1).kind() != FieldPath.Step.Kind.FIELD) {
      return path; // an array of arrays: the inner elements share the outer path
    }
    return FieldPath.parse(path + (array ? "[]" : "{}"));
  }
}
