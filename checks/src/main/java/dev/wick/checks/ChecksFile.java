package dev.wick.checks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.wick.core.WickException;
import dev.wick.core.json.Json;
import dev.wick.core.report.DidYouMean;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

/** Reads and writes the checks file (JSON through core's {@link Json}, or YAML). */
final class ChecksFile {
  private static final YAMLMapper YAML =
      YAMLMapper.builder()
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .build();

  static final List<String> TOP_KEYS = List.of("checks", "baseline", "references");
  private static final List<String> COMMON = List.of("check", "name", "severity");

  private ChecksFile() {}

  // ------------------------------------------------------------------ reading

  static Checks parse(String text, String where, boolean yaml) {
    JsonNode root = yaml ? readYaml(text, where) : readJson(text, where);
    if (!root.isObject()) {
      throw WickException.usage(
          where
              + " holds "
              + describe(root)
              + ", not an object; put the checks in a list under"
              + " checks.");
    }
    unknownKeys(root, TOP_KEYS, where + " has", where + " may hold");
    Checks checks = Checks.none();
    JsonNode baseline = root.get("baseline");
    if (baseline != null && !baseline.isNull()) {
      if (!baseline.isTextual() || baseline.asText().isBlank()) {
        throw WickException.usage(
            "The baseline in "
                + where
                + " is "
                + describe(baseline)
                + "; give the path of a profile.json as a string.");
      }
      checks = checks.baseline(baseline.asText());
    }
    JsonNode refs = root.get("references");
    if (refs != null && !refs.isNull()) {
      if (!refs.isArray()) {
        throw WickException.usage(
            "The references in "
                + where
                + " are "
                + describe(refs)
                + "; give a list of objects with a name and a path.");
      }
      for (JsonNode ref : refs) {
        String name = ref.path("name").asText("");
        String path = ref.path("path").asText("");
        if (!ref.isObject()
            || !ref.path("name").isTextual()
            || !ref.path("path").isTextual()
            || name.isBlank()
            || path.isBlank()) {
          throw WickException.usage(
              "A reference in "
                  + where
                  + " is "
                  + describe(ref)
                  + "; give each reference as an object with a name and a path.");
        }
        unknownKeys(
            ref,
            List.of("name", "path"),
            "Reference '" + name + "' in " + where + " has",
            "its keys are");
        checks = checks.reference(name, path);
      }
    }
    JsonNode list = root.get("checks");
    if (list == null || !list.isArray()) {
      throw WickException.usage(
          where
              + (list == null ? " has no checks" : " has checks that are not a list")
              + "; list them under checks, such as checks: [{check: unique, fields: [id]}].");
    }
    int i = 0;
    for (JsonNode node : list) {
      i++;
      checks = checks.and(check(node, "Check " + i + " in " + where));
    }
    return checks;
  }

  private static JsonNode readJson(String text, String where) {
    try {
      return Json.read(text, where);
    } catch (WickException e) {
      throw WickException.usage(
          e.getMessage().replace("give a file that Wick wrote", "fix the checks file"), e);
    }
  }

  private static JsonNode readYaml(String text, String where) {
    try {
      JsonNode node = YAML.readTree(text);
      if (node == null || node.isMissingNode() || node.isNull()) {
        throw WickException.usage(where + " is empty; list the checks under checks.");
      }
      return node;
    } catch (JsonProcessingException e) {
      String reason = e.getOriginalMessage().strip().split("\n")[0];
      int line = e.getLocation() == null ? -1 : e.getLocation().getLineNr();
      throw WickException.usage(
          where
              + " is not valid YAML ("
              + (line > 0 ? "line " + line + ": " : "")
              + reason
              + "); fix the checks file.",
          e);
    }
  }

