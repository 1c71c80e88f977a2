package dev.wick.profiler;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.explain.Explanation;
import dev.wick.core.json.Json;
import java.util.Map;

/**
 * {@code anomalies.json}: an {@link AnomalyReport} for machines. Every judged metric is listed; the
 * anomalous ones also carry their series, for charts.
 */
final class AnomaliesJson {
  private AnomaliesJson() {}

  static String write(AnomalyReport r, Map<String, Explanation> explanations) {
    ObjectNode root = Json.object();
    root.put("source", r.source());
    root.put("at", r.at().toString());
    r.label().ifPresent(l -> root.put("label", l));
    root.put("earlier", r.earlier());
    root.put("minHistory", r.minHistory());
    root.put("judged", r.judged());
    root.put("anomalies", r.anomalies().size());
    ObjectNode schema = root.putObject("schema");
    schema.put("changed", r.schema().changed());
    r.schema().appeared().forEach(schema.putArray("appeared")::add);
    r.schema().disappeared().forEach(schema.putArray("disappeared")::add);
    ArrayNode types = schema.putArray("typeChanged");
    for (DriftReport.TypeChange c : r.schema().typeChanged()) {
      types
          .addObject()
          .put("path", c.path())
          .put("before", c.baselineType())
          .put("now", c.currentType());
    }
    ArrayNode metrics = root.putArray("metrics");
    for (MetricCheck c : r.checks()) {
      ObjectNode o = metrics.addObject();
      if (c.field().isPresent()) {
        o.put("field", c.field().get());
      } else {
        o.putNull("field");
      }
      o.put("metric", c.metric());
      c.category().ifPresent(v -> o.put("category", v));
      Json.number(o, "value", c.value());
      o.put("method", c.method().name().toLowerCase(java.util.Locale.ROOT));
      Json.number(o, "center", c.center());
      Json.number(o, "lower", c.lower());
      Json.number(o, "upper", c.upper());
      o.put("anomalous", c.anomalous());
      if (c.anomalous()) {
        ArrayNode series = o.putArray("series");
        for (MetricCheck.Point p : c.series()) {
          Json.number(series.addObject().put("at", p.at().toString()), "value", p.value());
        }
      }
    }
    if (!explanations.isEmpty()) {
      ArrayNode explain = root.putArray("explain");
      explanations.values().forEach(e -> e.writeTo(explain.addObject()));
    }
    return Json.write(root);
  }
}
