package dev.wick.testkit.generators.internal;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.BooleanType;
import dev.wick.core.schema.DataType.BytesType;
import dev.wick.core.schema.DataType.DateType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.DoubleType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.FixedType;
import dev.wick.core.schema.DataType.FloatType;
import dev.wick.core.schema.DataType.IntType;
import dev.wick.core.schema.DataType.LongType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.Precision;
import dev.wick.core.schema.DataType.RecordRef;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.DataType.StringType;
import dev.wick.core.schema.DataType.TimeType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.schema.DataType.UnionType;
import dev.wick.core.schema.DataType.UuidType;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.FieldPath.Step;
import dev.wick.core.schema.JavaValues;
import dev.wick.core.schema.ResolvedPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.SemanticSpec;
import dev.wick.core.validation.SemanticType;
import dev.wick.core.validation.SemanticTypes;
import dev.wick.core.validation.Validated;
import dev.wick.testkit.generators.internal.Domain.Binary;
import dev.wick.testkit.generators.internal.Domain.Choice;
import dev.wick.testkit.generators.internal.Domain.Decimal;
import dev.wick.testkit.generators.internal.Domain.Drawn;
import dev.wick.testkit.generators.internal.Domain.Filtered;
import dev.wick.testkit.generators.internal.Domain.Floating;
import dev.wick.testkit.generators.internal.Domain.Integral;
import dev.wick.testkit.generators.internal.Domain.ListOf;
import dev.wick.testkit.generators.internal.Domain.MapOf;
import dev.wick.testkit.generators.internal.Domain.Mapped;
import dev.wick.testkit.generators.internal.Domain.Nullable;
import dev.wick.testkit.generators.internal.Domain.OneOf;
import dev.wick.testkit.generators.internal.Domain.Slot;
import dev.wick.testkit.generators.internal.Domain.Struct;
import dev.wick.testkit.generators.internal.Domain.Text;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Walks a model and its target's nodes together and composes the domains. An empty result means "no
 * value can be made here" (a recursion at its depth), which the nearest nullable field, array, map
 * or union absorbs. One concept past 500 lines: one walk over every type a model can hold, a case
 * per type.
 */
final class DomainBuilder {
  private static final long DAY_MIN = LocalDate.of(1, 1, 1).toEpochDay();
  private static final long DAY_MAX = LocalDate.of(9999, 12, 31).toEpochDay();
  private static final long DAY_TYPICAL_MAX = LocalDate.of(2050, 12, 31).toEpochDay();
  private static final long MICROS_MIN = -62_135_596_800_000_000L;
  private static final long MICROS_MAX = 253_402_300_799_999_999L;
  private static final long MICROS_TYPICAL_MAX = 2_556_143_999_999_999L; // 2050-12-31T23:59:59Z
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  /** Strings that break careless code: blanks, accents, CJK, emoji, control characters. */
  private static final List<String> TEXT_EDGE_CASES =
      List.of("", " ", "a", "null", "é", "日本語", "😀", "\t\n", "\u0000", "Ωmega ✓");

  private static final List<Double> DOUBLE_EDGE_CASES =
      List.of(
          0.0,
          -0.0,
          1.0,
          -1.0,
          Double.NaN,
          Double.POSITIVE_INFINITY,
          Double.NEGATIVE_INFINITY,
          Double.MIN_VALUE,
          Double.MAX_VALUE,
          -Double.MAX_VALUE);

  private static final List<Double> FLOAT_EDGE_CASES =
      List.of(
          0.0,
          -0.0,
          1.0,
          -1.0,
          Double.NaN,
          Double.POSITIVE_INFINITY,
          Double.NEGATIVE_INFINITY,
          (double) Float.MIN_VALUE,
          (double) Float.MAX_VALUE,
          (double) -Float.MAX_VALUE);

  private final ValueForm form;
  private final boolean slots;
  private final GenerationSettings settings;
  private final Map<FieldPath, SemanticType> semanticOverrides;
  private final Map<String, RecordType> enclosing = new HashMap<>();
  private final Map<String, Integer> levels = new HashMap<>();
  private UniqueKeys keys;
  private LikeProfile like;
  private Map<FieldPath, List<Object>> shared = Map.of();

