package dev.wick.profiler.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.WickException;
import dev.wick.profiler.DriftReport;
import dev.wick.profiler.FieldDrift;

/** {@code drift.json}: a {@link DriftReport} for machines. */
public final class DriftJson {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private DriftJson() {}

  public static String write(DriftReport r) {
    ObjectNode root = MAPPER.createObjectNode();
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
      o.put("score", f.score());
      f.ks()
          .ifPresent(
              k ->
                  o.putObject("ks")
                      .put("statistic", k.statistic())
                      .put("sketchError", k.sketchError())
                      .put("pValue", k.pValue()));
      f.categorical()
          .ifPresent(
              c ->
                  o.putObject("categorical")
                      .put("chiSquare", c.chiSquare())
                      .put("degreesOfFreedom", c.degreesOfFreedom())
                      .put("pValue", c.pValue())
                      .put("linf", c.linf()));
      o.put("baselineNullRate", f.baselineNullRate());
      o.put("currentNullRate", f.currentNullRate());
      f.baselineDistinct().ifPresent(d -> o.put("baselineDistinct", d));
      f.currentDistinct().ifPresent(d -> o.put("currentDistinct", d));
      f.distinctChange().ifPresent(d -> o.put("distinctChange", d));
    }
    try {
      return MAPPER.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw WickException.internal("Cannot write the drift report as JSON.", e);
    }
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
