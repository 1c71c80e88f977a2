package dev.wick.core.validation;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.ResolvedPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.SemanticSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The registry of semantic types by name. Built-in types register themselves through {@link
 * SemanticTypeProvider}s found by {@link ServiceLoader}; users add their own with {@link
 * #register(String, Function)}.
 *
 * <p>Built-in names: {@code country_code}, {@code currency}, {@code language_tag}, {@code uuid},
 * {@code email}, {@code url}, {@code non_empty}, {@code regex(pattern=...)}, {@code range(min=,
 * max=)}, {@code positive}, {@code non_negative}, {@code one_of(values=a|b|c)}, {@code
 * timestamp_window(from=, to=)}, {@code base62_id(length=22)} and {@code value_type(class=...)}.
 */
public final class SemanticTypes {
  private static final Map<String, Function<Map<String, String>, SemanticType>> FACTORIES =
      new ConcurrentHashMap<>();

  static {
    ClassLoader own = SemanticTypes.class.getClassLoader();
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    for (ClassLoader loader : context == null ? List.of(own) : List.of(own, context)) {
      for (SemanticTypeProvider provider : ServiceLoader.load(SemanticTypeProvider.class, loader)) {
        provider.register(FACTORIES::putIfAbsent);
      }
    }
  }

  private SemanticTypes() {}

  /**
   * Registers a semantic type under {@code name}; the factory receives the parameters written in
   * the schema ({@code range(min=0, max=10)} gives {@code {min=0, max=10}}) and fails with an
   * {@link IllegalArgumentException} whose message says what is wrong with them.
   */
  public static void register(String name, Function<Map<String, String>, SemanticType> factory) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(factory, "factory");
    FACTORIES.put(name, factory);
  }

  /** The registered names, sorted. */
  public static java.util.List<String> names() {
    return FACTORIES.keySet().stream().sorted().toList();
  }

  /**
   * The semantic type a spec names, its parameters checked but not yet matched to a storage type; a
   * usage error names the field when the name is unknown or its parameters are wrong.
   */
  public static SemanticType create(SemanticSpec spec, String fieldPath) {
    Function<Map<String, String>, SemanticType> factory = FACTORIES.get(spec.name());
    if (factory == null) {
      throw WickException.usage(
          "Field '"
              + fieldPath
              + "' names the unknown semantic type '"
              + spec.name()
              + "'; known types are "
              + String.join(", ", names())
              + ", or register your own with SemanticTypes.register.");
    }
    try {
      return factory.apply(new TreeMap<>(spec.params()));
    } catch (IllegalArgumentException e) {
      throw WickException.usage(
          "Field '"
              + fieldPath
              + "' has an invalid semantic type "
              + spec.text()
              + ": "
              + e.getMessage()
              + ".",
          e);
    }
  }

  /**
   * The semantic type a field's spec names, checked against the field's storage type; a usage error
   * names the field when the name is unknown, its parameters are wrong, or it does not apply to the
   * storage type.
   */
  public static SemanticType resolve(SemanticSpec spec, DataType storage, String fieldPath) {
    SemanticType type = create(spec, fieldPath);
    if (!type.supports(storage)) {
      throw WickException.usage(
          "Field '"
              + fieldPath
              + "' is a "
              + storage.describe()
              + ", but the semantic type "
              + spec.text()
              + " does not apply to that storage type; change the field's type or its semantic type.");
    }
    return type;
  }

  /**
   * Every semantic type a schema attaches, resolved and checked, depth first. A semantic type on an
   * array (or map) field that does not apply to the array itself applies to its elements (map
   * values): {@code "wick.semantic": "country_code"} on an {@code array<string>} field {@code
   * countries} binds {@code countries[]}. Fails with a usage error naming the first bad field.
   */
  public static List<SemanticBinding> bindings(Schema schema) {
    List<SemanticBinding> out = new ArrayList<>();
    for (ResolvedPath rp : schema.allPaths()) {
      FieldPath path = rp.path();
      List<FieldPath.Step> steps = path.steps();
      if (steps.get(steps.size() - 1).kind() != FieldPath.Step.Kind.FIELD) {
        continue;
      }
      Field field = rp.field();
      if (field.semantic().isEmpty()) {
        continue;
      }
      SemanticSpec spec = field.semantic().get();
      DataType storage = field.type();
      SemanticType type = create(spec, path.toString());
      if (type.supports(storage)) {
        out.add(new SemanticBinding(path, storage, spec, type));
      } else if (storage instanceof ArrayType a && type.supports(a.element())) {
        out.add(new SemanticBinding(FieldPath.parse(path + "[]"), a.element(), spec, type));
      } else if (storage instanceof MapType m && type.supports(m.value())) {
        out.add(new SemanticBinding(FieldPath.parse(path + "{}"), m.value(), spec, type));
      } else {
        resolve(spec, storage, path.toString());
      }
    }
    return out;
  }

  static String describe() {
    return FACTORIES.keySet().stream().sorted().collect(Collectors.joining(", "));
  }

  /** Supplies semantic types to the registry; listed in {@code META-INF/services}. */
  public interface SemanticTypeProvider {
    /** Calls {@code sink.accept(name, factory)} once per semantic type. */
    void register(
        java.util.function.BiConsumer<String, Function<Map<String, String>, SemanticType>> sink);
  }
}
