package dev.wick.checks;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.ResolvedPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.profiler.FieldProfile;
import dev.wick.profiler.Profile;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The schema {@link Suggestions} annotates: the given Avro schema, whose fields must be the
 * profile's top-level fields, or one derived from the profile's top-level fields and types
 * (nullable where the profile saw nulls).
 */
final class ProfiledSchema {
  private ProfiledSchema() {}

  /**
   * The schema suggestions are about: {@code schema} read into Wick's model, when given, after
   * checking its fields are the profile's top-level fields; else one derived from the profile.
   */
  static Schema model(Profile profile, Optional<org.apache.avro.Schema> schema) {
    Schema model = schema.map(Schemas::fromAvro).orElseGet(() -> derived(profile));
    schema.ifPresent(a -> matches(profile, model));
    return model;
  }

  /** The field at {@code path} in {@code model}, empty when the model has none there. */
  static Optional<ResolvedPath> resolve(Schema model, String path) {
    try {
      return Optional.of(model.resolve(path));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private static void matches(Profile profile, Schema model) {
    Set<String> profiled = new LinkedHashSet<>();
    for (String p : profile.paths()) {
      if (!p.contains(".") && !p.contains("[]") && !p.contains("{}")) {
        profiled.add(p);
      }
    }
    Set<String> declared = new LinkedHashSet<>();
    model.fields().forEach(f -> declared.add(f.name()));
    for (String p : profiled) {
      if (!declared.contains(p)) {
        throw mismatch(profile, "'" + p + "' is in the profile but not in the schema");
      }
    }
    for (String name : declared) {
      if (!profiled.contains(name)) {
        throw mismatch(profile, "'" + name + "' is in the schema but not in the profile");
      }
    }
  }

  private static WickException mismatch(Profile profile, String what) {
    return WickException.usage(
        "The schema does not match the profile of "
            + profile.source()
            + ": field "
            + what
            + "; give the schema of the profiled data, or none to derive one from the profile.");
  }

  private static Schema derived(Profile profile) {
    List<Field> fields = new ArrayList<>();
    for (FieldProfile f : profile.fields()) {
      if (f.path().contains(".") || f.path().contains("[]") || f.path().contains("{}")) {
        continue;
      }
      DataType type = simpleType(profile, f);
      fields.add(f.nulls() > 0 ? Field.nullable(f.path(), type) : Field.of(f.path(), type));
    }
    if (fields.isEmpty()) {
      throw WickException.usage(
          "The profile of "
              + profile.source()
              + " has no fields to derive a schema from; profile data with at least one field.");
    }
    return Schema.of("Suggested", fields);
  }

  private static DataType simpleType(Profile profile, FieldProfile f) {
    String t = f.type();
    switch (t) {
      case "boolean":
        return new DataType.BooleanType();
      case "int":
        return new DataType.IntType();
      case "long":
        return new DataType.LongType();
      case "float":
        return new DataType.FloatType();
      case "double":
        return new DataType.DoubleType();
      case "string":
        return new DataType.StringType();
      case "uuid":
        return new DataType.UuidType();
      case "bytes":
        return new DataType.BytesType();
      case "date":
        return new DataType.DateType();
      default:
        break;
    }
    if (t.startsWith("enum ")) {
      // Spark reads an Avro enum as text; the derived schema holds its symbols as strings.
      return new DataType.StringType();
    }
    java.util.regex.Matcher decimal =
        java.util.regex.Pattern.compile("decimal\\((\\d+), ?(\\d+)\\)").matcher(t);
    if (decimal.matches()) {
      return new DataType.DecimalType(
          Integer.parseInt(decimal.group(1)), Integer.parseInt(decimal.group(2)));
    }
    for (String prefix : List.of("timestamp-", "local-timestamp-")) {
      if (t.startsWith(prefix)) {
        String unit = t.substring(prefix.length()).toUpperCase(java.util.Locale.ROOT);
        for (DataType.Precision p : DataType.Precision.values()) {
          if (p.name().equals(unit)) {
            return new DataType.TimestampType(p, prefix.equals("timestamp-"));
          }
        }
      }
    }
    throw WickException.usage(
        "Field '"
            + f.path()
            + "' of the profile of "
            + profile.source()
            + " is a "
            + t
            + ", which a schema derived from the profile cannot hold; give the data's Avro schema.");
  }
}
