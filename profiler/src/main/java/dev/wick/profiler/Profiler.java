package dev.wick.profiler;

import dev.wick.core.WickException;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.profiler.internal.ProfilePlan;
import dev.wick.profiler.internal.ProfileScan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Profiles datasets in one pass: every field path (nested records, array elements and map values
 * included) gets exact counts and nulls, and mergeable sketches for distinct counts, quantiles and
 * frequent values, built per partition and merged on the driver with no shuffle of data rows.
 *
 * <pre>{@code
 * Profile profile = Profiler.defaults().top(20).redact("email").profile(plays, "plays");
 * }</pre>
 *
 * <p>A {@code Profiler} is immutable: each setter returns a new one, checking its argument at once
 * (a blank path, a top count out of range) with a {@link WickException} naming the fix. Field paths
 * given to {@link #fields} and {@link #redact} are resolved against the data's schema by {@link
 * #profile}, before any Spark job runs; an unknown one fails with the nearest names.
 */
public final class Profiler {
  /** The most top values a profile may list per field. */
  public static final int MAX_TOP = 1000;

  private static final Profiler DEFAULTS = new Profiler(List.of(), List.of(), 10);

  private final List<String> fields;
  private final List<String> redact;
  private final int top;

  private Profiler(List<String> fields, List<String> redact, int top) {
    this.fields = List.copyOf(fields);
    this.redact = List.copyOf(redact);
    this.top = top;
  }

  /** A profiler of every field, listing 10 top values, redacting nothing. */
  public static Profiler defaults() {
    return DEFAULTS;
  }

  /** Also profile only these paths and the paths below them (default: every path). */
  public Profiler fields(String... paths) {
    return fields(Arrays.asList(paths));
  }

  /** Also profile only these paths and the paths below them (default: every path). */
  public Profiler fields(List<String> paths) {
    requireNamed(paths, "fields", "the profiled fields", "user.id");
    return new Profiler(concat(fields, paths), redact, top);
  }

  /** Also keep the statistics of these paths (and those below) but not their top values. */
  public Profiler redact(String... paths) {
    return redact(Arrays.asList(paths));
  }

  /** Also keep the statistics of these paths (and those below) but not their top values. */
  public Profiler redact(List<String> paths) {
    requireNamed(paths, "redact", "the redacted fields", "user.email");
    return new Profiler(fields, concat(redact, paths), top);
  }

  private static void requireNamed(
      List<String> paths, String setting, String words, String example) {
    for (String p : paths) {
      if (p == null || p.isBlank()) {
        throw WickException.usage(
                "A path of " + words + " is blank; name a field such as " + example + ".")
            .about(setting, words);
      }
    }
  }

  /** How many top values to list per field, 1 to {@value Profiler#MAX_TOP} (default 10). */
  public Profiler top(int top) {
    if (top < 1 || top > MAX_TOP) {
      throw WickException.usage(
              "top " + top + " is out of range; pass a number from 1 to " + MAX_TOP + ".")
          .about("top", "top");
    }
    return new Profiler(fields, redact, top);
  }

  /** Profiles {@code data}; {@code source} (a path or table name) is recorded for people. */
  public Profile profile(Dataset<Row> data, String source) {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(source, "source");
    Schema schema = Schemas.fromSpark(data.schema());
    return profile(data, schema, source);
  }

  /**
   * Profiles {@code data} whose model is {@code schema} (the schema's semantic types and Avro-only
   * types, which Spark's own schema may not carry, then count).
   */
  public Profile profile(Dataset<Row> data, Schema schema, String source) {
    ProfilePlan plan = ProfilePlan.of(data, schema, fields, redact);
    return ProfileScan.run(plan, source, top);
  }

  private static List<String> concat(List<String> before, List<String> more) {
    List<String> out = new ArrayList<>(before);
    out.addAll(more);
    return out;
  }
}
