package dev.wick.profiler;

import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.profiler.internal.ProfilePlan;
import dev.wick.profiler.internal.ProfileScan;
import java.util.ArrayList;
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
 * Profile profile = Profiler.builder().top(20).redact("email").build().profile(plays, "plays");
 * }</pre>
 *
 * <p>Field paths given to {@link Builder#fields} and {@link Builder#redact} are resolved against
 * the data's schema before any Spark job runs; an unknown one fails with the nearest names.
 */
public final class Profiler {
  /** The most top values a profile may list per field. */
  public static final int MAX_TOP = 1000;

  private final List<String> fields;
  private final List<String> redact;
  private final int top;

  private Profiler(Builder b) {
    this.fields = List.copyOf(b.fields);
    this.redact = List.copyOf(b.redact);
    this.top = b.top;
  }

  /** A profiler of every field, listing 10 top values, redacting nothing. */
  public static Profiler defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
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

  /** Configures a {@link Profiler}; every setter checks its argument at once. */
  public static final class Builder {
    private final List<String> fields = new ArrayList<>();
    private final List<String> redact = new ArrayList<>();
    private int top = 10;

    private Builder() {}

    /** Profile only these paths and the paths below them (default: every path). */
    public Builder fields(String... paths) {
      return fields(List.of(paths));
    }

    /** Profile only these paths and the paths below them (default: every path). */
    public Builder fields(List<String> paths) {
      fields.addAll(checked(paths, "fields"));
      return this;
    }

    /** Keep the statistics of these paths (and those below) but not their top values. */
    public Builder redact(String... paths) {
      return redact(List.of(paths));
    }

    /** Keep the statistics of these paths (and those below) but not their top values. */
    public Builder redact(List<String> paths) {
      redact.addAll(checked(paths, "redact"));
      return this;
    }

    /** How many top values to list per field, 1 to {@value Profiler#MAX_TOP} (default 10). */
    public Builder top(int top) {
      if (top < 1 || top > MAX_TOP) {
        throw new IllegalArgumentException("top must be between 1 and " + MAX_TOP + ", got " + top);
      }
      this.top = top;
      return this;
    }

    public Profiler build() {
      return new Profiler(this);
    }

    private static List<String> checked(List<String> paths, String what) {
      for (String p : paths) {
        if (p == null || p.isBlank()) {
          throw new IllegalArgumentException(what + " paths must not be blank, got " + paths);
        }
      }
      return paths;
    }
  }
}
