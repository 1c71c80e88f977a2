package dev.wick.testkit.generators;

import dev.wick.core.WickException;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.ResolvedPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.SemanticSpec;
import dev.wick.core.validation.SemanticType;
import dev.wick.core.validation.SemanticTypes;
import dev.wick.profiler.Profile;
import dev.wick.testkit.generators.internal.Domain;
import dev.wick.testkit.generators.internal.GenerationSettings;
import dev.wick.testkit.generators.internal.ProfileShape;
import dev.wick.testkit.generators.internal.SchemaDomains;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.JqwikException;
import net.jqwik.api.arbitraries.ArbitraryDecorator;

/**
 * A jqwik {@link Arbitrary} of records of a schema, configured fluently. Every method checks its
 * arguments against the schema at once (a field path that does not resolve fails with the nearest
 * names) and returns a new arbitrary; the original is unchanged.
 *
 * <pre>{@code
 * Arbitrary<TrackPlay> plays =
 *     Generators.avro(TrackPlay.class)
 *         .amend("user_id", Arbitraries.of("u1", "u2"))
 *         .withSemanticType("country", "country_code")
 *         .withCollectionSize(1, 3)
 *         .withNullProbability(0.2);
 * }</pre>
 *
 * <p>Values given to {@link #amend} are in Wick's Java form: {@code Integer}, {@code Long}, {@code
 * String}, {@code BigDecimal}, {@code LocalDate}, {@code Instant} (timestamps), {@code
 * LocalDateTime} (local timestamps), {@code byte[]}, {@code List} and {@code Map}; enum constants,
 * {@code UUID} and {@code LocalTime} are accepted too, and a record field takes a Java record, an
 * Avro record or a {@code Row}.
 *
 * @param <T> what it generates: {@code GenericRecord}, a SpecificRecord class, a Java record or a
 *     {@code Row}
 */
public final class SchemaArbitrary<T> extends ArbitraryDecorator<T> {
  private final GeneratedForm<T> target;
  private GenerationSettings settings;
  private Map<FieldPath, Arbitrary<?>> amendments;
  private Map<FieldPath, SemanticType> semanticTypes;
  private ProfileShape like;

  SchemaArbitrary(GeneratedForm<T> target) {
    this.target = target;
    this.settings = GenerationSettings.defaults();
    this.amendments = Map.of();
    this.semanticTypes = Map.of();
    // Build once now: an unsupported schema or an unknown semantic type fails here, not mid-test.
    target.domain(settings, semanticTypes, like);
  }

  /** The schema the records follow. */
  public Schema schema() {
    return target.schema();
  }

  /**
   * Replaces the values of one field, also inside nested records ({@code device.os}), array
   * elements ({@code tags[]}) and map values ({@code attributes{}}). The path is resolved at once,
   * and a value drawn from {@code values} is checked against the field's type at once.
   *
   * <p>{@code values} decides about nulls too: a nullable field amended with an arbitrary that
   * never gives null is never null.
   */
  public SchemaArbitrary<T> amend(String path, Arbitrary<?> values) {
    ResolvedPath resolved = schema().resolve(path);
    if (values == null) {
      throw WickException.usage(
          "amend('" + path + "') needs an arbitrary of the field's values, not null.");
    }
    Domain.Slot<?> slot =
        SchemaDomains.findSlot(target.domain(settings, semanticTypes, like), resolved.path())
            .orElseThrow(
                () ->
                    WickException.usage(
                        "Field '"
                            + path
                            + "' cannot be amended: it lies inside a union or below the"
                            + " maximum depth of a recursive record."));
    Object[] sample = sampleOne(values);
    if (sample != null) {
      slot.fromJava().apply(sample[0]);
    }
    Map<FieldPath, Arbitrary<?>> next = new LinkedHashMap<>(amendments);
    next.put(resolved.path(), values);
    SchemaArbitrary<T> copy = copy();
    copy.amendments = Map.copyOf(next);
    return copy;
  }

  /**
   * A value (possibly null) from {@code values} to check early, in a one-element array, or null
   * when it cannot be drawn outside a property (it is then checked as values are drawn).
   */
  private static Object[] sampleOne(Arbitrary<?> values) {
    try {
      return new Object[] {values.generator(100).next(new Random(0)).value()};
    } catch (JqwikException | UnsupportedOperationException e) {
      return null;
    }
  }

