package dev.wick.profiler;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.WickException;
import dev.wick.core.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code profile.json}: the profile's statistics for people and machines, and its sketches in
 * base64 so that a later comparison needs no data. Reading checks every property and fails with one
 * sentence naming the file and what is wrong.
 */
final class ProfileJson {
  /** The format marker and version written at the top of every profile. */
  static final String FORMAT_KEY = "wickProfile";

  static final int FORMAT_VERSION = 1;

  private ProfileJson() {}

  // ------------------------------------------------------------------ writing

  static String write(Profile p) {
    ObjectNode root = Json.object();
    root.put(FORMAT_KEY, FORMAT_VERSION);
    root.put("source", p.source());
    root.put("createdAt", p.createdAt());
    root.put("rowCount", p.rowCount());
    root.put("top", p.top());
    ArrayNode fields = root.putArray("fields");
    for (FieldProfile f : p.fields()) {
      fields.add(field(f));
    }
    return Json.write(root);
  }

  private static ObjectNode field(FieldProfile f) {
    ObjectNode o = Json.object();
    o.put("path", f.path());
    o.put("type", f.type());
    o.put("kind", f.kind().jsonName());
    o.put("count", f.count());
    o.put("nulls", f.nulls());
    f.distinct()
        .ifPresent(
            d -> {
              ObjectNode n = o.putObject("distinct");
              number(n, "estimate", d.estimate());
              number(n, "lower", d.lower());
              number(n, "upper", d.upper());
              if (f.allDistinct()) {
                n.put("allDistinct", true);
              }
            });
    f.numeric().ifPresent(s -> o.set("numeric", numeric(s)));
    f.text()
        .ifPresent(
            t -> {
              ObjectNode n = o.putObject("text");
              n.put("empty", t.empty());
              n.put("minLength", t.minLength());
              n.put("maxLength", t.maxLength());
              number(n, "meanLength", t.meanLength());
            });
    if (!f.topValues().isEmpty()) {
      ArrayNode top = o.putArray("topValues");
      for (ValueCount v : f.topValues()) {
        top.addObject().put("value", v.value()).put("count", v.count());
      }
    }
    if (f.redacted()) {
      o.put("redacted", true);
    }
    f.semantic()
        .ifPresent(
            s -> {
              ObjectNode n = o.putObject("semantic");
              n.put("type", s.type());
              n.put("checked", s.checked());
              n.put("valid", s.valid());
              number(n, "validShare", s.validShare());
            });
    FieldSketches sk = f.sketches();
    if (sk.hll().isPresent() || sk.kll().isPresent() || sk.items().isPresent()) {
      ObjectNode n = o.putObject("sketches");
      sk.hll().ifPresent(b -> n.put("hll", Base64.getEncoder().encodeToString(b)));
      sk.kll().ifPresent(b -> n.put("kll", Base64.getEncoder().encodeToString(b)));
      sk.items().ifPresent(b -> n.put("items", Base64.getEncoder().encodeToString(b)));
    }
    return o;
  }

  private static ObjectNode numeric(NumericStats s) {
    ObjectNode n = Json.object();
    n.put("n", s.n());
    number(n, "min", s.min());
    number(n, "max", s.max());
    number(n, "mean", s.mean());
    number(n, "stddev", s.stddev());
    n.put("zeros", s.zeros());
    n.put("nan", s.nan());
    n.put("infinite", s.infinite());
    ObjectNode q = n.putObject("quantiles");
    s.quantiles().forEach((k, v) -> number(q, k, v));
    ArrayNode h = n.putArray("histogram");
    for (NumericStats.Bin b : s.histogram()) {
      ObjectNode bin = h.addObject();
      number(bin, "low", b.low());
      number(bin, "high", b.high());
      bin.put("count", b.count());
    }
    return n;
  }

