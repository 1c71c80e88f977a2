package dev.wick.bigdiff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/** Arrays of records matched by element key: order never matters, every change is counted. */
class KeyedArrayProperties {

  /** An element: {@code k} is its element key. */
  record Element(int k, Integer x, String y) {}

  static final StructType ELEMENT =
      new StructType()
          .add("k", DataTypes.IntegerType, false)
          .add("x", DataTypes.IntegerType, true)
          .add("y", DataTypes.StringType, true);

  static final StructType SCHEMA =
      new StructType()
          .add("id", DataTypes.LongType, false)
          .add("items", DataTypes.createArrayType(ELEMENT, false), false);

  static Dataset<Row> dataset(List<List<Element>> rows) {
    List<Row> out = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      List<Row> items = new ArrayList<>();
      for (Element e : rows.get(i)) {
        items.add(RowFactory.create(e.k(), e.x(), e.y()));
      }
      out.add(RowFactory.create((long) i, items));
    }
    return WickSpark.local(2).createDataFrame(out, SCHEMA);
  }

  /** Rows of arrays whose elements have distinct keys. */
  @Provide
  Arbitrary<List<List<Element>>> arrays() {
    Arbitrary<Element> element =
        Combinators.combine(
                Arbitraries.integers().between(-50, 50).injectNull(0.2),
                Arbitraries.strings().alpha().ofMaxLength(3).injectNull(0.2))
            .as((x, y) -> new Element(0, x, y));
    return element
        .list()
        .ofMaxSize(8)
        .map(
            list -> {
              List<Element> out = new ArrayList<>();
              for (int i = 0; i < list.size(); i++) {
                out.add(new Element(i * 3 - 5, list.get(i).x(), list.get(i).y()));
              }
              return out;
            })
        .list()
        .ofMinSize(1)
        .ofMaxSize(40);
  }

  @Property(tries = 10)
  void shufflingElementsChangingAddingAndRemovingSomeReportsEachOneByItsKey(
      @ForAll("arrays") List<List<Element>> rows,
      @ForAll long seed,
      @ForAll @IntRange(min = 0, max = 12) int wanted,
      @ForAll @IntRange(min = 0, max = 4) int removals,
      @ForAll @IntRange(min = 0, max = 4) int additions) {
    Random random = new Random(seed);
    List<int[]> slots = new ArrayList<>();
    for (int r = 0; r < rows.size(); r++) {
      for (int e = 0; e < rows.get(r).size(); e++) {
        slots.add(new int[] {r, e, 0});
        slots.add(new int[] {r, e, 1});
      }
    }
    Collections.shuffle(slots, random);
    List<int[]> changes = slots.subList(0, Math.min(wanted, slots.size()));
    List<List<Element>> changed = new ArrayList<>();
    for (List<Element> row : rows) {
      changed.add(new ArrayList<>(row));
    }
    Set<String> expected = new TreeSet<>();
    Set<Long> rowsChanged = new TreeSet<>();
    Set<String> touched = new TreeSet<>();
    for (int[] c : changes) {
      Element e = changed.get(c[0]).get(c[1]);
      Element next =
          c[2] == 0
              ? new Element(e.k(), e.x() == null ? 0 : e.x() + 1, e.y())
              : new Element(e.k(), e.x(), e.y() == null ? "" : e.y() + "!");
      changed.get(c[0]).set(c[1], next);
      expected.add(c[0] + " items[]." + (c[2] == 0 ? "x" : "y") + " k=" + e.k());
      rowsChanged.add((long) c[0]);
      touched.add(c[0] + " " + c[1]);
    }
    // Removes elements no value change touched: each is only in the left-hand array.
    List<int[]> untouched = new ArrayList<>();
    for (int r = 0; r < rows.size(); r++) {
      for (int e = 0; e < rows.get(r).size(); e++) {
        if (!touched.contains(r + " " + e)) {
          untouched.add(new int[] {r, e});
        }
      }
    }
    Collections.shuffle(untouched, random);
    List<int[]> removed =
        new ArrayList<>(untouched.subList(0, Math.min(removals, untouched.size())));
    removed.sort(
        (a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(b[1], a[1]));
    for (int[] d : removed) {
      Element e = changed.get(d[0]).remove(d[1]);
      expected.add(d[0] + " items[] k=" + e.k());
      rowsChanged.add((long) d[0]);
    }
    // Adds elements under keys no array holds (the generated keys are -5 to 16): only right-hand.
    for (int a = 0; a < additions; a++) {
      int r = random.nextInt(rows.size());
      int k = 100 + a;
      changed.get(r).add(new Element(k, a, "new"));
      expected.add(r + " items[] k=" + k);
      rowsChanged.add((long) r);
    }
    for (List<Element> row : changed) {
      Collections.shuffle(row, random);
    }
    DiffFixtures.Run run =
        DiffFixtures.run(
            BigDiff.key("id").unorderedBy("items", "k"), dataset(rows), dataset(changed));
    Set<String> reported = new TreeSet<>();
    long entries = 0;
    for (Row key : run.keys()) {
      for (Row f : key.<Row>getList(key.fieldIndex("fields"))) {
        entries++;
        reported.add(key.getAs("id") + " " + f.getAs("field") + " " + f.getAs("element"));
      }
    }
    assertThat(reported).isEqualTo(expected);
    assertThat(entries).isEqualTo(changes.size() + removed.size() + additions);
    assertThat(run.field("items[].x").different() + run.field("items[].y").different())
        .isEqualTo(changes.size());
    assertThat(run.summary().arrays())
        .containsExactly(new ArrayStats("items", "k", removed.size(), additions, 0));
    assertThat(run.global().different()).isEqualTo(rowsChanged.size());
  }
}
