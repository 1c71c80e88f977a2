package dev.wick.bigdiff;

import static dev.wick.bigdiff.DiffFixtures.spark;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.explain.Explanation;
import dev.wick.core.explain.Slice;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The chain from a diff to its explanation: a candidate that changes a field mostly in one region's
 * keys, with noise everywhere else, is explained by that region first, with the exact counts that
 * the diff's own field statistics give.
 */
class DiffExplainProperties {
  private static final StructType SCHEMA =
      new StructType()
          .add("id", DataTypes.LongType)
          .add("region", DataTypes.StringType)
          .add("tier", DataTypes.StringType)
          .add("amount", DataTypes.LongType);

  @Property(tries = 4)
  void aFieldChangedInOneRegionIsExplainedByThatRegion(
      @ForAll long seed, @ForAll @IntRange(min = 3, max = 8) int regions) {
    Random random = new Random(seed);
    int planted = random.nextInt(regions);
    double rate = 0.5 + 0.4 * random.nextDouble();
    double background = 0.02 * random.nextDouble();
    int keys = 1500 + random.nextInt(1500);
    List<Row> lhs = new ArrayList<>();
    List<Row> rhs = new ArrayList<>();
    long changed = 0;
    long changedThere = 0;
    long there = 0;
    for (long id = 0; id < keys; id++) {
      int region = random.nextInt(regions);
      String tier = random.nextBoolean() ? "gold" : "basic";
      long amount = random.nextInt(1000);
      boolean change = random.nextDouble() < (region == planted ? rate : background);
      lhs.add(RowFactory.create(id, "r" + region, tier, amount));
      rhs.add(RowFactory.create(id, "r" + region, tier, change ? amount + 1 : amount));
      changed += change ? 1 : 0;
      changedThere += change && region == planted ? 1 : 0;
      there += region == planted ? 1 : 0;
    }
    DiffSummary s =
        BigDiff.key("id")
            .explain()
            .summarize(spark().createDataFrame(lhs, SCHEMA), spark().createDataFrame(rhs, SCHEMA));

    assertThat(s.field("amount").orElseThrow().different()).isEqualTo(changed);
    Explanation amount = s.explanations().get("amount differs");
    assertThat(amount.rows()).isEqualTo(keys);
    assertThat(amount.failing()).isEqualTo(changed);
    Slice best = amount.best().orElseThrow();
    assertThat(best.conditions())
        .anySatisfy(
            c -> {
              assertThat(c.column()).isEqualTo("region");
              assertThat(c.label()).isEqualTo("r" + planted);
            });
    if (best.conditions().size() == 1) {
      assertThat(best.rows()).isEqualTo(there);
      assertThat(best.failing()).isEqualTo(changedThere);
      assertThat(best.coverage()).isEqualTo((double) changedThere / changed);
    }
    assertThat(amount.slices()).noneMatch(x -> x.text().contains("amount"));
  }
}