  /** JSON has no NaN or infinity: those are written as strings and read back. */
  private static void number(ObjectNode o, String key, double v) {
    if (Double.isFinite(v)) {
      o.put(key, v);
    } else {
      o.put(key, Double.isNaN(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity");
    }
  }

  // ------------------------------------------------------------------ reading

  static Profile read(Path fileOrFolder) {
    if (fileOrFolder.toString().isBlank()) {
      throw WickException.usage(
          "The profile's path is empty; pass a profile.json (or the folder holding it) written by"
              + " 'wick profile'.");
    }
    Path file =
        Files.isDirectory(fileOrFolder) ? fileOrFolder.resolve("profile.json") : fileOrFolder;
    if (!Files.isRegularFile(file)) {
      throw WickException.usage(
          "Profile "
              + fileOrFolder
              + " does not exist; pass a profile.json (or the folder holding it) written by"
              + " 'wick profile'.");
    }
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException | java.io.UncheckedIOException e) {
      throw WickException.usage(
          "Profile " + file + " cannot be read (" + e.getMessage() + "); check its permissions.",
          e);
    }
    return read(text, file.toString());
  }

  static Profile read(String json, String where) {
    JsonNode root;
    try {
      root = Json.read(json, where);
    } catch (WickException e) {
      String reason =
          e.getCause() instanceof JsonProcessingException p
              ? p.getOriginalMessage()
              : "it is empty";
      throw corrupt(where, "it is not valid JSON (" + reason + ")", e);
    }
    if (root == null || !root.isObject()) {
      throw corrupt(where, "it is not a JSON object", null);
    }
    if (!root.has(FORMAT_KEY)) {
      throw corrupt(where, "it lacks the '" + FORMAT_KEY + "' marker", null);
    }
    int version = root.get(FORMAT_KEY).asInt(-1);
    if (version != FORMAT_VERSION) {
      throw WickException.usage(
          "Profile "
              + where
              + " has format version "
              + root.get(FORMAT_KEY)
              + ", but this Wick reads version "
              + FORMAT_VERSION
              + "; profile the data again with this version of Wick.");
    }
    Reader r = new Reader(where);
    String source = r.text(root, "source", "");
    String createdAt = r.text(root, "createdAt", "");
    long rows = r.count(root, "rowCount", "");
    int top = (int) r.count(root, "top", "");
    JsonNode fields = root.get("fields");
    if (fields == null || !fields.isArray()) {
      throw corrupt(where, "it has no 'fields' list", null);
    }
    List<FieldProfile> out = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      out.add(r.field(fields.get(i), "field #" + (i + 1)));
    }
    try {
      return new Profile(source, createdAt, rows, top, out);
    } catch (IllegalArgumentException e) {
      throw corrupt(where, e.getMessage(), e);
    }
  }

  private static WickException corrupt(String where, String why, Throwable cause) {
    return WickException.usage(
        "Profile "
            + where
            + " is not a valid Wick profile: "
            + why
            + "; write it again with 'wick profile'.",
        cause);
  }

  /** Reads properties, naming the file and the place in it when one is missing or wrong. */
  private static final class Reader {
    private final String where;

    Reader(String where) {
      this.where = where;
    }

