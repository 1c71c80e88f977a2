package dev.wick.checks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.io.Output;
import dev.wick.core.json.Json;
import dev.wick.profiler.Profile;
import java.util.List;
import java.util.Objects;

/**
 * What {@link Suggestions#suggest()} proposes: the checks, the Avro schema annotated with {@code
 * wick.semantic} types, and each suggestion with the statistic it came from. {@link #writeTo}
 * writes them as {@value #CHECKS_YAML}, {@value #SCHEMA_AVSC} and {@value #SUGGESTIONS_JSON}, which
 * also lists the {@link #findings()}.
 */
public final class SuggestedChecks {
  /** The checks file, YAML. */
  public static final String CHECKS_YAML = "checks.yaml";

  /** The annotated Avro schema. */
  public static final String SCHEMA_AVSC = "schema.avsc";

  /** Each suggestion and why, JSON. */
  public static final String SUGGESTIONS_JSON = "suggestions.json";

  private final Profile profile;
  private final Checks checks;
  private final org.apache.avro.Schema schema;
  private final boolean derived;
  private final List<Suggestion> suggestions;
  private final List<Finding> findings;

  SuggestedChecks(
      Profile profile,
      Checks checks,
      org.apache.avro.Schema schema,
      boolean derived,
      List<Suggestion> suggestions,
      List<Finding> findings) {
    this.profile = Objects.requireNonNull(profile, "profile");
    this.checks = Objects.requireNonNull(checks, "checks");
    this.schema = Objects.requireNonNull(schema, "schema");
    this.derived = derived;
    this.suggestions = List.copyOf(suggestions);
    this.findings = List.copyOf(findings);
  }

  /** The proposed checks, in the profile's field order after the row count. */
  public Checks checks() {
    return checks;
  }

  /** The Avro schema with the suggested semantic types as {@code wick.semantic} properties. */
  public org.apache.avro.Schema schema() {
    return schema;
  }

  /** Whether the schema was derived from the profile's fields rather than given. */
  public boolean schemaDerived() {
    return derived;
  }

  /** Every suggestion with its reason, in order. */
  public List<Suggestion> suggestions() {
    return suggestions;
  }

  /**
   * What the profiled data already breaks or lacks, which the checks give up to pass on it: a
   * schema's rule the data breaks, repeats in a key candidate, stale data.
   */
  public List<Finding> findings() {
    return findings;
  }

  /** The suggestions as {@value #SUGGESTIONS_JSON} text. */
  public String toJson() {
    ObjectNode root = Json.object();
    root.put("profile", profile.source());
    root.put("rows", profile.rowCount());
    root.put("schema", derived ? "derived" : "given");
    ArrayNode list = root.putArray("suggestions");
    for (Suggestion s : suggestions) {
      ObjectNode o = list.addObject();
      if (!s.field().isEmpty()) {
        o.put("field", s.field());
      }
      s.check().ifPresent(c -> o.set("check", ChecksFile.tree(Checks.of(c)).get("checks").get(0)));
      s.semantic().ifPresent(t -> o.put("semantic", t));
      o.put("because", s.because());
    }
    ArrayNode found = root.putArray("findings");
    for (Finding f : findings) {
      found
          .addObject()
          .put("field", f.field())
          .put("kind", f.kind().text())
          .put("message", f.message());
    }
    return Json.write(root);
  }

  /** Writes {@value #CHECKS_YAML}, {@value #SCHEMA_AVSC} and {@value #SUGGESTIONS_JSON}. */
  public void writeTo(Output out) {
    out.writeString(CHECKS_YAML, checks.toYaml());
    out.writeString(SCHEMA_AVSC, schema.toString(true) + "\n");
    out.writeString(SUGGESTIONS_JSON, toJson());
  }
}
