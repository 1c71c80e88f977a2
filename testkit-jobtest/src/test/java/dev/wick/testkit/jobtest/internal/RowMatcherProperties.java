package dev.wick.testkit.jobtest.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/** The row matcher against what a multiset comparison must give. */
class RowMatcherProperties {

  @Provide
  Arbitrary<Row> rows() {
    return Combinators.combine(
            Arbitraries.strings().alpha().ofMaxLength(3),
            Arbitraries.longs().between(-5, 5),
            Arbitraries.doubles().between(-1, 1).injectNull(0.1),
            Arbitraries.of("SE", "US").injectNull(0.2))
        .as((a, b, c, d) -> RowFactory.create(a, b, c, d));
  }

  @Property(tries = 200)
  void aShuffledCopyHasNoDifference(
      @ForAll @Size(max = 30) List<@From("rows") Row> rows, @ForAll long seed) {
    List<Row> shuffled = new ArrayList<>(rows);
    Collections.shuffle(shuffled, new Random(seed));
    assertThat(RowMatcher.unordered(rows, shuffled, RowComparator.EXACT, List.of()).isEmpty())
        .isTrue();
  }

  @Property(tries = 200)
  void removedRowsAreMissingAndAddedOnesUnexpected(
      @ForAll @Size(max = 30) List<@From("rows") Row> rows,
      @ForAll @Size(max = 5) List<@From("rows") Row> extra,
      @ForAll @IntRange(max = 5) int remove) {
    int k = Math.min(remove, rows.size());
    List<Row> actual = new ArrayList<>(rows.subList(k, rows.size()));
    // Keys make the extra rows distinct from every other row, so that none pairs as changed.
    List<Row> added = new ArrayList<>();
    for (int i = 0; i < extra.size(); i++) {
      Row e = extra.get(i);
      added.add(RowFactory.create("extra-" + i, e.get(1), e.get(2), e.get(3)));
    }
    actual.addAll(added);
    RowDiff diff = RowMatcher.unordered(rows, actual, RowComparator.EXACT, List.of(0));
    assertThat(diff.missing()).hasSize(k);
    assertThat(diff.unexpected()).containsExactlyElementsOf(added);
    assertThat(diff.changed()).isEmpty();
  }

  @Property(tries = 200)
  void changingOneColumnOfKKeyedRowsGivesKChangedRows(
      @ForAll @Size(min = 1, max = 30) List<@From("rows") Row> rows,
      @ForAll @IntRange(max = 30) int k) {
    List<Row> keyed = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      Row r = rows.get(i);
      keyed.add(RowFactory.create("key-" + i, r.get(1), r.get(2), r.get(3)));
    }
    int changed = Math.min(k, keyed.size());
    List<Row> actual = new ArrayList<>(keyed);
    for (int i = 0; i < changed; i++) {
      Row r = actual.get(i);
      actual.set(i, RowFactory.create(r.get(0), r.getLong(1) + 100, r.get(2), r.get(3)));
    }
    Collections.reverse(actual);
    RowDiff diff = RowMatcher.unordered(keyed, actual, RowComparator.EXACT, List.of(0));
    assertThat(diff.changed()).hasSize(changed);
    assertThat(diff.changed()).allSatisfy(c -> assertThat(c.differing()).containsExactly(1));
    assertThat(diff.missing()).isEmpty();
    assertThat(diff.unexpected()).isEmpty();
  }

  /**
   * Pairs of rows equal by construction but boxed otherwise: an {@code Integer}, {@code Short} or
   * {@code BigInteger} for the {@code Long}, a new {@code String}, the double's value in a new box.
   */
  @Provide
  Arbitrary<List<Row>> matchingPairs() {
    return Combinators.combine(rows(), Arbitraries.integers().between(0, 2))
        .as((a, form) -> List.of(a, otherForm(a, form)));
  }

  private static Row otherForm(Row a, int form) {
    long n = a.getLong(1);
    Object number =
        switch (form) {
          case 0 -> (int) n;
          case 1 -> (short) n;
          default -> java.math.BigInteger.valueOf(n);
        };
    return RowFactory.create(
        a.get(0) == null ? null : new String(a.getString(0)),
        number,
        a.get(2) == null ? null : Double.valueOf(a.getDouble(2)),
        a.get(3));
  }

  @Property(tries = 300)
  void equalCanonicalFormsMeanEqualValues(
      @ForAll("rows") Row a, @ForAll("rows") Row b, @ForAll @IntRange(max = 3) int tolerance) {
    RowComparator comparator = RowComparator.EXACT.withTolerance(tolerance / 10.0);
    if (RowComparator.canonical(a).equals(RowComparator.canonical(b))) {
      assertThat(comparator.rowsEqual(a, b)).isTrue();
    }
    assertThat(comparator.rowsEqual(a, a)).isTrue();
  }

  /** The branch the independent rows above rarely reach: every pair here has equal forms. */
  @Property(tries = 300)
  void rowsEqualByConstructionHaveEqualCanonicalFormsAndMatch(
      @ForAll("matchingPairs") List<Row> pair, @ForAll @IntRange(max = 3) int tolerance) {
    Row a = pair.get(0);
    Row b = pair.get(1);
    RowComparator comparator = RowComparator.EXACT.withTolerance(tolerance / 10.0);
    assertThat(RowComparator.canonical(b)).isEqualTo(RowComparator.canonical(a));
    assertThat(RowComparator.canonical(b).hashCode())
        .isEqualTo(RowComparator.canonical(a).hashCode());
    assertThat(comparator.rowsEqual(a, b)).isTrue();
    assertThat(comparator.rowsEqual(b, a)).isTrue();
    // The matcher pairs them in its hash pass: no difference at all.
    assertThat(
            RowMatcher.unordered(List.of(a), List.of(b), RowComparator.EXACT, List.of()).isEmpty())
        .isTrue();
  }
}
