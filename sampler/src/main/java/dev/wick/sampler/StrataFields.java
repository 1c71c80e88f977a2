package dev.wick.sampler;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.ResolvedPath;
import dev.wick.core.schema.Schema;
import java.util.List;

/** Field paths of {@code strata}: resolution through core. */
final class StrataFields {
  private StrataFields() {}

  /** Resolves the strata fields, which must be groupable (no maps). */
  static List<ResolvedPath> resolveStrata(Schema schema, List<String> names) {
    return names.stream()
        .map(
            n -> {
              ResolvedPath r = schema.resolve(n);
              if (r.repeated()) {
                throw Schema.manyValuesPerRecord(n, "strata").about("strata", "strata");
              }
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
