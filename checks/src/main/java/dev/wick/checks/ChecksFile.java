package dev.wick.checks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.wick.core.WickException;
import dev.wick.core.json.Json;
import dev.wick.core.schema.SemanticSpec;
import dev.wick.core.spark.UnsupportedPatternException;
import dev.wick.core.spark.WholeMatch;
import dev.wick.core.validation.SemanticTypes;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** Reads and writes the checks file (JSON through core's {@link Json}, or YAML). */
final class ChecksFile {
  private static final YAMLMapper YAML =
      YAMLMapper.builder()
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .build();

  static final List<String> TOP_KEYS = List.of("checks", "baseline", "references");
  private static final List<String> COMMON = List.of("check", "name", "severity");

  /** Each kind's keys beyond {@link #COMMON}, in the order the writer puts them. */
  static final Map<String, List<String>> KEYS = new LinkedHashMap<>();

  static {
    KEYS.put("rowCount", List.of("min", "max", "minRatio", "maxRatio"));
    KEYS.put("completeness", List.of("field", "min"));
    KEYS.put("unique", List.of("fields", "field"));
    KEYS.put("distinct", List.of("field", "min", "max", "minRatio", "maxRatio"));
    KEYS.put("allowedValues", List.of("field", "values", "minFraction"));
    KEYS.put("range", List.of("field", "min", "max"));
    KEYS.put("mean", List.of("field", "min", "max"));
    KEYS.put("quantile", List.of("field", "q", "min", "max"));
    KEYS.put("regex", List.of("field", "pattern", "minFraction"));
    KEYS.put("semantic", List.of("field", "type", "minFraction"));
    KEYS.put("predicate", List.of("sql", "minFraction"));
    KEYS.put("references", List.of("field", "in"));
    KEYS.put("freshness", List.of("field", "maxAge", "at"));
  }

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
              + String.join(", ", KEYS.keySet())
              + ".");
    }
    String kind = kindNode.asText();
    if (!KEYS.containsKey(kind)) {
      throw WickException.usage(
          at
              + " has the unknown kind '"
              + kind
              + "'"
              + nearest(kind, KEYS.keySet())
              + "; the kinds are "
              + String.join(", ", KEYS.keySet())
              + ".");
    }
    String here = at + " (" + kind + ")";
    List<String> allowed = new ArrayList<>(COMMON);
    allowed.addAll(KEYS.get(kind));
    unknownKeys(node, allowed, here + " has", "its keys are");
    Fields f = new Fields(node, here);
    Check.Rule rule =
        switch (kind) {
          case "rowCount" -> rowCount(f);
          case "completeness" -> new Check.Completeness(f.field(), f.fraction("min", null));
          case "unique" -> unique(f);
          case "distinct" -> {
            String field = f.field();
            boolean relative = f.node.has("minRatio") || f.node.has("maxRatio");
            if (relative && (f.node.has("min") || f.node.has("max"))) {
              throw WickException.usage(
                  here + " mixes min or max with minRatio or maxRatio; write two distinct checks.");
            }
            if (relative) {
              OptionalDouble lo = f.share("minRatio");
              OptionalDouble hi = f.share("maxRatio");
              f.ordered(lo, hi);
              yield new Check.DistinctRatio(field, lo, hi);
            }
            OptionalLong min = f.count("min");
            OptionalLong max = f.count("max");
            f.ordered(
                min.isPresent() ? OptionalDouble.of(min.getAsLong()) : OptionalDouble.empty(),
                max.isPresent() ? OptionalDouble.of(max.getAsLong()) : OptionalDouble.empty());
            yield new Check.Distinct(field, min, max);
          }
          case "allowedValues" ->
              new Check.AllowedValues(f.field(), f.values(), f.fraction("minFraction", 1.0));
          case "range" -> {
            String field = f.field();
            yield new Check.Range(field, f.bound("min"), f.bound("max"));
          }
          case "mean" -> new Check.Mean(f.field(), f.bound("min"), f.bound("max"));
          case "quantile" -> {
            String field = f.field();
            double q = f.fraction("q", null);
            yield new Check.Quantile(field, q, f.bound("min"), f.bound("max"));
          }
          case "regex" -> {
            String field = f.field();
            String pattern = f.text("pattern", "a regular expression such as [A-Z]{2}");
            try {
              Pattern.compile(pattern);
            } catch (PatternSyntaxException e) {
              throw WickException.usage(
                  here
                      + ": pattern '"
                      + pattern
                      + "' is not a regular expression ("
                      + e.getDescription()
                      + " at index "
                      + e.getIndex()
                      + "); fix the pattern.");
            } catch (StackOverflowError e) {
              throw WickException.usage(
                  here + ": pattern '" + pattern + "' is nested too deep to read; simplify it.");
            }
            try {
              WholeMatch.of(pattern);
            } catch (UnsupportedPatternException e) {
              throw WickException.usage(here + ": " + e.getMessage());
            }
            yield new Check.Regex(field, pattern, f.fraction("minFraction", 1.0));
          }
          case "semantic" -> {
            String field = f.field();
            String type = f.text("type", "a semantic type such as country_code");
            semanticType(type, field, here);
            yield new Check.Semantic(field, type, f.fraction("minFraction", 1.0));
          }
          case "predicate" ->
              new Check.Predicate(
                  f.text("sql", "a SQL predicate such as ended_at >= started_at"),
                  f.fraction("minFraction", 1.0));
          case "references" -> references(f);
          case "freshness" -> freshness(f);
          default -> throw new IllegalStateException(kind);
        };
    f.boundsOrdered(rule);
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

  /** Checks a semantic type's name and parameters; a bad one fails naming the check. */
  static void semanticType(String type, String field, String here) {
    try {
      SemanticTypes.create(SemanticSpec.parse(type), field);
    } catch (IllegalArgumentException e) {
      throw WickException.usage(here + ": type " + e.getMessage() + "; fix the semantic type.");
    } catch (WickException e) {
      throw WickException.usage(here + ": " + e.getMessage(), e);
    }
  }

  private static Check.Rule rowCount(Fields f) {
    boolean absolute = f.node.has("min") || f.node.has("max");
    boolean relative = f.node.has("minRatio") || f.node.has("maxRatio");
    if (absolute && relative) {
      throw WickException.usage(
          f.here + " mixes min or max with minRatio or maxRatio; write two rowCount checks.");
    }
    if (!absolute && !relative) {
      throw WickException.usage(
          f.here
              + " has no bound; give min or max (rows), or minRatio or maxRatio (of the"
              + " baseline's rows).");
    }
    if (relative) {
      return new Check.RowCountRatio(f.ratio("minRatio"), f.ratio("maxRatio"));
    }
    return new Check.RowCount(f.count("min"), f.count("max"));
  }

  private static Check.Rule unique(Fields f) {
    if (f.node.has("fields") && f.node.has("field")) {
      throw WickException.usage(
          f.here + " has both field and fields; give the key's fields under fields alone.");
    }
    if (f.node.has("field")) {
      return new Check.Unique(List.of(f.field()));
    }
    JsonNode list = f.node.get("fields");
    if (list == null) {
      throw WickException.usage(
          f.here + " lacks fields; give the key's fields, such as fields: [user_id, day].");
    }
    List<String> fields = new ArrayList<>();
    if (list.isArray()) {
      for (JsonNode n : list) {
        if (!n.isTextual() || n.asText().isBlank()) {
          fields = null;
          break;
        }
        fields.add(n.asText());
      }
    }
    if (fields == null || !list.isArray() || fields.isEmpty()) {
      throw WickException.usage(
          f.here
              + ": fields is "
              + describe(list)
              + "; give a list of field names, such as fields: [user_id, day].");
    }
    return new Check.Unique(fields);
  }

  private static Check.Rule references(Fields f) {
    String field = f.field();
    String in = f.text("in", "the referenced dataset and field, such as users.user_id");
    int dot = in.indexOf('.');
    if (dot <= 0 || dot == in.length() - 1) {
      throw WickException.usage(
          f.here
              + ": in is '"
              + in
              + "', which does not name a dataset and its field; write it as DATASET.FIELD, such"
              + " as users.user_id.");
    }
    return new Check.References(field, in.substring(0, dot), in.substring(dot + 1));
  }

  private static Check.Rule freshness(Fields f) {
    String field = f.field();
    String age = f.text("maxAge", "a duration such as 36h, 7d or PT30M");
    java.time.Duration maxAge = Numbers.parseDuration(age);
    if (maxAge == null || maxAge.isNegative() || maxAge.isZero()) {
      throw WickException.usage(
          f.here
              + ": maxAge is '"
              + age
              + "', not a positive duration; write it as 36h, 7d, 90m, 30s or PT36H.");
    }
    Optional<Instant> at = Optional.empty();
    JsonNode atNode = f.node.get("at");
    if (atNode != null && !atNode.isNull()) {
      try {
        at = Optional.of(Instant.parse(atNode.asText()));
      } catch (DateTimeParseException e) {
        throw WickException.usage(
            f.here
                + ": at is "
                + describe(atNode)
                + ", not an instant; write it as 2024-05-01T00:00:00Z, or leave it out for now.");
      }
    }
    return new Check.Freshness(field, maxAge, at);
  }

  /** The keys of one object and the check it belongs to, with typed readers. */
  private record Fields(JsonNode node, String here) {
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

    void boundsOrdered(Check.Rule rule) {
      if (rule instanceof Check.Range r) {
        needBound(r.min(), r.max());
      } else if (rule instanceof Check.Mean r) {
        needBound(r.min(), r.max());
      } else if (rule instanceof Check.Quantile r) {
        needBound(r.min(), r.max());
      } else if (rule instanceof Check.DistinctRatio r) {
        needBound(r.minRatio(), r.maxRatio());
      } else if (rule instanceof Check.RowCountRatio r) {
        ordered(r.minRatio(), r.maxRatio());
      } else if (rule instanceof Check.RowCount r) {
        ordered(
            r.min().isPresent() ? OptionalDouble.of(r.min().getAsLong()) : OptionalDouble.empty(),
            r.max().isPresent() ? OptionalDouble.of(r.max().getAsLong()) : OptionalDouble.empty());
      }
    }

    private void needBound(OptionalDouble min, OptionalDouble max) {
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
                + nearest(key, allowed)
                + "; "
                + listing
                + " "
                + String.join(", ", allowed)
                + ".");
      }
    }
  }

  /** {@code " (did you mean 'x'?)"} for the nearest of {@code names}, or nothing. */
  static String nearest(String name, java.util.Collection<String> names) {
    String best =
        names.stream()
            .min(
                Comparator.comparingInt((String n) -> distance(name.toLowerCase(), n.toLowerCase()))
                    .thenComparing(n -> n))
            .orElse(null);
    if (best == null
        || distance(name.toLowerCase(), best.toLowerCase()) > Math.max(2, best.length() / 2)) {
      return "";
    }
    return " (did you mean '" + best + "'?)";
  }

  /** Levenshtein distance. */
  static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
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

  private static void write(Check.Rule rule, ObjectNode o) {
    if (rule instanceof Check.RowCount r) {
      r.min().ifPresent(v -> o.put("min", v));
      r.max().ifPresent(v -> o.put("max", v));

    } else if (rule instanceof Check.RowCountRatio r) {
      r.minRatio().ifPresent(v -> o.put("minRatio", v));
      r.maxRatio().ifPresent(v -> o.put("maxRatio", v));

    } else if (rule instanceof Check.Completeness r) {
      o.put("field", r.field()).put("min", r.min());
    } else if (rule instanceof Check.Unique r) {
      ArrayNode a = o.putArray("fields");
      r.fields().forEach(a::add);

    } else if (rule instanceof Check.Distinct r) {
      o.put("field", r.field());
      r.min().ifPresent(v -> o.put("min", v));
      r.max().ifPresent(v -> o.put("max", v));

    } else if (rule instanceof Check.DistinctRatio r) {
      o.put("field", r.field());
      r.minRatio().ifPresent(v -> o.put("minRatio", v));
      r.maxRatio().ifPresent(v -> o.put("maxRatio", v));

    } else if (rule instanceof Check.AllowedValues r) {
      o.put("field", r.field());
      ArrayNode a = o.putArray("values");
      for (Object v : r.values()) {
        if (v instanceof Long l) {
          a.add(l);
        } else if (v instanceof Double d) {
          a.add(d);
        } else if (v instanceof Boolean b) {
          a.add(b);
        } else {
          a.add(String.valueOf(v));
        }
      }
      fraction(o, r.minFraction());
    } else if (rule instanceof Check.Range r) {
      bounds(o.put("field", r.field()), r.min(), r.max());
    } else if (rule instanceof Check.Mean r) {
      bounds(o.put("field", r.field()), r.min(), r.max());
    } else if (rule instanceof Check.Quantile r) {
      bounds(o.put("field", r.field()).put("q", r.q()), r.min(), r.max());
    } else if (rule instanceof Check.Regex r) {
      fraction(o.put("field", r.field()).put("pattern", r.pattern()), r.minFraction());
    } else if (rule instanceof Check.Semantic r) {
      fraction(o.put("field", r.field()).put("type", r.type()), r.minFraction());
    } else if (rule instanceof Check.Predicate r) {
      fraction(o.put("sql", r.sql()), r.minFraction());
    } else if (rule instanceof Check.References r) {
      o.put("field", r.field()).put("in", r.dataset() + "." + r.datasetField());
    } else if (rule instanceof Check.Freshness r) {
      o.put("field", r.field()).put("maxAge", Numbers.duration(r.maxAge()));
      r.at().ifPresent(at -> o.put("at", at.toString()));
    }
  }

  private static void bounds(ObjectNode o, OptionalDouble min, OptionalDouble max) {
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

  private static void fraction(ObjectNode o, double minFraction) {
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