  DomainBuilder(
      ValueForm form, GenerationSettings settings, Map<FieldPath, SemanticType> semanticOverrides) {
    this(form, settings, semanticOverrides, true);
  }

  /**
   * @param slots whether to mark field paths with {@link Slot}s (a backend that replaces no values
   *     draws faster without them)
   */
  DomainBuilder(
      ValueForm form,
      GenerationSettings settings,
      Map<FieldPath, SemanticType> semanticOverrides,
      boolean slots) {
    this.form = form;
    this.slots = slots;
    this.settings = settings;
    this.semanticOverrides = Map.copyOf(semanticOverrides);
  }

  /**
   * Makes the identifiers and key fields unique per record, the values follow a profile when the
   * task has one, and shared fields draw from their lists (bulk generation only).
   */
  /** Values follow {@code shape}'s profile, when not null (jqwik arbitraries). */
  DomainBuilder like(ProfileShape shape) {
    this.like = shape == null ? null : shape.drawing(0);
    return this;
  }

  DomainBuilder bulk(BulkShape.Task task) {
    this.keys = task.keys();
    this.like = task.like();
    this.shared = task.shared();
    return this;
  }

  Domain<Object> root(Schema schema, Object node) {
    Optional<Domain<Object>> root = record(schema.root(), node, FieldPath.of());
    if (root.isEmpty()) {
      throw WickException.usage(
          "Record "
              + schema.name()
              + " is recursive with no way to end: every path back to it goes through non-null"
              + " fields; make one of those fields nullable, an array, a map or a union branch.");
    }
    return root.get();
  }

  // ---------------------------------------------------------------- composites

  private Optional<Domain<Object>> record(RecordType r, Object node, FieldPath path) {
    String name = r.fullName();
    int level = levels.merge(name, 1, Integer::sum);
    if (level == 1) {
      enclosing.put(name, r);
    }
    try {
      List<Domain<?>> fields = new ArrayList<>();
      for (int i = 0; i < r.fields().size(); i++) {
        Field f = r.fields().get(i);
        FieldPath fieldPath = path == null ? null : path.child(new Step(f.name(), Step.Kind.FIELD));
        Optional<Domain<Object>> d =
            slot(
                fieldPath,
                f.type(),
                f.nullable(),
                f.semantic().map(Semantic::of).orElse(null),
                form.fieldNode(node, i),
                describe(path, f.name()));
        if (d.isEmpty()) {
          return Optional.empty();
        }
        fields.add(d.get());
      }
      return Optional.of(new Mapped<>(new Struct(fields), form.record(r, node)));
    } finally {
      if (levels.merge(name, -1, Integer::sum) == 0) {
        levels.remove(name);
        enclosing.remove(name);
      }
    }
  }

  private static String describe(FieldPath parent, String name) {
    return parent == null || parent.steps().isEmpty() ? name : parent + "." + name;
  }

  /** A field, array element or map value: nulls, semantic types and the slot for amendments. */
  private Optional<Domain<Object>> slot(
      FieldPath path,
      DataType type,
      boolean nullable,
      Semantic semantic,
      Object node,
      String where) {
    Domain<Object> unique = uniqueKey(path, type, semantic, where);
    if (unique != null) {
      // A key is never null: a null would repeat.
      Domain<Object> d = leaf(unique, type, node);
      return Optional.of(
          path == null || !slots
              ? d
              : new Slot<>(path, type, nullable, d, fromJava(type, nullable, node, where)));
    }
    Optional<Domain<Object>> value = value(type, node, path, semantic, where);
    Domain<Object> d;
    if (value.isEmpty()) {
      if (!nullable) {
        return Optional.empty();
      }
      d = new Domain.Constant<>(null);
    } else {
      double nulls = settings.nullProbability();
      if (like != null) {
        nulls = like.nullRate(path, type).orElse(nulls);
      }
      d = nullable && nulls > 0 ? new Nullable<>(value.get(), nulls) : value.get();
    }
    if (path == null || !slots) {
      return Optional.of(d);
    }
    return Optional.of(new Slot<>(path, type, nullable, d, fromJava(type, nullable, node, where)));
  }

