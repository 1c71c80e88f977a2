package dev.wick.testkit.generators.internal;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.BooleanType;
import dev.wick.core.schema.DataType.BytesType;
import dev.wick.core.schema.DataType.DateType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.DoubleType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.FloatType;
import dev.wick.core.schema.DataType.IntType;
import dev.wick.core.schema.DataType.LongType;
import dev.wick.core.schema.DataType.Precision;
import dev.wick.core.schema.DataType.StringType;
import dev.wick.core.schema.DataType.TimeType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.schema.FieldPath;
import dev.wick.profiler.FieldKind;
import dev.wick.profiler.FieldProfile;
import dev.wick.profiler.Profile;
import dev.wick.profiler.TextStats;
import dev.wick.profiler.ValueCount;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.memory.Memory;
import org.apache.datasketches.quantilescommon.QuantileSearchCriteria;

/**
 * Value domains shaped like a {@link Profile} of real data, field by field: what {@code
 * BulkGeneration.like} generates.
 *
 * <ul>
 *   <li>nulls at the profile's null rate (of nullable fields; a record's fields at their rate among
 *       the records that are not null);
 *   <li>numbers, dates, timestamps and collection sizes through the inverse of the field's KLL
 *       quantile sketch, interpolated linearly between 1001 quantiles; numeric fields with few
 *       distinct values from their top values and counts instead; a field whose values repeat from
 *       a pool sized so that the draws give as many distinct values as it has, so that group-bys
 *       and joins on it find repeats; a number with a semantic type among the drawn values valid
 *       for it;
 *   <li>identifiers (uuid and base62 ids) unique when the profile shows them unique, and like the
 *       profile's text otherwise (the user id of a table of plays repeats); named keys always
 *       unique;
 *   <li>text from the top values with their frequencies, and for the rest of the mass fresh values:
 *       valid for the field's semantic type, or strings of the profiled lengths drawn from a pool
 *       sized so that the distinct count comes near the profile's; booleans and enum symbols from
 *       their counts;
 *   <li>bytes of the profiled lengths.
 * </ul>
 *
 * <p>Privacy: a top value seen fewer than {@code minCount} times is never copied (its mass goes to
 * fresh values); a fresh value is never one of the profile's top values; a redacted field has no
 * top values in its profile, so every value of it is fresh. Enum symbols and booleans come from the
 * schema, so their counts are all used. Correlations between fields are not reproduced: each field
 * is drawn on its own. Fields the profile lacks, or profiled with another kind of type, keep the
 * schema's domains. One concept past 500 lines: the translation of one profile into domains, field
 * kind by field kind, each needing the same sketches and pools.
 */
final class LikeProfile {
  /** How often a top value must have been seen to be copied, unless told otherwise. */
  static final long DEFAULT_MIN_COUNT = 5;

  private static final int QUANTILES = 1000;
  private static final char[] ALPHANUMERIC =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();

  private final Profile profile;
  private final long minCount;
  private final long seed;

  LikeProfile(Profile profile, long minCount, long seed) {
    this.profile = profile;
    this.minCount = minCount;
    this.seed = seed;
  }

  private Optional<FieldProfile> field(FieldPath path, DataType type) {
    if (path == null) {
      return Optional.empty();
    }
    return profile.field(path.toString()).filter(f -> f.kind() == FieldKind.of(type));
  }