  private static Check check(JsonNode node, String at) {
    if (!node.isObject()) {
      throw WickException.usage(
          at
              + " is "
              + describe(node)
              + "; write each check as an object naming its kind under check, such as"
              + " {check: unique, fields: [id]}.");
    }
    JsonNode kindNode = node.get("check");
    if (kindNode == null || !kindNode.isTextual()) {
      throw WickException.usage(
          at
              + " does not name its kind; add check: with one of "
              + String.join(", ", CheckKinds.names())
              + ".");
    }
    String kind = kindNode.asText();
    CheckKind<?> reader = CheckKinds.named(kind);
    if (reader == null) {
      throw WickException.usage(
          at
              + " has the unknown kind '"
              + kind
              + "'"
              + DidYouMean.suggestion(kind, CheckKinds.names())
              + "; the kinds are "
              + String.join(", ", CheckKinds.names())
              + ".");
    }
    String here = at + " (" + kind + ")";
    List<String> allowed = new ArrayList<>(COMMON);
    allowed.addAll(CheckKinds.keys(kind));
    unknownKeys(node, allowed, here + " has", "its keys are");
    Check.Rule rule = reader.parse(new Fields(node, here));
    Check check = Check.of(rule);
    JsonNode name = node.get("name");
    if (name != null) {
      if (!name.isTextual() || name.asText().isBlank()) {
        throw WickException.usage(
            here + ": name is " + describe(name) + "; give a name as a string, or leave it out.");
      }
      check = check.named(name.asText());
    }
    JsonNode severity = node.get("severity");
    if (severity != null) {
      String s = severity.isTextual() ? severity.asText() : "";
      if (!s.equals("error") && !s.equals("warn")) {
        throw WickException.usage(
            here
                + ": severity is "
                + describe(severity)
                + "; give error (fails the gate) or warn (only reports).");
      }
      check = check.severity(s.equals("warn") ? Severity.WARN : Severity.ERROR);
    }
    return check;
  }

  /** The keys of one object and the check it belongs to, with typed readers. */
  record Fields(JsonNode node, String here) {
    boolean has(String key) {
      return node.has(key);
    }

    String field() {
      return text("field", "the field it checks");
    }

    String text(String key, String what) {
      JsonNode v = node.get(key);
      if (v == null || v.isNull()) {
        throw WickException.usage(here + " lacks " + key + "; give " + what + ".");
      }
      if (!v.isTextual() || v.asText().isBlank()) {
        throw WickException.usage(
            here + ": " + key + " is " + describe(v) + "; give " + what + " as a string.");
      }
      return v.asText();
    }

    double fraction(String key, Double fallback) {
      JsonNode v = node.get(key);
      if (v == null || v.isNull()) {
        if (fallback == null) {
          throw WickException.usage(
              here + " lacks " + key + "; give a fraction between 0 and 1, such as 0.99.");
        }
        return fallback;
      }
      if (!v.isNumber() || !(v.asDouble() >= 0 && v.asDouble() <= 1)) {
        throw WickException.usage(
            here
                + ": "
                + key
                + " is "
                + describe(v)
                + "; give a fraction between 0 and 1, such as 0.99.");
      }
      return v.asDouble();
    }

    /** An optional share between 0 and 1. */
    OptionalDouble share(String key) {
      JsonNode v = node.get(key);
      return v == null || v.isNull()
          ? OptionalDouble.empty()
          : OptionalDouble.of(fraction(key, 0.0));
    }

    OptionalDouble ratio(String key) {
      JsonNode v = node.get(key);
      if (v == null || v.isNull()) {
        return OptionalDouble.empty();
      }
      if (!v.isNumber() || !(v.asDouble() >= 0) || !Double.isFinite(v.asDouble())) {
        throw WickException.usage(
            here
                + ": "
                + key
                + " is "
                + describe(v)
                + "; give a multiple of the baseline's rows, such as 0.9.");
      }
      return OptionalDouble.of(v.asDouble());
    }

    OptionalLong count(String key) {
      JsonNode v = node.get(key);
      if (v == null || v.isNull()) {
        return OptionalLong.empty();
      }
      if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0) {
        throw WickException.usage(
            here + ": " + key + " is " + describe(v) + "; give a whole number, 0 or more.");
      }
      return OptionalLong.of(v.asLong());
    }

    OptionalDouble bound(String key) {
      JsonNode v = node.get(key);
      if (v == null || v.isNull()) {
        return OptionalDouble.empty();
      }
      if (!v.isNumber() || !Double.isFinite(v.asDouble())) {
        throw WickException.usage(
            here + ": " + key + " is " + describe(v) + "; give a number, such as 0 or 99.5.");
      }
      return OptionalDouble.of(v.asDouble());
    }