    FieldProfile field(JsonNode n, String at) {
      if (n == null || !n.isObject()) {
        throw corrupt(where, at + " is not an object", null);
      }
      String path = text(n, "path", at);
      String fat = "field '" + path + "'";
      String type = text(n, "type", fat);
      String kindName = text(n, "kind", fat);
      FieldKind kind;
      try {
        kind = FieldKind.valueOf(kindName.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw corrupt(where, fat + " has the unknown kind '" + kindName + "'", e);
      }
      long count = count(n, "count", fat);
      long nulls = count(n, "nulls", fat);
      Optional<Distinct> distinct =
          optional(n, "distinct")
              .map(
                  d ->
                      new Distinct(
                          number(d, "estimate", fat + " distinct"),
                          number(d, "lower", fat + " distinct"),
                          number(d, "upper", fat + " distinct")));
      Optional<NumericStats> numeric = optional(n, "numeric").map(s -> numeric(s, fat));
      Optional<TextStats> textStats =
          optional(n, "text")
              .map(
                  t ->
                      new TextStats(
                          count(t, "empty", fat + " text"),
                          count(t, "minLength", fat + " text"),
                          count(t, "maxLength", fat + " text"),
                          number(t, "meanLength", fat + " text")));
      List<ValueCount> top = new ArrayList<>();
      JsonNode tv = n.get("topValues");
      if (tv != null) {
        if (!tv.isArray()) {
          throw corrupt(where, fat + " has 'topValues' that is not a list", null);
        }
        for (JsonNode v : tv) {
          top.add(new ValueCount(text(v, "value", fat + " top value"), count(v, "count", fat)));
        }
      }
      boolean redacted = n.has("redacted") && n.get("redacted").asBoolean(false);
      Optional<SemanticStats> semantic =
          optional(n, "semantic")
              .map(
                  s -> {
                    try {
                      return new SemanticStats(
                          text(s, "type", fat + " semantic"),
                          count(s, "checked", fat + " semantic"),
                          count(s, "valid", fat + " semantic"));
                    } catch (IllegalArgumentException e) {
                      throw corrupt(where, fat + ": " + e.getMessage(), e);
                    }
                  });
      FieldSketches sketches = FieldSketches.none();
      Optional<JsonNode> sk = optional(n, "sketches");
      if (sk.isPresent()) {
        sketches =
            FieldSketches.of(
                base64(sk.get(), "hll", fat),
                base64(sk.get(), "kll", fat),
                base64(sk.get(), "items", fat));
      }
      try {
        return new FieldProfile(
            path, type, kind, count, nulls, distinct, numeric, textStats, top, redacted, semantic,
            sketches);
      } catch (IllegalArgumentException e) {
        throw corrupt(where, e.getMessage(), e);
      }
    }

    NumericStats numeric(JsonNode s, String fat) {
      String at = fat + " numeric";
      Map<String, Double> q = new LinkedHashMap<>();
      JsonNode qs = s.get("quantiles");
      if (qs == null || !qs.isObject()) {
        throw corrupt(where, at + " lacks 'quantiles'", null);
      }
      qs.fieldNames().forEachRemaining(k -> q.put(k, number(qs, k, at + " quantiles")));
      List<NumericStats.Bin> bins = new ArrayList<>();
      JsonNode hs = s.get("histogram");
      if (hs == null || !hs.isArray()) {
        throw corrupt(where, at + " lacks 'histogram'", null);
      }
      for (JsonNode b : hs) {
        bins.add(
            new NumericStats.Bin(
                number(b, "low", at + " histogram"),
                number(b, "high", at + " histogram"),
                count(b, "count", at + " histogram")));
      }
      return new NumericStats(
          count(s, "n", at),
          number(s, "min", at),
          number(s, "max", at),
          number(s, "mean", at),
          number(s, "stddev", at),
          count(s, "zeros", at),
          count(s, "nan", at),
          count(s, "infinite", at),
          q,
          bins);
    }

    Optional<JsonNode> optional(JsonNode n, String key) {
      JsonNode v = n.get(key);
      if (v == null || v.isNull()) {
        return Optional.empty();
      }
      if (!v.isObject()) {
        throw corrupt(where, "'" + key + "' is not an object", null);
      }
      return Optional.of(v);
    }

    String text(JsonNode n, String key, String at) {
      JsonNode v = n == null ? null : n.get(key);
      if (v == null || !v.isTextual()) {
        throw corrupt(where, prefix(at) + "'" + key + "' is missing or not text", null);
      }
      return v.asText();
    }

    long count(JsonNode n, String key, String at) {
      JsonNode v = n == null ? null : n.get(key);
      if (v == null || !v.canConvertToLong() || !v.isIntegralNumber() || v.asLong() < 0) {
        throw corrupt(
            where, prefix(at) + "'" + key + "' is missing or not a whole number >= 0", null);
      }
      return v.asLong();
    }

    double number(JsonNode n, String key, String at) {
      JsonNode v = n == null ? null : n.get(key);
      if (v != null && v.isNumber()) {
        return v.asDouble();
      }
      if (v != null && v.isTextual()) {
        switch (v.asText()) {
          case "NaN":
            return Double.NaN;
          case "Infinity":
            return Double.POSITIVE_INFINITY;
          case "-Infinity":
            return Double.NEGATIVE_INFINITY;
          default:
            break;
        }
      }
      throw corrupt(where, prefix(at) + "'" + key + "' is missing or not a number", null);
    }

    byte[] base64(JsonNode n, String key, String at) {
      JsonNode v = n.get(key);
      if (v == null || v.isNull()) {
        return null;
      }
      try {
        return Base64.getDecoder().decode(v.asText());
      } catch (IllegalArgumentException e) {
        throw corrupt(where, at + " has a '" + key + "' sketch that is not base64", e);
      }
    }

    private static String prefix(String at) {
      return at.isEmpty() ? "" : at + ": ";
    }
  }
}