  /**
   * The null rate at {@code path} among the values whose enclosing record is not null, if the
   * profile has the field. A profile counts a record's field once per record, nulls of the record
   * included (a null {@code user} makes {@code user.email} null too), while a generated record's
   * fields are drawn only inside a record that is not null: the record's own nulls are taken out.
   */
  Optional<Double> nullRate(FieldPath path, DataType type) {
    Optional<FieldProfile> found = field(path, type).filter(f -> f.count() > 0);
    if (found.isEmpty()) {
      return Optional.empty();
    }
    FieldProfile f = found.get();
    List<FieldPath.Step> steps = path.steps();
    if (steps.size() < 2 || steps.get(steps.size() - 1).kind() != FieldPath.Step.Kind.FIELD) {
      return Optional.of(f.nullRate());
    }
    Optional<FieldProfile> record =
        profile
            .field(path.parent().toString())
            .filter(r -> r.kind() == FieldKind.RECORD && r.count() == f.count());
    if (record.isEmpty() || record.get().nulls() == 0 || record.get().nulls() >= f.count()) {
      return Optional.of(f.nullRate());
    }
    long inside = f.count() - record.get().nulls();
    long nullsInside = Math.max(0, f.nulls() - record.get().nulls());
    return Optional.of(Math.min(1.0, (double) nullsInside / inside));
  }

  /** The sizes of the array or map at {@code path}, from its profiled size distribution. */
  Domain<Long> sizes(FieldPath path, DataType type) {
    Optional<FieldProfile> f = field(path, type);
    if (f.isEmpty() || f.get().sketches().kll().isEmpty() || f.get().nonNull() == 0) {
      return null;
    }
    double[][] table = quantiles(f.get());
    return new Domain.Drawn<>(
        "sizes of " + path, r -> Math.max(0, Math.round(inverse(table, r.nextDouble()))));
  }

  /**
   * Whether the profile shows the field at {@code path} repeating its values (fewer distinct values
   * than values): an identifier such as a base62 id or a uuid that repeats in the data (a user id
   * of a table of plays) follows the profile instead of being made unique.
   */
  boolean repeats(FieldPath path, DataType type) {
    return field(path, type)
        .filter(f -> f.nonNull() > 0)
        // The sketch's upper bound, not its estimate: an estimate of unique values can fall a few
        // percent short, and unique values must stay unique.
        .flatMap(f -> f.distinct().map(d -> d.upper() < UNIQUE_SHARE * f.nonNull()))
        .orElse(false);
  }

  /** A field with at least this share of distinct values among its values is unique. */
  private static final double UNIQUE_SHARE = 0.98;

  /** How many draws a value valid for the field's semantic type may take before a fresh one. */
  private static final int VALID_TRIES = 64;

  /**
   * The non-null values of the leaf at {@code path} in Wick's Java form, or null to keep the
   * schema's domain. {@code fresh} draws values valid for the field's semantic type, or is null;
   * {@code valid} tells those values (null without a semantic type): a number with a semantic type
   * follows its profile among the values valid for it.
   */
  Domain<Object> leaf(
      FieldPath path, DataType type, Domain<Object> fresh, Predicate<Object> valid) {
    Optional<FieldProfile> found = field(path, type);
    if (found.isEmpty() || found.get().nonNull() == 0) {
      return null;
    }
    FieldProfile f = found.get();
    String where = path.toString();
    if (type instanceof BooleanType || type instanceof EnumType) {
      return schemaValues(f, type);
    } else if (type instanceof StringType) {
      return text(f, fresh, where);
    } else if (type instanceof BytesType) {
      TextStats t = f.text().orElse(null);
      return t == null
          ? null
          : cast(new Domain.Binary((int) t.minLength(), (int) t.maxLength(), 0.0));
    }
    if (f.sketches().kll().isEmpty()) {
      return null;
    }
    Domain<Object> liked = fewNumbers(f, type);
    if (liked == null) {
      liked = quantileNumbers(f, type, where);
    }
    return fresh == null || valid == null ? liked : validOnly(liked, fresh, valid, where);
  }

  /**
   * Values of {@code liked} that {@code valid} accepts, drawn again while they are not (a profile
   * of data that breaks its type holds some invalid values), else one of {@code fresh}.
   */
  private static Domain<Object> validOnly(
      Domain<Object> liked, Domain<Object> fresh, Predicate<Object> valid, String where) {
    return new Domain.Drawn<>(
        "valid values like " + where,
        r -> {
          for (int i = 0; i < VALID_TRIES; i++) {
            Object v = liked.draw(r);
            if (valid.test(v)) {
              return v;
            }
          }
          return fresh.draw(r);
        });
  }

