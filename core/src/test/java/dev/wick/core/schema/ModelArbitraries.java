package dev.wick.core.schema;

import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.FixedType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.Precision;
import dev.wick.core.schema.DataType.RecordRef;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.DataType.TimeType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.schema.DataType.UnionType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Arbitrary schemas of the Wick model, for the converter round-trip properties.
 *
 * <p>Two flavours: {@link #avroSchemas()} covers everything Avro can hold (multi-branch unions,
 * references to enclosing records, decimals wider than 38 digits, string-keyed maps), {@link
 * #sparkSchemas()} everything Spark can hold (no unions or references, at most 38 decimal digits,
 * maps with any atomic key type). Generated names are valid Avro names, and every named type
 * (record, enum, fixed) gets a name of its own, as Avro requires.
 */
final class ModelArbitraries {
  private ModelArbitraries() {}

  /** The name a generated placeholder record carries; it becomes a {@link RecordRef}. */
  private static final String REF_PLACEHOLDER = "ref__";

  private record Flavor(boolean avro, int maxDepth) {}

  static Arbitrary<Schema> avroSchemas() {
    return schemas(new Flavor(true, 3));
  }

  static Arbitrary<Schema> sparkSchemas() {
    return schemas(new Flavor(false, 3));
  }

  private static Arbitrary<Schema> schemas(Flavor flavor) {
    return record(flavor, flavor.maxDepth(), 1)
        .map(r -> new Schema((RecordType) new Renamer().type(r)));
  }

  // ------------------------------------------------------------------ names and text

  static Arbitrary<String> avroNames() {
    Arbitrary<Character> first = Arbitraries.chars().range('a', 'z').range('A', 'Z').with('_');
    Arbitrary<String> rest =
        Arbitraries.strings()
            .withCharRange('a', 'z')
            .withCharRange('A', 'Z')
            .withCharRange('0', '9')
            .withChars('_')
            .ofMaxLength(7);
    return Combinators.combine(first, rest).as((f, r) -> f + r);
  }

  /**
   * Field names: often common ones, so that nested records meet fields of one name in different
   * places (and a field named like the record Spark's schemas get at the top).
   */
  private static Arbitrary<String> fieldNames() {
    return Arbitraries.frequencyOf(
        Tuple.of(1, Arbitraries.of("id", "value", "record", "Record", "location", "a")),
        Tuple.of(2, avroNames()));
  }

  private static Arbitrary<String> namespaces() {
    return Arbitraries.of("", "com.example", "dev.wick.test", "x");
  }

