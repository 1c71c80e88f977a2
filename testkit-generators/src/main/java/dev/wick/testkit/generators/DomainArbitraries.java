package dev.wick.testkit.generators;

import dev.wick.core.schema.FieldPath;
import dev.wick.testkit.generators.internal.Domain;
import dev.wick.testkit.generators.internal.Domain.Binary;
import dev.wick.testkit.generators.internal.Domain.Choice;
import dev.wick.testkit.generators.internal.Domain.CodePoints;
import dev.wick.testkit.generators.internal.Domain.Constant;
import dev.wick.testkit.generators.internal.Domain.Decimal;
import dev.wick.testkit.generators.internal.Domain.Drawn;
import dev.wick.testkit.generators.internal.Domain.Filtered;
import dev.wick.testkit.generators.internal.Domain.Floating;
import dev.wick.testkit.generators.internal.Domain.Integral;
import dev.wick.testkit.generators.internal.Domain.ListOf;
import dev.wick.testkit.generators.internal.Domain.MapOf;
import dev.wick.testkit.generators.internal.Domain.Mapped;
import dev.wick.testkit.generators.internal.Domain.Nullable;
import dev.wick.testkit.generators.internal.Domain.OneOf;
import dev.wick.testkit.generators.internal.Domain.Slot;
import dev.wick.testkit.generators.internal.Domain.Struct;
import dev.wick.testkit.generators.internal.Domain.Text;
import dev.wick.testkit.generators.internal.Domain.Utf8;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Predicate;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import net.jqwik.api.arbitraries.StringArbitrary;

/**
 * The jqwik backend: turns a {@link Domain} into a jqwik {@link Arbitrary} built from jqwik's own
 * combinators, so values shrink the way jqwik shrinks them (numbers toward zero, strings and
 * collections toward empty, nullable values toward null, records field by field). The domain's edge
 * cases become the arbitrary's edge cases. Where a test amended a field path, the test's arbitrary
 * replaces the slot's, its values brought into the target's form by the slot.
 */
final class DomainArbitraries {
  private final Map<FieldPath, Arbitrary<?>> amendments;

  private DomainArbitraries(Map<FieldPath, Arbitrary<?>> amendments) {
    this.amendments = amendments;
  }