  /**
   * Numbers through the inverse of the field's quantile sketch. A field whose values repeat (fewer
   * distinct values than values) draws from a pool of values spread evenly over the quantiles,
   * sized so that the draws give that many distinct values, so that the data keeps both its
   * distribution and its distinct count (and a group-by or a join on it finds repeats); NaN and
   * infinities at their profiled shares.
   */
  private Domain<Object> quantileNumbers(FieldProfile f, DataType type, String where) {
    double[][] table = quantiles(f);
    double nan = f.numeric().map(n -> (double) n.nan() / f.nonNull()).orElse(0.0);
    double inf = f.numeric().map(n -> (double) n.infinite() / f.nonNull()).orElse(0.0);
    double distinct = f.distinct().map(d -> Math.max(1, d.estimate())).orElse(Double.NaN);
    long pool = Double.isNaN(distinct) ? Long.MAX_VALUE : poolSize(f.nonNull(), distinct);
    // A pool small enough to hold is drawn from its values themselves, sized so that the draws see
    // the profiled distinct count even where close values round to one; a larger pool's values
    // are computed from their ranks as they are drawn.
    Object[] values =
        pool <= MAX_POOL ? pooledValues(table, pool, f.nonNull(), distinct, type) : null;
    return new Domain.Drawn<>(
        "values like " + where,
        r -> {
          if (nan + inf > 0) {
            double u = r.nextDouble();
            if (u < nan) {
              return number(Double.NaN, type);
            } else if (u < nan + inf) {
              return number(Double.POSITIVE_INFINITY, type);
            }
          }
          if (values != null) {
            return values[r.nextInt(values.length)];
          }
          double rank = pool == Long.MAX_VALUE ? r.nextDouble() : (r.nextLong(pool) + 0.5) / pool;
          return number(inverse(table, rank), type);
        });
  }

  @SuppressWarnings("unchecked")
  private static Domain<Object> cast(Domain<?> d) {
    return (Domain<Object>) d;
  }

  /**
   * The inverse CDF of the field's KLL sketch as knots (rank, value), from 1001 quantiles. A KLL
   * sketch keeps a sample of the values, so neighbouring quantiles often repeat one kept value: a
   * short run of equal quantiles (up to {@link #POINT_MASS} of them) becomes one knot at its middle
   * rank, so that values between kept ones come up; a longer run is a value that truly repeats (a
   * point mass), kept flat from its first rank to its last.
   */
  private static double[][] quantiles(FieldProfile f) {
    KllDoublesSketch kll = KllDoublesSketch.heapify(Memory.wrap(f.sketches().kll().get()));
    double[] ranks = new double[QUANTILES + 1];
    for (int i = 0; i <= QUANTILES; i++) {
      ranks[i] = (double) i / QUANTILES;
    }
    double[] table = kll.getQuantiles(ranks, QuantileSearchCriteria.INCLUSIVE);
    List<double[]> knots = new ArrayList<>();
    knots.add(new double[] {0, table[0]});
    int i = 0;
    while (i <= QUANTILES) {
      int j = i;
      while (j < QUANTILES && table[j + 1] == table[i]) {
        j++;
      }
      if (j - i + 1 > POINT_MASS) {
        knots.add(new double[] {ranks[i], table[i]});
        knots.add(new double[] {ranks[j], table[i]});
      } else {
        knots.add(new double[] {(ranks[i] + ranks[j]) / 2, table[i]});
      }
      i = j + 1;
    }
    knots.add(new double[] {1, table[QUANTILES]});
    return knots.toArray(double[][]::new);
  }

  /** Runs of more equal quantiles than this (0.5% of the values) are values that repeat. */
  private static final int POINT_MASS = 5;

