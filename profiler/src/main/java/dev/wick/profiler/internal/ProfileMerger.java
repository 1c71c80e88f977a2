package dev.wick.profiler.internal;

import dev.wick.core.WickException;
import dev.wick.profiler.FieldKind;
import dev.wick.profiler.FieldProfile;
import dev.wick.profiler.Profile;
import dev.wick.profiler.ValueCount;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Merges two profiles of the same fields from their statistics and sketches: each field profile is
 * turned back into a {@link FieldSummary}, the summaries merge as partitions do, and the result is
 * assembled again.
 */
public final class ProfileMerger {
  private ProfileMerger() {}

  public static Profile merge(Profile a, Profile b) {
    if (!a.paths().equals(b.paths())) {
      throw WickException.usage(
          "Profiles of "
              + a.source()
              + " and "
              + b.source()
              + " cover different fields ("
              + a.paths()
              + " and "
              + b.paths()
              + "); only profiles of the same fields can be merged.");
    }
    int top = Math.max(a.top(), b.top());
    List<FieldProfile> fields = new ArrayList<>();
    for (int i = 0; i < a.fields().size(); i++) {
      FieldProfile x = a.fields().get(i);
      FieldProfile y = b.fields().get(i);
      if (!x.type().equals(y.type()) || x.kind() != y.kind()) {
        throw WickException.usage(
            "Field '"
                + x.path()
                + "' is a "
                + x.type()
                + " in one profile and a "
                + y.type()
                + " in the other; only profiles of the same schema can be merged.");
      }
      boolean redacted = x.redacted() || y.redacted();
      FieldSummary merged = summary(x).merge(summary(y), x.path());
      String semantic =
          x.semantic().isPresent() && y.semantic().isPresent() ? x.semantic().get().type() : null;
      fields.add(
          ProfileAssembler.field(x.path(), x.type(), x.kind(), merged, top, redacted, semantic));
    }
    String source = a.source().equals(b.source()) ? a.source() : a.source() + " + " + b.source();
    return new Profile(source, Instant.now().toString(), a.rowCount() + b.rowCount(), top, fields);
  }

  /** The mergeable state a field profile stands for. */
  static FieldSummary summary(FieldProfile f) {
    FieldSummary s = new FieldSummary();
    s.count = f.count();
    s.nulls = f.nulls();
    f.numeric()
        .ifPresent(
            n -> {
              s.n = n.n();
              if (n.n() > 0) {
                s.mean = n.mean();
                s.m2 = n.stddev() * n.stddev() * n.n();
                s.min = n.min();
                s.max = n.max();
              }
              s.zeros = n.zeros();
              s.nan = n.nan();
              s.infinite = n.infinite();
            });
    f.text()
        .ifPresent(
            t -> {
              s.lengths = f.nonNull();
              s.empty = t.empty();
              s.minLength = t.minLength();
              s.maxLength = t.maxLength();
              s.sumLength = t.meanLength() * s.lengths;
            });
    if (f.kind() == FieldKind.BOOLEAN) {
      for (ValueCount v : f.topValues()) {
        if (v.value().equals("true")) {
          s.trues = v.count();
        } else if (v.value().equals("false")) {
          s.falses = v.count();
        }
      }
    }
    f.semantic()
        .ifPresent(
            sem -> {
              s.checked = sem.checked();
              s.valid = sem.valid();
            });
    s.hll = f.sketches().hll().orElse(null);
    s.kll = f.sketches().kll().orElse(null);
    s.items = f.redacted() ? null : f.sketches().items().orElse(null);
    return s;
  }
}
