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
  void shufflingElementsAndChangingKFieldsReportsExactlyKElementDifferences(
      @ForAll("arrays") List<List<Element>> rows,
      @ForAll long seed,
      @ForAll @IntRange(min = 0, max = 12) int wanted) {
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
    for (int[] c : changes) {
      Element e = changed.get(c[0]).get(c[1]);
      Element next =
          c[2] == 0
              ? new Element(e.k(), e.x() == null ? 0 : e.x() + 1, e.y())
              : new Element(e.k(), e.x(), e.y() == null ? "" : e.y() + "!");
      changed.get(c[0]).set(c[1], next);
      expected.add(c[0] + " items[]." + (c[2] == 0 ? "x" : "y") + " k=" + e.k());
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
    assertThat(entries).isEqualTo(changes.size());
    assertThat(reported).isEqualTo(expected);
    assertThat(run.field("items[].x").different() + run.field("items[].y").different())
        .isEqualTo(changes.size());
    assertThat(run.field("items[]").different()).isZero();
    assertThat(run.global().different())
        .isEqualTo(changes.stream().mapToInt(c -> c[0]).distinct().count());
  }
}