  /** The chance that a nullable field, array element or map value is null (default 0.1). */
  public SchemaArbitrary<T> withNullProbability(double probability) {
    return with(settings.withNullProbability(probability));
  }

  /** The sizes of arrays and maps (default 0 to 5). */
  public SchemaArbitrary<T> withCollectionSize(int min, int max) {
    return with(settings.withCollectionSize(min, max));
  }

  /** The lengths of strings and byte arrays (default 0 to 20). */
  public SchemaArbitrary<T> withStringLength(int min, int max) {
    return with(settings.withStringLength(min, max));
  }

  /**
   * How many levels a recursive record nests (default 3); then a recursive field is null, an empty
   * array or map, or another union branch.
   */
  public SchemaArbitrary<T> withMaxDepth(int depth) {
    return with(settings.withMaxDepth(depth));
  }

  /**
   * Draws a field's values from a registered semantic type, written as in schemas: {@code
   * country_code} or {@code range(min=0, max=10)}.
   */
  public SchemaArbitrary<T> withSemanticType(String path, String semanticType) {
    ResolvedPath resolved = schema().resolve(path);
    SemanticSpec spec;
    try {
      spec = SemanticSpec.parse(semanticType);
    } catch (IllegalArgumentException e) {
      throw WickException.usage(
          "Semantic type '"
              + semanticType
              + "' for field '"
              + path
              + "' is malformed: "
              + e.getMessage()
              + ".");
    }
    return withSemanticType(
        resolved, SemanticTypes.resolve(spec, resolved.type(), resolved.path().toString()));
  }

  /** Draws a field's values from {@code semanticType}'s valid values. */
  public SchemaArbitrary<T> withSemanticType(String path, SemanticType semanticType) {
    Objects.requireNonNull(semanticType, "semanticType");
    return withSemanticType(schema().resolve(path), semanticType);
  }

  private SchemaArbitrary<T> withSemanticType(ResolvedPath resolved, SemanticType semanticType) {
    Map<FieldPath, SemanticType> next = new LinkedHashMap<>(semanticTypes);
    next.put(resolved.path(), semanticType);
    target.domain(settings, next, like); // fails at once when the type does not apply
    SchemaArbitrary<T> copy = copy();
    copy.semanticTypes = Map.copyOf(next);
    return copy;
  }

  /**
   * Draws values shaped like a profile of real data ({@code Profiler}'s), field by field, as {@link
   * BulkGeneration#like} does: nulls at the profiled rate, numbers through the quantile sketch's
   * inverse, text from the top values seen at least 5 times and fresh values for the rest. Fields
   * the profile lacks keep the schema's domains; {@link #amend} still replaces a field.
   */
  public SchemaArbitrary<T> like(Profile profile) {
    return like(profile, BulkGeneration.DEFAULT_MIN_COUNT);
  }

  /** As {@link #like(Profile)}, copying top values seen at least {@code minCount} times. */
  public SchemaArbitrary<T> like(Profile profile, long minCount) {
    ProfileShape next = new ProfileShape(profile, minCount);
    target.domain(settings, semanticTypes, next);
    SchemaArbitrary<T> copy = copy();
    copy.like = next;
    return copy;
  }

  /**
   * The values this arbitrary draws for one plain field (never null), in Wick's Java form: a join
   * key to share across records. See {@link Generators} for the idiom.
   */
  public Arbitrary<Object> valuesOf(String path) {
    Domain<Object> values = SchemaDomains.javaValues(schema(), path, settings, semanticTypes);
    return DomainArbitraries.of(values, Map.of());
  }

  private SchemaArbitrary<T> with(GenerationSettings next) {
    target.domain(next, semanticTypes, like);
    SchemaArbitrary<T> copy = copy();
    copy.settings = next;
    return copy;
  }

  private SchemaArbitrary<T> copy() {
    return typedClone();
  }

  @Override
  protected Arbitrary<T> arbitrary() {
    Arbitrary<Object> records =
        DomainArbitraries.of(target.domain(settings, semanticTypes, like), amendments);
    return records.map(target::finish);
  }

  @Override
  public String toString() {
    return "SchemaArbitrary<" + target.name() + ">";
  }
}