  private Domain<Object> uniqueKey(FieldPath path, DataType type, Semantic semantic, String where) {
    if (keys == null || path == null || !isLeaf(type)) {
      return null;
    }
    if (like != null && !keys.isNamed(path) && like.repeats(path, type)) {
      return null; // an identifier that repeats in the profiled data follows the profile
    }
    SemanticType override = semanticOverrides.get(path);
    Semantic effective = override != null ? new Semantic(null, override) : semantic;
    return keys.domain(
        path,
        type,
        effective == null ? null : effective.name(),
        () -> effective.domain(this, type, where).draw(new java.util.SplittableRandom(0)),
        where);
  }

  private Optional<Domain<Object>> value(
      DataType type, Object node, FieldPath path, Semantic semantic, String where) {
    SemanticType override = path == null ? null : semanticOverrides.get(path);
    if (override != null) {
      semantic = new Semantic(null, override);
    }
    boolean container = type instanceof ArrayType || type instanceof MapType;
    List<Object> values = path == null ? null : shared.get(path);
    if (values != null) {
      int n = values.size();
      return Optional.of(
          leaf(
              new Domain.Drawn<>("values of " + where, r -> values.get(r.nextInt(n))), type, node));
    }
    if (like != null && path != null && isLeaf(type)) {
      Domain<Object> fresh = semantic != null ? semantic.domain(this, type, where) : null;
      Predicate<Object> valid = semantic != null ? semantic.validity(type, where) : null;
      Domain<Object> liked = like.leaf(path, type, fresh, valid);
      if (liked != null) {
        return Optional.of(leaf(liked, type, node));
      }
    }
    if (semantic != null && !container) {
      return Optional.of(leaf(semantic.domain(this, type, where), type, node));
    }
    if (isLeaf(type)) {
      return Optional.of(leaf(neutralLeaf(type, node), type, node));
    } else if (type instanceof ArrayType a) {
      Optional<Domain<Object>> element =
          slot(
              stepInto(path, Step.Kind.ARRAY_ELEMENTS),
              a.element(),
              a.containsNull(),
              semantic,
              form.elementNode(node),
              where + "[]");
      Function<List<Object>, Object> list = form.list(node);
      if (element.isEmpty()) {
        return Optional.of(
            new Mapped<>(new Domain.Constant<>(List.of()), list)); // a fresh one each
      }
      Domain<Long> sizes = like == null ? null : like.sizes(path, type);
      if (sizes != null) {
        Domain<Object> elements = element.get();
        return Optional.of(
            new Mapped<>(
                new Drawn<>(
                    "profiled list " + where,
                    r -> {
                      int n = (int) Math.min(Integer.MAX_VALUE, sizes.draw(r));
                      List<Object> out = new ArrayList<>(n);
                      for (int i = 0; i < n; i++) {
                        out.add(elements.draw(r));
                      }
                      return out;
                    }),
                list));
      }
      return Optional.of(
          new Mapped<>(
              new ListOf<>(
                  element.get(),
                  settings.minCollectionSize(),
                  settings.maxCollectionSize(),
                  settings.edgeCaseProbability()),
              list));
    } else if (type instanceof MapType m) {
      return Optional.of(map(m, node, path, semantic, where));
    } else if (type instanceof RecordType r) {
      return record(r, node, path);
    } else if (type instanceof RecordRef ref) {
      RecordType target = enclosing.get(ref.fullName());
      if (target == null) {
        throw WickException.usage(
            "Field '"
                + where
                + "' refers to record "
                + ref.fullName()
                + ", which does not enclose it; a reference must point at an enclosing record.");
      }
      if (levels.getOrDefault(ref.fullName(), 0) >= settings.maxDepth()) {
        return Optional.empty();
      }
      return record(target, node, path);
    } else if (type instanceof UnionType u) {
      List<Domain<?>> branches = new ArrayList<>();
      for (int i = 0; i < u.branches().size(); i++) {
        value(u.branches().get(i), form.branchNode(node, i), null, null, where)
            .ifPresent(branches::add);
      }
      if (branches.isEmpty()) {
        return Optional.empty();
      }
      @SuppressWarnings({"unchecked", "rawtypes"})
      Domain<Object> oneOf = new OneOf(branches);
      return Optional.of(oneOf);
    }
    throw new IllegalStateException("unhandled data type " + type);
  }

