package dev.wick.core.validation;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.SemanticSpec;
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
 */
public final class SemanticTypes {
  private static final Map<String, Function<Map<String, String>, SemanticType>> FACTORIES =
      new ConcurrentHashMap<>();

  static {
    for (SemanticTypeProvider provider : ServiceLoader.load(SemanticTypeProvider.class)) {
      provider.register(FACTORIES::put);
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
   * The semantic type a field's spec names, checked against the field's storage type; a usage error
   * names the field when the name is unknown, its parameters are wrong, or it does not apply to the
   * storage type.
   */
  public static SemanticType resolve(SemanticSpec spec, DataType storage, String fieldPath) {
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
    SemanticType type;
    try {
      type = factory.apply(new TreeMap<>(spec.params()));
    } catch (IllegalArgumentException e) {
      throw WickException.usage(
          "Field '"
              + fieldPath
              + "' has an invalid semantic type "
              + spec.text()
              + ": "
              + e.getMessage(),
          e);
    }
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
