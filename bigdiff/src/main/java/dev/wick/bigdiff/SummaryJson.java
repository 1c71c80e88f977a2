package dev.wick.bigdiff;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.json.Json;
import java.util.List;

/**
 * Writes {@code summary.json} through core's {@link Json} (lower camel case keys); non-finite
 * numbers and absent statistics become {@code null}.
 */
final class SummaryJson {
  private SummaryJson() {}

  static String write(DiffSummary s) {
    ObjectNode root = Json.object();
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
      Json.number(node, "fraction", f.fraction());
      if (f.delta().isEmpty()) {
        node.putNull("delta");
      } else {
        DeltaStats d = f.delta().get();
        ObjectNode delta = node.putObject("delta");
        delta.put("type", d.type().name());
        delta.put("count", d.count());
        for (DeltaStatistic stat : DeltaStatistic.values()) {
          Json.number(delta, stat.key(), d.get(stat));
        }
        delta.put("lowerBounds", d.lowerBounds());
        ArrayNode approximate = delta.putArray("approximate");
        d.approximate().forEach(stat -> approximate.add(stat.key()));
      }
    }
    // Only with arrays matched by element key: other diffs keep their shape.
    for (ArrayStats a : s.arrays()) {
      (root.has("arrays") ? (ArrayNode) root.get("arrays") : root.putArray("arrays"))
          .addObject()
          .put("field", a.field())
          .put("elementKey", a.elementKey())
          .put("onlyLhs", a.onlyLhs())
          .put("onlyRhs", a.onlyRhs())
          .put("unmatched", a.unmatched());
    }
    for (RowExample r : s.rows()) {
      (root.has("rows") ? (ArrayNode) root.get("rows") : root.putArray("rows"))
          .addObject()
          .put("diff", r.type().name())
          .put("row", r.row())
          .put("count", r.count());
    }
    if (!s.explanations().isEmpty()) {
      ArrayNode explain = root.putArray("explain");
      s.explanations().values().forEach(e -> e.writeTo(explain.addObject()));
    }
    if (s.sample().isPresent()) {
      SampleBounds b = s.sample().get();
      ObjectNode sample = root.putObject("sample");
      Json.number(sample, "fraction", b.fraction());
      sample.put("seed", b.seed());
      Json.number(sample, "confidence", SampleBounds.CONFIDENCE);
      sample.put("keys", b.keys());
      intervals(sample.putArray("categories"), b.categories(), "name");
      intervals(sample.putArray("fields"), b.fields(), "field");
    }
    return Json.write(root);
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

  private static void intervals(ArrayNode array, List<SampleBounds.Interval> all, String name) {
    for (SampleBounds.Interval i : all) {
      ObjectNode node = array.addObject().put(name, i.name()).put("count", i.count());
      Json.number(node, "estimate", i.estimate());
      Json.number(node, "low", i.low());
      Json.number(node, "high", i.high());
    }
  }

  private static void strings(ArrayNode array, List<String> values) {
    values.forEach(array::add);
  }
}