  /** The value at rank {@code u}, interpolated linearly between the neighbouring knots. */
  private static double inverse(double[][] knots, double u) {
    int lo = 0;
    int hi = knots.length - 1;
    while (hi - lo > 1) {
      int mid = (lo + hi) >>> 1;
      if (knots[mid][0] <= u) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    double r0 = knots[lo][0];
    double r1 = knots[hi][0];
    double v0 = knots[lo][1];
    double v1 = knots[hi][1];
    return r1 <= r0 || v0 == v1 ? v0 : v0 + (v1 - v0) * (u - r0) / (r1 - r0);
  }

  /** A drawn double in the Java form of a numeric or temporal type. */
  private static Object number(double v, DataType type) {
    if (type instanceof DoubleType) {
      return v;
    } else if (type instanceof FloatType) {
      return (float) v;
    } else if (type instanceof IntType) {
      return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, Math.round(v)));
    } else if (type instanceof LongType) {
      return Math.round(v);
    } else if (type instanceof TimeType t) {
      long day = t.precision() == Precision.MILLIS ? 86_400_000L : 86_400_000_000L;
      long value = Math.max(0, Math.min(day - 1, Math.round(v)));
      return t.precision() == Precision.MILLIS ? (Object) (int) value : (Object) value;
    } else if (type instanceof DecimalType d) {
      BigDecimal max =
          new BigDecimal(BigInteger.TEN.pow(d.precision()).subtract(BigInteger.ONE), d.scale());
      BigDecimal value = new BigDecimal(v).setScale(d.scale(), RoundingMode.HALF_UP);
      return value.min(max).max(max.negate());
    } else if (type instanceof DateType) {
      return LocalDate.ofEpochDay(Math.round(v));
    } else if (type instanceof TimestampType t) {
      long micros = Math.round(v);
      if (t.precision() == Precision.MILLIS) {
        micros = Math.floorDiv(micros, 1000) * 1000;
      }
      Instant instant =
          Instant.ofEpochSecond(
              Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000);
      return t.utcAdjusted() ? instant : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
    throw new IllegalArgumentException("not a numeric type: " + type.describe());
  }

