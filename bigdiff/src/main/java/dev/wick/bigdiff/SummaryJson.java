package dev.wick.bigdiff;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.WickException;
import java.util.List;
import java.util.OptionalDouble;

/** Writes {@code summary.json}; non-finite numbers and absent statistics become {@code null}. */
final class SummaryJson {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private SummaryJson() {}

  static String write(DiffSummary s) {
    ObjectNode root = MAPPER.createObjectNode();
    strings(root.putArray("keys"), s.keys());
    schema(root.putObject("schema"), s.schema());
    GlobalCounts g = s.global();
    ObjectNode global = root.putObject("global");
    global.put("total", g.total());
    global.put("same", g.same());
    global.put("different", g.different());
    global.put("missingLhs", g.missingLhs());
    global.put("missingRhs", g.missingRhs());
    global.put("duplicateKeysLhs", g.duplicateKeysLhs());
    global.put("duplicateKeysRhs", g.duplicateKeysRhs());
    global.put("duplicateKeys", g.duplicateKeys());
    global.put("nullKeys", g.nullKeys());
    global.put("lhsKeys", g.lhsKeys());
    global.put("rhsKeys", g.rhsKeys());
    ArrayNode fields = root.putArray("fields");
    for (FieldStats f : s.fields()) {
      ObjectNode node = fields.addObject();
      node.put("field", f.field());
      node.put("different", f.different());
      number(node, "fraction", f.fraction());
      if (f.delta().isEmpty()) {
        node.putNull("delta");
      } else {
        DeltaStats d = f.delta().get();
        ObjectNode delta = node.putObject("delta");
        delta.put("type", d.type().name());
        delta.put("count", d.count());
        number(delta, "min", d.min());
        number(delta, "max", d.max());
        number(delta, "mean", d.mean());
        number(delta, "stddev", d.stddev());
        number(delta, "variance", d.variance());
        number(delta, "skewness", d.skewness());
        number(delta, "kurtosis", d.kurtosis());
        number(delta, "p50", d.p50());
        number(delta, "p90", d.p90());
        number(delta, "p99", d.p99());
      }
    }
    try {
      return MAPPER.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw WickException.internal("Cannot write the diff summary as JSON.", e);
    }
  }

  private static void schema(ObjectNode node, SchemaDifference d) {
    node.put("changed", d.differs());
    strings(node.putArray("onlyLhs"), d.onlyLhs());
    strings(node.putArray("onlyRhs"), d.onlyRhs());
    ArrayNode types = node.putArray("typeChanges");
    for (SchemaDifference.TypeChange t : d.typeChanges()) {
      types
          .addObject()
          .put("field", t.field())
          .put("lhsType", t.lhsType())
          .put("rhsType", t.rhsType())
          .put("compared", t.compared());
    }
    ArrayNode nulls = node.putArray("nullabilityChanges");
    for (SchemaDifference.NullabilityChange n : d.nullabilityChanges()) {
      nulls
          .addObject()
          .put("field", n.field())
          .put("lhsNullable", n.lhsNullable())
          .put("rhsNullable", n.rhsNullable());
    }
    ArrayNode renames = node.putArray("likelyRenames");
    for (SchemaDifference.Rename r : d.renames()) {
      renames.addObject().put("lhs", r.lhs()).put("rhs", r.rhs());
    }
    strings(node.putArray("ignored"), d.ignored());
  }

  private static void strings(ArrayNode array, List<String> values) {
    values.forEach(array::add);
  }

  private static void number(ObjectNode node, String name, double value) {
    if (Double.isFinite(value)) {
      node.put(name, value);
    } else {
      node.putNull(name);
    }
  }

  private static void number(ObjectNode node, String name, OptionalDouble value) {
    if (value.isPresent()) {
      number(node, name, value.getAsDouble());
    } else {
      node.putNull(name);
    }
  }
}
