package dev.wick.sampler;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.ResolvedPath;
import dev.wick.core.schema.Schema;
import java.util.List;

/** Field paths of {@code strata}: resolution through core. */
final class Fields {
  private Fields() {}

  /**
   * Resolves {@code name} against {@code schema} (failing with core's "did you mean" message) and
   * requires one value per record: no step into an array or map.
   */
  private static ResolvedPath resolveSingle(Schema schema, String name) {
    ResolvedPath resolved = schema.resolve(name);
    if (resolved.repeated()) {
      throw WickException.usage(
              "Field '"
                  + name
                  + "' steps into an array or map, so a record holds many values there; name a"
                  + " field with one value per record in strata.")
          .about("strata", "strata");
    }
    return resolved;
  }

  /** Resolves the strata fields, which must be groupable (no maps). */
  static List<ResolvedPath> resolveStrata(Schema schema, List<String> names) {
    return names.stream()
        .map(
            n -> {
              ResolvedPath r = resolveSingle(schema, n);
              if (r.type() instanceof MapType) {
                throw WickException.usage(
                        "Field '"
                            + n
                            + "' is a map, which Spark cannot group by; name a field of it or"
                            + " another field in strata.")
                    .about("strata", "strata");
              }
              return r;
            })
        .toList();
  }
}