  private Domain<Object> map(
      MapType m, Object node, FieldPath path, Semantic semantic, String where) {
    if (!isLeaf(m.key())) {
      throw WickException.usage(
          "Field '"
              + where
              + "' is a map with "
              + m.key().describe()
              + " keys; Wick generates maps whose keys are plain values (strings, numbers, dates).");
    }
    Object keyNode = form.keyNode(node);
    Domain<Object> key = leaf(neutralLeaf(m.key(), keyNode), m.key(), keyNode);
    Optional<Domain<Object>> value =
        slot(
            stepInto(path, Step.Kind.MAP_VALUES),
            m.value(),
            m.valueContainsNull(),
            semantic,
            form.valueNode(node),
            where + "{}");
    Function<Map<Object, Object>, Object> map = form.map(node);
    if (value.isEmpty()) {
      return new Mapped<>(new Domain.Constant<>(Map.of()), map); // a fresh one each
    }
    int min = settings.minCollectionSize();
    int max = settings.maxCollectionSize();
    long distinctKeys = distinctValues(m.key());
    Domain<Long> sizes = like == null ? null : like.sizes(path, m);
    if (sizes != null) {
      Domain<Object> values = value.get();
      return new Mapped<>(
          new Drawn<>(
              "profiled map " + where,
              r -> {
                long n = Math.min(distinctKeys, sizes.draw(r));
                Map<Object, Object> out = new LinkedHashMap<>();
                for (int attempt = 0; out.size() < n && attempt < n * 8; attempt++) {
                  Object k = key.draw(r);
                  if (!out.containsKey(k)) {
                    out.put(k, values.draw(r));
                  }
                }
                return out;
              }),
          map);
    }
    if (distinctKeys < max) {
      max = (int) distinctKeys;
      min = Math.min(min, max);
    }
    return new Mapped<>(
        new MapOf<>(key, value.get(), min, max, settings.edgeCaseProbability()), map);
  }

  private static long distinctValues(DataType type) {
    if (type instanceof BooleanType) {
      return 2;
    } else if (type instanceof EnumType e) {
      return e.symbols().size();
    } else if (type instanceof FixedType f && f.size() < 4) {
      return 1L << (8 * f.size());
    }
    return Long.MAX_VALUE;
  }

  /** The path of an array's elements or a map's values: {@code a} becomes {@code a[]}. */
  private static FieldPath stepInto(FieldPath fieldPath, Step.Kind kind) {
    if (fieldPath == null || fieldPath.steps().isEmpty()) {
      return null;
    }
    List<Step> steps = fieldPath.steps();
    Step last = steps.get(steps.size() - 1);
    if (last.kind() != Step.Kind.FIELD) {
      return null; // an array of arrays: the inner elements have no path of their own
    }
    FieldPath out = FieldPath.of();
    for (int i = 0; i < steps.size() - 1; i++) {
      out = out.child(steps.get(i));
    }
    return out.child(new Step(last.name(), kind));
  }

  // ---------------------------------------------------------------- leaves

  private static boolean isLeaf(DataType type) {
    return SchemaDomains.isLeaf(type);
  }

  /** A leaf domain in Wick's Java form, converted to the target's form. */
  private Domain<Object> leaf(Domain<?> neutral, DataType type, Object node) {
    Function<Object, Object> convert = node == null ? null : form.leaf(type, node);
    @SuppressWarnings("unchecked")
    Domain<Object> d = (Domain<Object>) neutral;
    if (convert != null && !slots && d instanceof Choice<Object> choice) {
      // For bulk draws, convert a few symbols once rather than each drawn value. (Not for jqwik,
      // which memoizes by equal values, and Avro enum symbols equal across enums.)
      return new Choice<>(choice.values().stream().map(convert).toList());
    }
    return convert == null ? d : new Mapped<>(d, convert);
  }

