package dev.wick.profiler.internal;

import dev.wick.core.WickException;
import dev.wick.profiler.FieldKind;
import dev.wick.profiler.FieldProfile;
import dev.wick.profiler.ValueCount;

/**
 * Merges two profiles of the same field from their statistics and sketches: each field profile is
 * turned back into a {@link FieldSummary}, the summaries merge as partitions do, and the result is
 * assembled again. {@link dev.wick.profiler.Profile#merge} merges profiles field by field with it.
 */
public final class ProfileMerger {
  private ProfileMerger() {}

  /**
   * The profile of field {@code x} and {@code y} (the same path in two profiles) together, keeping
   * {@code top} top values; fails when their types differ.
   */
  public static FieldProfile mergeField(FieldProfile x, FieldProfile y, int top) {
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
    return ProfileAssembler.field(x.path(), x.type(), x.kind(), merged, top, redacted, semantic);
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
