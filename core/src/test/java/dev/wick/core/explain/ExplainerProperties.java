package dev.wick.core.explain;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Failures planted in one slice (a value of one column, or a pair of values of two) at a rate well
 * above a background of noise elsewhere are found first, with their exact counts; failures planted
 * uniformly are explained by no slice.
 */
class ExplainerProperties {
  static final List<String> GENRES = List.of("pop", "rock", "jazz", "podcast", "folk", "metal");
  static final List<String> COUNTRIES = List.of("SE", "US", "GB", "DE", "BR");
  static final StructType SCHEMA =
      new StructType()
          .add("genre", DataTypes.StringType)
          .add("country", DataTypes.StringType)
          .add("tier", DataTypes.IntegerType)
          .add("listeners", DataTypes.DoubleType)
          .add("failed", DataTypes.BooleanType);

  /** A generated row and whether it is in the planted slice. */
  record Play(String genre, String country, int tier, double listeners, boolean planted) {}

  private static List<Play> plays(Random random, int rows, String genre, String country) {
    List<Play> out = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      String g = GENRES.get(random.nextInt(GENRES.size()));
      String c = COUNTRIES.get(random.nextInt(COUNTRIES.size()));
      boolean planted = g.equals(genre) && (country == null || c.equals(country));
      out.add(new Play(g, c, random.nextInt(4), random.nextDouble() * 1000, planted));
    }
    return out;
  }

  private static Dataset<Row> data(List<Play> plays, List<Boolean> failed) {
    SparkSession spark = WickSpark.local(2);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < plays.size(); i++) {
      Play p = plays.get(i);
      rows.add(RowFactory.create(p.genre(), p.country(), p.tier(), p.listeners(), failed.get(i)));
    }
    return spark.createDataFrame(rows, SCHEMA);
  }

  @Property(tries = 5)
  void aPlantedSliceIsRankedFirstWithItsExactCounts(
      @ForAll long seed, @ForAll boolean pair, @ForAll @IntRange(min = 0, max = 5) int genre) {
    Random random = new Random(seed);
    String g = GENRES.get(genre);
    String c = pair ? COUNTRIES.get(random.nextInt(COUNTRIES.size())) : null;
    List<Play> plays = plays(random, 6000, g, c);
    List<Boolean> failed = new ArrayList<>();
    long in = 0;
    long inFailing = 0;
    long failing = 0;
    for (Play p : plays) {
      boolean f = random.nextDouble() < (p.planted() ? 0.6 : 0.02);
      failed.add(f);
      in += p.planted() ? 1 : 0;
      inFailing += p.planted() && f ? 1 : 0;
      failing += f ? 1 : 0;
    }
    Explanation e =
        Explainer.of(data(plays, failed))
            .excluding(List.of("failed"))
            .explain("planted", col("failed"));

    assertThat(e.rows()).isEqualTo(6000);
    assertThat(e.failing()).isEqualTo(failing);
    assertThat(e.best()).isPresent();
    Slice best = e.best().get();
    Set<Condition> expected =
        pair
            ? Set.of(
                new Condition("genre", Condition.Kind.VALUE, g),
                new Condition("country", Condition.Kind.VALUE, c))
            : Set.of(new Condition("genre", Condition.Kind.VALUE, g));
    assertThat(Set.copyOf(best.conditions())).as(e.line()).isEqualTo(expected);
    assertThat(best.rows()).isEqualTo(in);
    assertThat(best.failing()).isEqualTo(inFailing);
    assertThat(best.coverage()).isEqualTo((double) inFailing / failing);
    assertThat(best.low()).isLessThan(best.rate()).isGreaterThan(best.outsideRate());
  }

  @Property(tries = 5)
  void failuresSpreadEvenlyAreExplainedByNoSlice(@ForAll long seed) {
    Random random = new Random(seed);
    List<Play> plays = plays(random, 6000, "none", null);
    List<Boolean> failed = new ArrayList<>();
    for (int i = 0; i < plays.size(); i++) {
      failed.add(random.nextDouble() < 0.05);
    }
    Explanation e =
        Explainer.of(data(plays, failed))
            .excluding(List.of("failed"))
            .explain("uniform", col("failed"));
    assertThat(e.slices()).as(e.line()).isEmpty();
    assertThat(e.line()).contains("no slice of");
  }
}
