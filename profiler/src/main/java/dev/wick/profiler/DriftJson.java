package dev.wick.profiler;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.explain.Explanation;
import dev.wick.core.json.Json;
import java.util.Map;

/** {@code drift.json}: a {@link DriftReport} for machines. */
final class DriftJson {
  private DriftJson() {}

  static String write(DriftReport r, Map<String, Explanation> explanations) {
    ObjectNode root = Json.object();
    root.put("baseline", r.baselineSource());
    root.put("current", r.currentSource());
    root.put("baselineRows", r.baselineRows());
    root.put("currentRows", r.currentRows());
    ObjectNode schema = root.putObject("schema");
    schema.put("changed", r.schemaChanged());
    strings(schema.putArray("onlyInBaseline"), r.onlyInBaseline());
    strings(schema.putArray("onlyInCurrent"), r.onlyInCurrent());
    changes(schema.putArray("kindChanged"), r.kindChanged());
    changes(schema.putArray("typeChanged"), r.typeChanged());
    ArrayNode fields = root.putArray("fields");
    for (FieldDrift f : r.fields()) {
      ObjectNode o = fields.addObject();
      o.put("path", f.path());
      o.put("kind", f.kind().jsonName());
      Json.number(o, "score", f.score());
      f.ks()
          .ifPresent(
              k -> {
                ObjectNode ks = o.putObject("ks");
                Json.number(ks, "statistic", k.statistic());
                Json.number(ks, "sketchError", k.sketchError());
                Json.number(ks, "pValue", k.pValue());
              });
      f.categorical()
          .ifPresent(
              c -> {
                ObjectNode cat = o.putObject("categorical");
                Json.number(cat, "chiSquare", c.chiSquare());
                cat.put("degreesOfFreedom", c.degreesOfFreedom());
                Json.number(cat, "pValue", c.pValue());
                Json.number(cat, "linf", c.linf());
              });
      Json.number(o, "baselineNullRate", f.baselineNullRate());
      Json.number(o, "currentNullRate", f.currentNullRate());
      f.baselineDistinct().ifPresent(d -> o.put("baselineDistinct", d));
      f.currentDistinct().ifPresent(d -> o.put("currentDistinct", d));
      f.distinctChange().ifPresent(d -> Json.number(o, "distinctChange", d));
    }
    if (!explanations.isEmpty()) {
      ArrayNode explain = root.putArray("explain");
      explanations.values().forEach(e -> e.writeTo(explain.addObject()));
    }
    return Json.write(root);
  }

  private static void changes(ArrayNode a, java.util.List<DriftReport.TypeChange> changes) {
    for (DriftReport.TypeChange c : changes) {
      a.addObject()
          .put("path", c.path())
          .put("baselineType", c.baselineType())
          .put("currentType", c.currentType());
    }
  }

  private static void strings(ArrayNode a, java.util.List<String> values) {
    values.forEach(a::add);
  }
}