    List<Object> values() {
      JsonNode v = node.get("values");
      List<Object> out = new ArrayList<>();
      if (v != null && v.isArray()) {
        for (JsonNode e : v) {
          if (e.isTextual()) {
            out.add(e.asText());
          } else if (e.isIntegralNumber() && e.canConvertToLong()) {
            out.add(e.asLong());
          } else if (e.isNumber()) {
            out.add(e.asDouble());
          } else if (e.isBoolean()) {
            out.add(e.asBoolean());
          } else {
            out = null;
            break;
          }
        }
      }
      if (v == null || !v.isArray() || out == null || out.isEmpty()) {
        throw WickException.usage(
            here
                + (v == null ? " lacks values" : ": values is " + describe(v))
                + "; give a list of the allowed values, such as values: [play, skip].");
      }
      return out;
    }

    void ordered(OptionalDouble min, OptionalDouble max) {
      if (min.isPresent() && max.isPresent() && min.getAsDouble() > max.getAsDouble()) {
        throw WickException.usage(
            here
                + ": min "
                + Numbers.text(min.getAsDouble())
                + " is above max "
                + Numbers.text(max.getAsDouble())
                + "; swap them.");
      }
    }

    /**
     * The rule {@code rule} makes of the field and its min and max, at least one of them given and
     * in order.
     */
    <R> R bounded(Bounded<R> rule) {
      String field = field();
      OptionalDouble min = bound("min");
      OptionalDouble max = bound("max");
      needBound(min, max);
      return rule.of(field, min, max);
    }

    /** A rule of a field and its bounds. */
    interface Bounded<R> {
      R of(String field, OptionalDouble min, OptionalDouble max);
    }

    /** Fails when neither bound is given, or when they are out of order. */
    void needBound(OptionalDouble min, OptionalDouble max) {
      if (min.isEmpty() && max.isEmpty()) {
        throw WickException.usage(here + " has no bound; give min, max or both.");
      }
      ordered(min, max);
    }
  }

  private static void unknownKeys(
      JsonNode node, List<String> allowed, String subject, String listing) {
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!allowed.contains(key)) {
        throw WickException.usage(
            subject
                + " the unknown key '"
                + key
                + "'"
                + DidYouMean.suggestion(key, allowed)
                + "; "
                + listing
                + " "
                + String.join(", ", allowed)
                + ".");
      }
    }
  }

  /** A JSON value for a message: {@code the string "x"}, {@code the number 3}, {@code a list}. */
  static String describe(JsonNode v) {
    if (v == null || v.isNull()) {
      return "null";
    }
    if (v.isTextual()) {
      return "the string \"" + v.asText() + "\"";
    }
    if (v.isNumber()) {
      return "the number " + v.asText();
    }
    if (v.isBoolean()) {
      return v.asText();
    }
    return v.isArray() ? "a list" : "an object";
  }

  // ------------------------------------------------------------------ writing

  static ObjectNode tree(Checks checks) {
    ObjectNode root = Json.object();
    checks.baseline().ifPresent(b -> root.put("baseline", b));
    if (!checks.references().isEmpty()) {
      ArrayNode refs = root.putArray("references");
      checks
          .references()
          .forEach((name, path) -> refs.addObject().put("name", name).put("path", path));
    }
    ArrayNode list = root.putArray("checks");
    for (Check c : checks.checks()) {
      ObjectNode o = list.addObject();
      o.put("check", c.rule().kind());
      if (!c.name().equals(c.rule().describe())) {
        o.put("name", c.name());
      }
      if (c.severity() == Severity.WARN) {
        o.put("severity", c.severity().text());
      }
      write(c.rule(), o);
    }
    return root;
  }

  private static <R extends Check.Rule> void write(R rule, ObjectNode o) {
    CheckKinds.of(rule).write(rule, o);
  }

  /** Writes the bounds present as min and max. */
  static void bounds(ObjectNode o, OptionalDouble min, OptionalDouble max) {
    min.ifPresent(v -> number(o, "min", v));
    max.ifPresent(v -> number(o, "max", v));
  }

  private static void number(ObjectNode o, String key, double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      o.put(key, (long) v);
    } else {
      o.put(key, v);
    }
  }

  /** Writes minFraction unless it is 1, the default. */
  static void fraction(ObjectNode o, double minFraction) {
    if (minFraction != 1.0) {
      o.put("minFraction", minFraction);
    }
  }

  static String json(Checks checks) {
    return Json.write(tree(checks));
  }

  static String yaml(Checks checks) {
    ObjectNode tree = tree(checks);
    Json.write(tree); // checks the keys' casing
    try {
      return YAML.writeValueAsString(tree);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A checks tree could not be written as YAML.", e);
    }
  }

  static final Set<String> YAML_EXTENSIONS = Set.of(".yaml", ".yml");
}
