package dev.wick.checks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.json.Json;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.schema.SemanticSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Writes suggested semantic types into an Avro schema as {@code wick.semantic} properties. */
final class SchemaAnnotator {
  static final String PROPERTY = "wick.semantic";

  private SchemaAnnotator() {}

  /**
   * A copy of {@code given} (or the Avro form of {@code model} when none was given) with the
   * suggested semantic types on fields that have none.
   */
  static org.apache.avro.Schema annotate(
      Optional<org.apache.avro.Schema> given, Schema model, List<Suggestion> suggestions) {
    Map<String, String> types = new LinkedHashMap<>();
    for (Suggestion s : suggestions) {
      s.semantic().ifPresent(t -> types.putIfAbsent(s.field(), t));
    }
    if (given.isEmpty()) {
      List<Field> fields = new ArrayList<>();
      for (Field f : model.fields()) {
        String t = types.get(f.name());
        fields.add(
            t == null || f.semantic().isPresent() ? f : f.withSemantic(SemanticSpec.parse(t)));
      }
      return Schemas.toAvro(Schema.of(model.name(), fields));
    }
    JsonNode tree = Json.read(given.get().toString(), "The schema");
    types.forEach((path, type) -> annotate(tree, List.of(path.split("\\.")), type));
    return new org.apache.avro.Schema.Parser().parse(tree.toString());
  }

  private static void annotate(JsonNode record, List<String> path, String type) {
    JsonNode fields = record.get("fields");
    if (fields == null || !fields.isArray()) {
      return;
    }
    for (JsonNode field : fields) {
      if (!path.get(0).equals(field.path("name").asText())) {
        continue;
      }
      if (path.size() == 1) {
        if (!field.has(PROPERTY)) {
          ((ObjectNode) field).put(PROPERTY, type);
        }
      } else {
        record(field.get("type")).ifPresent(r -> annotate(r, path.subList(1, path.size()), type));
      }
    }
  }

  private static Optional<JsonNode> record(JsonNode type) {
    if (type == null) {
      return Optional.empty();
    }
    if (type.isArray()) {
      for (JsonNode branch : type) {
        if (record(branch).isPresent()) {
          return record(branch);
        }
      }
      return Optional.empty();
    }
    return type.isObject() && "record".equals(type.path("type").asText())
        ? Optional.of(type)
        : Optional.empty();
  }
}
