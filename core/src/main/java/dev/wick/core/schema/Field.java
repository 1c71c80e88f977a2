package dev.wick.core.schema;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A field of a record: a name, a type, whether it may be null, a doc string, an optional semantic
 * type (business meaning beyond the storage type) and free-form properties carried through
 * conversions.
 *
 * @param semantic the semantic type attached to the field, if any
 * @param properties extra string properties (Avro field properties, Spark metadata)
 */
public record Field(
    String name,
    DataType type,
    boolean nullable,
    String doc,
    Optional<SemanticSpec> semantic,
    Map<String, String> properties) {

  public Field {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("a field name must not be empty");
    }
    doc = doc == null ? "" : doc;
    semantic = semantic == null ? Optional.empty() : semantic;
    properties = properties == null ? Map.of() : Map.copyOf(new TreeMap<>(properties));
  }

  /** A non-null field with no doc. */
  public static Field of(String name, DataType type) {
    return new Field(name, type, false, "", Optional.empty(), Map.of());
  }

  /** A nullable field with no doc. */
  public static Field nullable(String name, DataType type) {
    return new Field(name, type, true, "", Optional.empty(), Map.of());
  }

  public Field withNullable(boolean nullable) {
    return new Field(name, type, nullable, doc, semantic, properties);
  }

  public Field withType(DataType type) {
    return new Field(name, type, nullable, doc, semantic, properties);
  }

  public Field withDoc(String doc) {
    return new Field(name, type, nullable, doc, semantic, properties);
  }

  public Field withSemantic(SemanticSpec semantic) {
    return new Field(name, type, nullable, doc, Optional.ofNullable(semantic), properties);
  }

  public Field withProperties(Map<String, String> properties) {
    return new Field(name, type, nullable, doc, semantic, properties);
  }
}