  /** Docs: empty most of the time, otherwise text with unicode, quotes and line breaks. */
  private static Arbitrary<String> docs() {
    return Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.just("")),
        Tuple.of(
            2,
            Arbitraries.strings()
                .alpha()
                .numeric()
                .withChars(" .,;:!?\"'\\/\n\täöüß€中文")
                .ofMinLength(1)
                .ofMaxLength(30)));
  }

  private static Arbitrary<Map<String, String>> properties() {
    Arbitrary<String> keys =
        Arbitraries.strings()
            .withCharRange('a', 'z')
            .ofMinLength(1)
            .ofMaxLength(4)
            .map(k -> "p." + k);
    Arbitrary<String> values =
        Arbitraries.strings().alpha().numeric().withChars(" ,.-:{}[]\"äö").ofMaxLength(12);
    return Arbitraries.frequencyOf(
        Tuple.of(4, Arbitraries.just(Map.<String, String>of())),
        Tuple.of(1, Arbitraries.maps(keys, values).ofMinSize(1).ofMaxSize(2)));
  }

  /** Semantic specs whose parameter values keep to the documented text form. */
  static Arbitrary<SemanticSpec> semanticSpecs() {
    Arbitrary<String> names =
        Arbitraries.strings()
            .withCharRange('a', 'z')
            .withChars('_')
            .ofMinLength(1)
            .ofMaxLength(10)
            .filter(n -> !n.isBlank());
    Arbitrary<String> keys =
        Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(5);
    Arbitrary<String> values =
        Arbitraries.strings()
            .alpha()
            .numeric()
            .withChars(",=(|.-*+[]^$ äö")
            .ofMaxLength(12)
            .map(String::strip);
    Arbitrary<Map<String, String>> params = Arbitraries.maps(keys, values).ofMaxSize(3);
    return Combinators.combine(names, params).as(SemanticSpec::of);
  }

  // ------------------------------------------------------------------ types

  private static Arbitrary<DataType> type(Flavor flavor, int depth) {
    if (depth <= 0) {
      return leaf(flavor);
    }
    List<Tuple.Tuple2<Integer, Arbitrary<? extends DataType>>> choices = new ArrayList<>();
    choices.add(Tuple.of(8, leaf(flavor)));
    choices.add(Tuple.of(2, Arbitraries.lazy(() -> array(flavor, depth - 1))));
    choices.add(Tuple.of(2, Arbitraries.lazy(() -> map(flavor, depth - 1))));
    choices.add(Tuple.of(2, Arbitraries.lazy(() -> record(flavor, depth - 1, 0))));
    if (flavor.avro()) {
      choices.add(Tuple.of(2, Arbitraries.lazy(() -> union(flavor, depth - 1))));
      choices.add(Tuple.of(1, refPlaceholder()));
    }
    @SuppressWarnings({"unchecked", "rawtypes"})
    Arbitrary<DataType> chosen = Arbitraries.frequencyOf(choices.toArray(new Tuple.Tuple2[0]));
    return chosen;
  }

  /** Every non-container type of the model. */
  static Arbitrary<DataType> leaf(Flavor flavor) {
    int maxPrecision = flavor.avro() ? 60 : 38;
    Arbitrary<DataType> decimals =
        Arbitraries.integers()
            .between(1, maxPrecision)
            .flatMap(p -> Arbitraries.integers().between(0, p).map(s -> new DecimalType(p, s)));
    Arbitrary<DataType> times = Arbitraries.of(Precision.class).map(TimeType::new);
    Arbitrary<DataType> timestamps =
        Combinators.combine(Arbitraries.of(Precision.class), Arbitraries.of(true, false))
            .as(TimestampType::new);
    Arbitrary<DataType> enums =
        Combinators.combine(
                avroNames(), avroNames().list().ofMinSize(1).ofMaxSize(5).uniqueElements())
            .as(EnumType::new);
    Arbitrary<DataType> fixeds =
        Combinators.combine(avroNames(), Arbitraries.integers().between(0, 20)).as(FixedType::new);
    Arbitrary<DataType> primitives =
        Arbitraries.of(
            DataType.BOOLEAN,
            DataType.INT,
            DataType.LONG,
            DataType.FLOAT,
            DataType.DOUBLE,
            DataType.STRING,
            DataType.BYTES,
            DataType.DATE,
            DataType.UUID);
    return Arbitraries.frequencyOf(
        Tuple.of(9, primitives),
        Tuple.of(2, decimals),
        Tuple.of(1, times),
        Tuple.of(2, timestamps),
        Tuple.of(1, enums),
        Tuple.of(1, fixeds));
  }

  private static Arbitrary<DataType> array(Flavor flavor, int depth) {
    return Combinators.combine(type(flavor, depth), Arbitraries.of(true, false)).as(ArrayType::new);
  }

  private static Arbitrary<DataType> map(Flavor flavor, int depth) {
    Arbitrary<DataType> keys = flavor.avro() ? Arbitraries.just(DataType.STRING) : leaf(flavor);
    return Combinators.combine(keys, type(flavor, depth), Arbitraries.of(true, false))
        .as(MapType::new);
  }

  /** Records with 0 to 5 fields (at least {@code minFields}) of distinct names. */
  private static Arbitrary<DataType> record(Flavor flavor, int depth, int minFields) {
    Arbitrary<Field> field =
        Combinators.combine(
                fieldNames(),
                type(flavor, depth),
                Arbitraries.of(true, false),
                docs(),
                semanticSpecs().optional(),
                properties())
            .as(Field::new);
    return Combinators.combine(
            Arbitraries.of("Rec", "Play", "device", "_Item"),
            namespaces(),
            docs(),
            field.list().ofMinSize(minFields).ofMaxSize(5).uniqueElements(Field::name))
        .as(RecordType::new);
  }

  /**
   * Unions of 2 to 4 branches Avro accepts together: no two of one Avro kind (a uuid is a string, a
   * date an int, ...), no nested union.
   */
  private static Arbitrary<DataType> union(Flavor flavor, int depth) {
    Arbitrary<DataType> branch =
        Arbitraries.frequencyOf(
            Tuple.of(6, leaf(flavor)),
            Tuple.of(1, Arbitraries.lazy(() -> array(flavor, depth))),
            Tuple.of(1, Arbitraries.lazy(() -> map(flavor, depth))),
            Tuple.of(2, Arbitraries.lazy(() -> record(flavor, depth, 0))),
            Tuple.of(1, refPlaceholder()));
    return branch
        .list()
        .ofMinSize(2)
        .ofMaxSize(4)
        .uniqueElements(ModelArbitraries::avroUnionKind)
        .map(UnionType::new);
  }

  /**
   * A stand-in for a reference to an enclosing record; the {@link Renamer} points it at the
   * enclosing record its number picks.
   */
  private static Arbitrary<DataType> refPlaceholder() {
    return Arbitraries.integers()
        .between(0, 3)
        .map(n -> new RecordType(REF_PLACEHOLDER + n, "", "", List.of()));
  }

  /** What Avro tells union branches apart by; named types are all distinct after renaming. */
  private static String avroUnionKind(DataType t) {
    if (t instanceof RecordType r) {
      return r.name().startsWith(REF_PLACEHOLDER) ? "ref" : "named " + System.identityHashCode(r);
    } else if (t instanceof EnumType || t instanceof FixedType) {
      return "named " + System.identityHashCode(t);
    } else if (t instanceof ArrayType) {
      return "array";
    } else if (t instanceof MapType) {
      return "map";
    } else if (t instanceof DataType.UuidType) {
      return "string";
    } else if (t instanceof DecimalType) {
      return "bytes";
    } else if (t instanceof DataType.DateType) {
      return "int";
    } else if (t instanceof TimeType tt) {
      return tt.precision() == Precision.MILLIS ? "int" : "long";
    } else if (t instanceof TimestampType) {
      return "long";
    }
    return t.describe();
  }

  /**
   * Gives every named type a distinct name (Avro has one namespace of names per schema) and turns
   * reference placeholders into references to an enclosing record.
   */
  private static final class Renamer {
    private int counter;
    private final Deque<String> enclosing = new ArrayDeque<>();

    DataType type(DataType t) {
      if (t instanceof RecordType r) {
        if (r.name().startsWith(REF_PLACEHOLDER)) {
          int pick = Integer.parseInt(r.name().substring(REF_PLACEHOLDER.length()));
          List<String> names = new ArrayList<>(enclosing);
          return new RecordRef(names.get(pick % names.size()));
        }
        // Avro cannot print a reference to a record of the null namespace from inside a named
        // namespace (AVRO-1646): below a record without namespace, records have none either.
        boolean insideNullNamespace = !enclosing.isEmpty() && !enclosing.peek().contains(".");
        String namespace = insideNullNamespace ? "" : r.namespace();
        RecordType renamed =
            new RecordType(r.name() + "_" + counter++, namespace, r.doc(), List.of());
        enclosing.push(renamed.fullName());
        List<Field> fields = new ArrayList<>();
        for (Field f : r.fields()) {
          fields.add(f.withType(type(f.type())));
        }
        enclosing.pop();
        return new RecordType(renamed.name(), renamed.namespace(), renamed.doc(), fields);
      } else if (t instanceof EnumType e) {
        return new EnumType(e.name() + "_" + counter++, e.symbols());
      } else if (t instanceof FixedType f) {
        return new FixedType(f.name() + "_" + counter++, f.size());
      } else if (t instanceof ArrayType a) {
        return new ArrayType(type(a.element()), a.containsNull());
      } else if (t instanceof MapType m) {
        return new MapType(type(m.key()), type(m.value()), m.valueContainsNull());
      } else if (t instanceof UnionType u) {
        return new UnionType(u.branches().stream().map(this::type).toList());
      }
      return t;
    }
  }
}