  /**
   * The domain of a leaf type in Wick's Java form (strings as UTF-8 bytes when the form holds them
   * so).
   */
  Domain<Object> neutralLeaf(DataType type, Object node) {
    double edge = settings.edgeCaseProbability();
    Domain<?> d;
    if (type instanceof BooleanType) {
      d = new Choice<>(List.of(Boolean.FALSE, Boolean.TRUE));
    } else if (type instanceof IntType) {
      long[] range = form.intRange(node);
      d =
          new Mapped<>(
              new Integral(range[0], range[1], -1000, 1000, integralEdges(range), edge),
              Long::intValue);
    } else if (type instanceof LongType) {
      long[] range = {Long.MIN_VALUE, Long.MAX_VALUE};
      d = new Integral(range[0], range[1], -100_000, 100_000, integralEdges(range), edge);
    } else if (type instanceof FloatType) {
      d = new Mapped<>(new Floating(FLOAT_EDGE_CASES, edge), Double::floatValue);
    } else if (type instanceof DoubleType) {
      d = new Floating(DOUBLE_EDGE_CASES, edge);
    } else if (type instanceof StringType) {
      int max = Math.min(settings.maxStringLength(), form.maxTextLength(node));
      int min = Math.min(settings.minStringLength(), max);
      Text text = new Text(min, max, Text.DEFAULT_RANGES, TEXT_EDGE_CASES, edge);
      d = form.utf8Strings() ? new Domain.Utf8(text) : text;
    } else if (type instanceof UuidType) {
      d = new Mapped<>(new Binary(16, 16, edge), DomainBuilder::uuid);
    } else if (type instanceof BytesType) {
      d = new Binary(settings.minStringLength(), settings.maxStringLength(), edge);
    } else if (type instanceof FixedType f) {
      d = new Binary(f.size(), f.size(), edge);
    } else if (type instanceof DecimalType dec) {
      BigDecimal max =
          new BigDecimal(BigInteger.TEN.pow(dec.precision()).subtract(BigInteger.ONE), dec.scale());
      BigDecimal step = BigDecimal.ONE.movePointLeft(dec.scale());
      d =
          new Decimal(
              dec.precision(),
              dec.scale(),
              List.of(BigDecimal.ZERO.setScale(dec.scale()), max, max.negate(), step),
              edge);
    } else if (type instanceof DateType) {
      d =
          new Mapped<>(
              new Integral(
                  DAY_MIN,
                  DAY_MAX,
                  0,
                  DAY_TYPICAL_MAX,
                  List.of(0L, DAY_MIN, DAY_MAX, LocalDate.of(2000, 2, 29).toEpochDay(), -1L),
                  edge),
              LocalDate::ofEpochDay);
    } else if (type instanceof TimeType t) {
      boolean millis = t.precision() == Precision.MILLIS;
      long max = millis ? MICROS_PER_DAY / 1000 - 1 : MICROS_PER_DAY - 1;
      Integral day = new Integral(0, max, 0, max, List.of(0L, max, (max + 1) / 2), edge);
      d = millis ? new Mapped<>(day, Long::intValue) : day;
    } else if (type instanceof TimestampType t) {
      long unit = t.precision() == Precision.MILLIS ? 1000 : 1;
      Integral instants =
          new Integral(
              MICROS_MIN / unit,
              MICROS_MAX / unit,
              0,
              MICROS_TYPICAL_MAX / unit,
              List.of(0L, MICROS_MIN / unit, MICROS_MAX / unit, -1L),
              edge);
      d =
          t.utcAdjusted()
              ? new Mapped<>(instants, v -> instant(v, unit))
              : new Mapped<>(
                  instants, v -> LocalDateTime.ofInstant(instant(v, unit), ZoneOffset.UTC));
    } else if (type instanceof EnumType e) {
      d = new Choice<>(e.symbols());
    } else {
      throw new IllegalArgumentException(type.describe() + " is not a leaf type");
    }
    @SuppressWarnings("unchecked")
    Domain<Object> out = (Domain<Object>) d;
    return out;
  }

  private static List<Long> integralEdges(long[] range) {
    return List.of(range[0], range[1], 0L, 1L, -1L);
  }