  /**
   * A numeric field whose top values hold (nearly) all of its values, drawn from them with their
   * frequencies; values seen fewer than {@code minCount} times are left out. Null when the field
   * has more distinct values than top values.
   */
  private Domain<Object> fewNumbers(FieldProfile f, DataType type) {
    if (!(type instanceof IntType || type instanceof LongType || type instanceof DoubleType)) {
      return null;
    }
    long covered = f.topValues().stream().mapToLong(ValueCount::count).sum();
    if (f.topValues().isEmpty() || covered < 0.99 * f.nonNull()) {
      return null;
    }
    List<Object> values = new ArrayList<>();
    List<Long> counts = new ArrayList<>();
    for (ValueCount v : f.topValues()) {
      if (v.count() < minCount) {
        continue;
      }
      try {
        double d = Double.parseDouble(v.value());
        values.add(number(d, type));
        counts.add(v.count());
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return values.isEmpty() ? null : weighted(values, counts, null, 0);
  }

  /** Booleans and enum symbols: every profiled count (the values are the schema's). */
  private Domain<Object> schemaValues(FieldProfile f, DataType type) {
    List<Object> values = new ArrayList<>();
    List<Long> counts = new ArrayList<>();
    for (ValueCount v : f.topValues()) {
      if (type instanceof BooleanType) {
        values.add(Boolean.parseBoolean(v.value()));
      } else if (((EnumType) type).symbols().contains(v.value())) {
        values.add(v.value());
      } else {
        continue;
      }
      counts.add(v.count());
    }
    if (values.isEmpty()) {
      return null;
    }
    long covered = counts.stream().mapToLong(Long::longValue).sum();
    List<Object> rest = new ArrayList<>();
    if (type instanceof EnumType e) {
      e.symbols().stream().filter(s -> !values.contains(s)).forEach(rest::add);
    }
    if (rest.isEmpty() || covered >= f.nonNull()) {
      return weighted(values, counts, null, 0);
    }
    Domain<Object> others = new Domain.Choice<>(rest);
    return weighted(values, counts, others, f.nonNull() - covered);
  }

  /**
   * Text: the top values seen at least {@code minCount} times with their frequencies, and fresh
   * values (of the semantic type, or of the profiled lengths) for the rest of the mass.
   */
  private Domain<Object> text(FieldProfile f, Domain<Object> semantic, String where) {
    Set<String> profiled = new HashSet<>();
    List<Object> values = new ArrayList<>();
    List<Long> counts = new ArrayList<>();
    for (ValueCount v : f.topValues()) {
      profiled.add(v.value());
      if (v.count() >= minCount) {
        values.add(v.value());
        counts.add(v.count());
      }
    }
    // The frequent-items sketch knows more frequent values than the top values the profile lists
    // (a redacted profile has neither): those certainly seen minCount times are copied too, at
    // their estimated counts, so that the values' shares follow the data beyond its top few.
    if (f.sketches().items().isPresent()) {
      ItemsSketch<String> items =
          ItemsSketch.getInstance(
              Memory.wrap(f.sketches().items().get()), new ArrayOfStringsSerDe());
      for (ItemsSketch.Row<String> row : items.getFrequentItems(ErrorType.NO_FALSE_POSITIVES)) {
        if (profiled.add(row.getItem()) && row.getLowerBound() >= Math.max(1, minCount)) {
          values.add(row.getItem());
          counts.add(row.getEstimate());
        }
      }
    }
    long copied = counts.stream().mapToLong(Long::longValue).sum();
    long freshCount = Math.max(0, f.nonNull() - copied);
    if (freshCount == 0) {
      return values.isEmpty() ? null : weighted(values, counts, null, 0);
    }
    double distinct = f.distinct().map(d -> d.estimate()).orElse((double) f.nonNull());
    double freshDistinct = Math.max(1, distinct - values.size());
    long pool = poolSize(freshCount, freshDistinct);
    long salt = UniqueKeys.mix64(seed ^ where.hashCode() * 0x9E3779B97F4A7C15L);
    Domain<Object> fresh;
    if (semantic != null) {
      fresh =
          new Domain.Drawn<>(
              "fresh values like " + where,
              r -> {
                SplittableRandom own = own(r, pool, salt);
                for (int attempt = 0; ; attempt++) {
                  Object v = semantic.draw(own);
                  if (!profiled.contains(String.valueOf(v)) || attempt >= 1000) {
                    return v;
                  }
                }
              });
    } else {
      TextStats t = f.text().orElse(new TextStats(0, 1, 20, 10));
      fresh =
          new Domain.Drawn<>(
              "fresh strings like " + where,
              r -> {
                SplittableRandom own = own(r, pool, salt);
                while (true) {
                  String s = string(own, t);
                  if (!profiled.contains(s)) {
                    return s;
                  }
                }
              });
    }
    return values.isEmpty() ? fresh : weighted(values, counts, fresh, freshCount);
  }

  /** The most values of a pool of numbers held at once. */
  private static final int MAX_POOL = 200_000;

  /**
   * The values of a pool of {@code pool} ranks spread evenly over the quantiles, in the Java form
   * of {@code type}, such that {@code draws} uniform draws from them are expected to give about
   * {@code distinct} different values. Neighbouring ranks of a sketch can give one value (a
   * sketch's quantiles are coarser than the data's), and rounding to the type can merge close ones,
   * so the pool grows until the draws' expected distinct count comes within 3% of the profile's, up
   * to {@link #MAX_POOL} values.
   */
  private static Object[] pooledValues(
      double[][] table, long pool, long draws, double distinct, DataType type) {
    long size = Math.min(pool, MAX_POOL);
    Object[] values = rankValues(table, size, type);
    for (int i = 0; i < 12 && size < MAX_POOL; i++) {
      double seen = expectedDistinct(values, draws);
      if (seen >= 0.97 * distinct) {
        break;
      }
      size = Math.min(MAX_POOL, (long) Math.ceil(size * 1.05 * distinct / Math.max(1, seen)));
      values = rankValues(table, size, type);
    }
    return values;
  }

  /**
   * How many different values {@code draws} uniform draws from {@code values} give on average: the
   * sum over each value of the chance that some draw picks one of its copies.
   */
  static double expectedDistinct(Object[] values, long draws) {
    Map<Object, Integer> copies = new HashMap<>();
    for (Object v : values) {
      copies.merge(v, 1, Integer::sum);
    }
    double seen = 0;
    for (int c : copies.values()) {
      seen += -Math.expm1(draws * Math.log1p(-(double) c / values.length));
    }
    return seen;
  }

  private static Object[] rankValues(double[][] table, long size, DataType type) {
    Object[] values = new Object[(int) size];
    for (int k = 0; k < size; k++) {
      values[k] = number(inverse(table, (k + 0.5) / size), type);
    }
    return values;
  }

  /**
   * The source of one fresh value: the random of a value picked from a pool of {@code pool} values,
   * or the draw's own random when the pool is unbounded (every value new).
   */
  private static SplittableRandom own(SplittableRandom r, long pool, long salt) {
    return pool == Long.MAX_VALUE ? r : new SplittableRandom(salt + r.nextLong(pool));
  }

  /**
   * How many fresh values to draw from so that {@code draws} draws give about {@code distinct}
   * distinct values: the {@code m} with {@code m (1 - e^(-draws/m)) = distinct}, or any value when
   * the draws were (nearly) all distinct.
   */
  static long poolSize(long draws, double distinct) {
    if (distinct >= 0.98 * draws) {
      return Long.MAX_VALUE;
    }
    double lo = distinct;
    double hi = distinct * 1e6;
    for (int i = 0; i < 100; i++) {
      double m = (lo + hi) / 2;
      double seen = m * -Math.expm1(-draws / m);
      if (seen < distinct) {
        lo = m;
      } else {
        hi = m;
      }
    }
    return Math.max(1, Math.round(hi));
  }

  /**
   * A string of a length between the profiled shortest and longest with the profiled mean (a
   * uniform range around the mean), of ASCII letters and digits.
   */
  private static String string(SplittableRandom r, TextStats t) {
    int min = (int) t.minLength();
    int max = (int) Math.max(min, t.maxLength());
    double mean = Math.max(min, Math.min(max, t.meanLength()));
    int lo = min;
    int hi = max;
    if (2 * mean - min <= max) {
      hi = (int) Math.round(2 * mean - min);
    } else {
      lo = (int) Math.round(2 * mean - max);
    }
    int length = lo >= hi ? lo : r.nextInt(lo, hi + 1);
    char[] out = new char[length];
    for (int i = 0; i < length; i++) {
      out[i] = ALPHANUMERIC[r.nextInt(ALPHANUMERIC.length)];
    }
    return new String(out);
  }

  /**
   * One of {@code values} in proportion to {@code counts}, or a value of {@code rest} in proportion
   * to {@code restCount}.
   */
  private static Domain<Object> weighted(
      List<Object> values, List<Long> counts, Domain<Object> rest, long restCount) {
    double[] cumulative = new double[values.size()];
    double total = restCount;
    for (long c : counts) {
      total += c;
    }
    double sum = 0;
    for (int i = 0; i < cumulative.length; i++) {
      sum += counts.get(i);
      cumulative[i] = sum / total;
    }
    Object[] pick = values.toArray();
    return new Domain.Drawn<>(
        "profiled values",
        r -> {
          double u = r.nextDouble();
          for (int i = 0; i < cumulative.length; i++) {
            if (u < cumulative[i]) {
              return pick[i];
            }
          }
          return rest == null ? pick[pick.length - 1] : rest.draw(r);
        });
  }
}