  static Arbitrary<Object> of(Domain<?> domain, Map<FieldPath, Arbitrary<?>> amendments) {
    return new DomainArbitraries(amendments).arbitrary(domain);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private Arbitrary<Object> arbitrary(Domain<?> domain) {
    Arbitrary<?> a;
    if (domain instanceof Integral i) {
      a = integral(i);
    } else if (domain instanceof Floating f) {
      a = floating(f);
    } else if (domain instanceof Decimal d) {
      a = decimal(d);
    } else if (domain instanceof Text t) {
      a = text(t);
    } else if (domain instanceof Utf8 u) {
      a = text(u.text()).map(s -> s.getBytes(StandardCharsets.UTF_8));
    } else if (domain instanceof Binary b) {
      a = Arbitraries.bytes().array(byte[].class).ofMinSize(b.minLength()).ofMaxSize(b.maxLength());
    } else if (domain instanceof Choice<?> c) {
      a = Arbitraries.of(c.values());
    } else if (domain instanceof Constant<?> c) {
      a = Arbitraries.just(c.value());
    } else if (domain instanceof Mapped<?, ?> m) {
      a = arbitrary(m.source()).map((Function) m.to());
    } else if (domain instanceof Drawn<?> d) {
      a = drawn(d);
    } else if (domain instanceof Filtered<?> f) {
      a = arbitrary(f.source()).filter(Filtered.MAX_MISSES, (Predicate) f.keep());
    } else if (domain instanceof Nullable<?> n) {
      a = arbitrary(n.inner()).injectNull(n.nullProbability());
    } else if (domain instanceof ListOf<?> l) {
      a = arbitrary(l.element()).list().ofMinSize(l.minSize()).ofMaxSize(l.maxSize());
    } else if (domain instanceof MapOf<?, ?> m) {
      a =
          Arbitraries.maps(arbitrary(m.key()), arbitrary(m.value()))
              .ofMinSize(m.minSize())
              .ofMaxSize(m.maxSize());
    } else if (domain instanceof Struct s) {
      a = struct(s);
    } else if (domain instanceof OneOf<?> o) {
      a = oneOf(o);
    } else if (domain instanceof Slot<?> s) {
      a = slot(s);
    } else {
      throw new IllegalStateException("unhandled domain " + domain);
    }
    return (Arbitrary<Object>) a;
  }

  private static Arbitrary<Long> integral(Integral i) {
    long towards = Math.max(i.min(), Math.min(i.max(), 0));
    return Arbitraries.longs()
        .between(i.min(), i.max())
        .shrinkTowards(towards)
        .edgeCases(c -> c.add(i.edgeCases().toArray(new Long[0])));
  }

  private static Arbitrary<Double> floating(Floating f) {
    double bound = 1e12;
    var doubles = Arbitraries.doubles().between(-bound, bound).ofScale(6);
    List<Double> inRange = new ArrayList<>();
    for (double edge : f.edgeCases()) {
      // jqwik's own range holds finite values only; the rest become its special values.
      if (Double.isFinite(edge) && Math.abs(edge) <= bound && edge == Math.rint(edge * 1e6) / 1e6) {
        inRange.add(edge);
      } else {
        doubles = doubles.withSpecialValue(edge);
      }
    }
    return doubles.edgeCases(c -> c.add(inRange.toArray(new Double[0])));
  }

  private static Arbitrary<java.math.BigDecimal> decimal(Decimal d) {
    java.math.BigDecimal max = d.max();
    return Arbitraries.bigDecimals()
        .between(max.negate(), max)
        .ofScale(d.scale())
        .edgeCases(c -> c.add(d.edgeCases().toArray(new java.math.BigDecimal[0])));
  }

  private static Arbitrary<String> text(Text t) {
    // Mostly ASCII, sometimes the whole alphabet, as the bulk draws do; shrinking goes to ASCII.
    StringArbitrary ascii = Arbitraries.strings();
    StringArbitrary all = Arbitraries.strings();
    boolean hasAscii = false;
    for (CodePoints r : t.ranges()) {
      // jqwik draws UTF-16 chars; supplementary code points (emoji) come in as edge cases.
      if (r.to() < 0x80) {
        ascii = ascii.withCharRange((char) r.from(), (char) r.to());
        hasAscii = true;
      }
      if (r.to() <= Character.MAX_VALUE) {
        all = all.withCharRange((char) r.from(), (char) r.to());
      }
    }
    all = all.ofMinLength(t.minLength()).ofMaxLength(t.maxLength());
    ascii = ascii.ofMinLength(t.minLength()).ofMaxLength(t.maxLength());
    int unicode = (int) Math.round(Text.UNICODE_SHARE * 100);
    Arbitrary<String> strings =
        hasAscii
            ? Arbitraries.frequencyOf(Tuple.of(100 - unicode, ascii), Tuple.of(unicode, all))
            : all;
    return strings.edgeCases(c -> c.add(t.edgeCases().toArray(new String[0])));
  }

  private static <T> Arbitrary<T> drawn(Drawn<T> d) {
    // An opaque draw: seeded from jqwik's random source, kept as drawn while shrinking.
    return Arbitraries.randomValue(random -> d.draw(new SplittableRandom(random.nextLong())));
  }

  private Arbitrary<Object[]> struct(Struct s) {
    if (s.fields().isEmpty()) {
      return Arbitraries.just(new Object[0]);
    }
    List<Arbitrary<Object>> fields = new ArrayList<>();
    for (Domain<?> f : s.fields()) {
      fields.add(arbitrary(f));
    }
    return Combinators.combine(fields).as(List::toArray);
  }

  private Arbitrary<Object> oneOf(OneOf<?> o) {
    List<Arbitrary<Object>> branches = new ArrayList<>();
    for (Domain<?> b : o.branches()) {
      branches.add(arbitrary(b));
    }
    return Arbitraries.oneOf(branches);
  }

  private Arbitrary<Object> slot(Slot<?> s) {
    Arbitrary<?> amended = amendments.get(s.path());
    if (amended == null) {
      return arbitrary(s.inner());
    }
    Function<Object, Object> fromJava = s.fromJava();
    return amended.map(fromJava::apply);
  }
}