  private static Instant instant(long value, long microsPerUnit) {
    long micros = value * microsPerUnit;
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000);
  }

  /** A version 4 UUID from 16 bytes (all zeros make the smallest one). */
  private static String uuid(byte[] b) {
    long hi = 0;
    long lo = 0;
    for (int i = 0; i < 8; i++) {
      hi = (hi << 8) | (b[i] & 0xFF);
      lo = (lo << 8) | (b[i + 8] & 0xFF);
    }
    hi = (hi & ~0xF000L) | 0x4000L;
    lo = (lo & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
    return new UUID(hi, lo).toString();
  }

  // ---------------------------------------------------------------- semantic types

  /** A semantic type from the schema (by spec) or given by path (as an instance). */
  private record Semantic(SemanticSpec spec, SemanticType type) {
    static Semantic of(SemanticSpec spec) {
      return new Semantic(spec, null);
    }

    String name() {
      return spec != null ? spec.name() : type.name();
    }

    Domain<Object> domain(DomainBuilder builder, DataType storage, String where) {
      return type != null
          ? builder.semanticDomain(type, storage, where)
          : builder.semanticDomain(spec, storage, where);
    }

    /**
     * Whether a Java-form value is valid for this semantic type, or null when only the type's own
     * value class can tell (a value type no registered semantic type describes).
     */
    Predicate<Object> validity(DataType storage, String where) {
      SemanticType resolved = type;
      if (resolved == null) {
        if (spec.name().equals(VALUE_TYPE) && !SemanticTypes.names().contains(VALUE_TYPE)) {
          return null;
        }
        resolved = SemanticTypes.resolve(spec, storage, where);
      }
      SemanticType checking = resolved;
      return value -> checking.check(value).isEmpty();
    }
  }

  /** The Java-form values of one leaf field, with its semantic type (for shared values). */
  Domain<Object> javaValues(ResolvedPath resolved) {
    String where = resolved.path().toString();
    DataType type = resolved.type();
    if (!isLeaf(type)) {
      throw WickException.usage(
          "Field '"
              + where
              + "' is a "
              + type.describe()
              + "; shared values must be of a plain type such as a string, a number or a date.");
    }
    SemanticType override = semanticOverrides.get(resolved.path());
    if (override != null) {
      return semanticDomain(override, type, where);
    }
    Optional<SemanticSpec> spec = resolved.field().semantic();
    if (spec.isPresent()) {
      return semanticDomain(spec.get(), type, where);
    }
    return neutralLeaf(type, null);
  }

  /** Valid values of a semantic type, in Wick's Java form. */
  private Domain<Object> semanticDomain(SemanticSpec spec, DataType type, String where) {
    if (spec.name().equals(VALUE_TYPE) && !SemanticTypes.names().contains(VALUE_TYPE)) {
      return valueTypeDomain(spec, type, where);
    }
    return semanticDomain(SemanticTypes.resolve(spec, type, where), type, where);
  }

  private Domain<Object> semanticDomain(SemanticType semantic, DataType type, String where) {
    if (!isLeaf(type) || !semantic.supports(type)) {
      throw WickException.usage(
          "Field '"
              + where
              + "' is a "
              + type.describe()
              + ", but the semantic type "
              + semantic.name()
              + " does not apply to that type; choose a semantic type for "
              + type.describe()
              + " values.");
    }
    return new Drawn<>(
        semantic.name(),
        random -> JavaValues.require(semantic.generateValid(random, type), type, where));
  }

  /** The name {@code Schemas.fromRecord} gives the semantic type of a {@code Validated} value. */
  static final String VALUE_TYPE = "value_type";

  /**
   * Values of a value type ({@code record CountryCode(String value) implements Validated}) that no
   * registered semantic type describes: the storage type's values its own check accepts.
   */
  private Domain<Object> valueTypeDomain(SemanticSpec spec, DataType type, String where) {
    String className = spec.params().get("class");
    Class<?> valueClass;
    try {
      valueClass = Class.forName(className, false, Thread.currentThread().getContextClassLoader());
    } catch (ClassNotFoundException | NullPointerException e) {
      throw WickException.usage(
          "Field '"
              + where
              + "' names the value type "
              + className
              + ", which is not on the classpath; add it or register a semantic type.");
    }
    if (!valueClass.isRecord() || !Validated.class.isAssignableFrom(valueClass)) {
      throw WickException.usage(
          "Field '" + where + "' names " + className + ", which is not a Validated record.");
    }
    Constructor<?> ctor;
    try {
      ctor = valueClass.getDeclaredConstructor(valueClass.getRecordComponents()[0].getType());
      ctor.setAccessible(true);
    } catch (NoSuchMethodException e) {
      throw WickException.usage(
          "Value type " + className + " of field '" + where + "' has no canonical constructor.");
    }
    return new Filtered<>(
        className + " (field '" + where + "')",
        new DomainBuilder(RowForm.INSTANCE, settings, Map.of()).neutralLeaf(type, null),
        value -> {
          try {
            return ((Validated) ctor.newInstance(value)).invalidReason().isEmpty();
          } catch (InvocationTargetException | IllegalArgumentException e) {
            return false; // its constructor rejects the value
          } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot construct " + className, e);
          }
        });
  }

  // ---------------------------------------------------------------- values a user supplies

  /** Brings a value given in Wick's Java form (or the target's) into the target's form. */
  private Function<Object, Object> fromJava(
      DataType type, boolean nullable, Object node, String where) {
    Function<Object, Object> nonNull = fromJavaNonNull(type, node, where);
    return value -> {
      Object v = value instanceof Optional<?> o ? o.orElse(null) : value;
      if (v == null) {
        if (nullable) {
          return null;
        }
        throw WickException.usage(
            "Field '"
                + where
                + "' is not nullable, but a null was given for it; give non-null values or make"
                + " the field nullable.");
      }
      return nonNull.apply(v);
    };
  }

  private Function<Object, Object> fromJavaNonNull(DataType type, Object node, String where) {
    if (isLeaf(type)) {
      Function<Object, Object> convert = form.leaf(type, node);
      return v -> {
        Object java = JavaValues.require(v, type, where);
        return convert == null ? java : convert.apply(java);
      };
    } else if (type instanceof ArrayType a) {
      Function<Object, Object> element =
          fromJava(a.element(), a.containsNull(), form.elementNode(node), where + "[]");
      Function<List<Object>, Object> list = form.list(node);
      return v -> {
        List<Object> out = new ArrayList<>();
        for (Object e : iterate(v, type, where)) {
          out.add(element.apply(e));
        }
        return list.apply(out);
      };
    } else if (type instanceof MapType m) {
      Object keyNode = form.keyNode(node);
      Function<Object, Object> key = fromJava(m.key(), false, keyNode, where + "{key}");
      Function<Object, Object> value =
          fromJava(m.value(), m.valueContainsNull(), form.valueNode(node), where + "{}");
      Function<Map<Object, Object>, Object> map = form.map(node);
      return v -> {
        Map<?, ?> in =
            v instanceof Map<?, ?> jm
                ? jm
                : v instanceof scala.collection.Map<?, ?> sm
                    ? scala.jdk.javaapi.CollectionConverters.asJava(sm)
                    : null;
        if (in == null) {
          throw wrongType(v, type, where, "Map");
        }
        Map<Object, Object> out = new LinkedHashMap<>();
        in.forEach((k, x) -> out.put(key.apply(k), value.apply(x)));
        return map.apply(out);
      };
    } else if (type instanceof RecordType r) {
      return v -> form.recordFromJava(v, r, node, where);
    } else if (type instanceof RecordRef ref) {
      RecordType target = enclosing.get(ref.fullName());
      return v -> form.recordFromJava(v, target, node, where);
    } else if (type instanceof UnionType u) {
      List<Function<Object, Object>> branches = new ArrayList<>();
      for (int i = 0; i < u.branches().size(); i++) {
        branches.add(fromJavaNonNull(u.branches().get(i), form.branchNode(node, i), where));
      }
      return v -> {
        for (Function<Object, Object> branch : branches) {
          try {
            return branch.apply(v);
          } catch (WickException | ClassCastException e) {
            // not this branch
          }
        }
        throw wrongType(v, type, where, "a value of one of its branches");
      };
    }
    throw new IllegalStateException("unhandled data type " + type);
  }

  private static Iterable<?> iterate(Object v, DataType type, String where) {
    if (v instanceof Collection<?> c) {
      return c;
    } else if (v instanceof Object[] arr) {
      return java.util.Arrays.asList(arr);
    } else if (v instanceof scala.collection.Iterable<?> s) {
      return scala.jdk.javaapi.CollectionConverters.asJava(s);
    }
    throw wrongType(v, type, where, "List");
  }

  private static WickException wrongType(Object v, DataType type, String where, String expected) {
    return JavaValues.refused(v, type, where, expected);
  }
}
