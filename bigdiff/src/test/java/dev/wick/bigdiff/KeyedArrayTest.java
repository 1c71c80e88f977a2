package dev.wick.bigdiff;

import static dev.wick.bigdiff.DiffFixtures.run;
import static dev.wick.bigdiff.DiffFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.bigdiff.DiffFixtures.Run;
import dev.wick.core.WickException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** Arrays of records matched by element key: pairing, one-sided elements, unmatchable arrays. */
class KeyedArrayTest {

  private static String play(String track, int ms) {
    return "named_struct('track_id', '" + track + "', 'ms_played', " + ms + ", 'skipped', false)";
  }

  private static String plays(String... elements) {
    return "array(" + String.join(", ", elements) + ")";
  }

  /**
   * Session 1: same plays in another order. Session 2: b's ms_played changes. Session 3: the rhs
   * has one more play (d), and is longer: nothing is misaligned. Session 4: c only in lhs.
   */
  private static Run sessions(BigDiff diff) {
    Dataset<Row> lhs =
        values(
            "values (1, "
                + plays(play("a", 10), play("b", 20))
                + "), (2, "
                + plays(play("a", 10), play("b", 20))
                + "), (3, "
                + plays(play("a", 10), play("b", 20))
                + "), (4, "
                + plays(play("c", 5), play("a", 10))
                + ") as t(session, plays)");
    Dataset<Row> rhs =
        values(
            "values (1, "
                + plays(play("b", 20), play("a", 10))
                + "), (2, "
                + plays(play("b", 25), play("a", 10))
                + "), (3, "
                + plays(play("d", 1), play("a", 10), play("b", 20))
                + "), (4, "
                + plays(play("a", 10))
                + ") as t(session, plays)");
    return run(diff, lhs, rhs);
  }

  @Test
  void matchesElementsByKeyWhateverTheirOrderAndLength() {
    Run r = sessions(BigDiff.key("session").unorderedBy("plays", "track_id"));
    assertThat(r.global().same()).isEqualTo(1);
    assertThat(r.types()).isEqualTo(Map.of("2", "DIFFERENT", "3", "DIFFERENT", "4", "DIFFERENT"));
    assertThat(r.differingFields())
        .isEqualTo(
            Map.of(
                "2", Set.of("plays[].ms_played"), "3", Set.of("plays[]"), "4", Set.of("plays[]")));
    Row changed = r.entry(2, "plays[].ms_played");
    assertThat((String) changed.getAs("element")).isEqualTo("track_id=b");
    assertThat((String) changed.getAs("left")).isEqualTo("20");
    assertThat((String) changed.getAs("right")).isEqualTo("25");
    assertThat((Double) changed.getAs("delta")).isEqualTo(5.0);
    Row added = r.entry(3, "plays[]");
    assertThat((String) added.getAs("element")).isEqualTo("track_id=d");
    assertThat((String) added.getAs("left")).isNull();
    assertThat((String) added.getAs("right")).contains("\"track_id\":\"d\"");
    Row dropped = r.entry(4, "plays[]");
    assertThat((String) dropped.getAs("right")).isNull();
    assertThat((String) dropped.getAs("element")).isEqualTo("track_id=c");

    FieldStats ms = r.field("plays[].ms_played");
    assertThat(ms.different()).isEqualTo(1);
    assertThat(ms.delta().orElseThrow().mean().getAsDouble()).isEqualTo(5.0);
    assertThat(ms.examples().get(0).key()).isEqualTo("session=2, plays[track_id=b]");
    assertThat(r.field("plays[]").different()).isEqualTo(2);
    assertThat(r.field("plays[].skipped").different()).isZero();
    assertThat(r.summary().arrays()).containsExactly(new ArrayStats("plays", "track_id", 1, 1, 0));
    assertThat(r.summary().toJson().replaceAll("\\s", ""))
        .contains(
            "\"arrays\":[{\"field\":\"plays\",\"elementKey\":\"track_id\",\"onlyLhs\":1,"
                + "\"onlyRhs\":1,\"unmatched\":0}]");
  }

  @Test
  void positionalComparisonOfTheSameDataDiffersEverywhere() {
    Run r = sessions(BigDiff.key("session"));
    assertThat(r.global().same()).isZero();
    assertThat(r.summary().arrays()).isEmpty();
  }

  @Test
  void nullOrRepeatedElementKeysAreReportedNotCompared() {
    Dataset<Row> lhs =
        values(
            "values (1, "
                + plays(play("a", 10), play("a", 10))
                + "), (2, "
                + plays(play("a", 10))
                + "), (3, "
                + plays(play("a", 1))
                + "), (4, cast(null as array<struct<track_id:string,ms_played:int,skipped:boolean>>))"
                + " as t(session, plays)");
    Dataset<Row> rhs =
        values(
            "values (1, "
                + plays(play("a", 10), play("a", 10))
                + "), (2, array(named_struct('track_id', cast(null as string), 'ms_played', 10,"
                + " 'skipped', false))), (3, "
                + plays(play("a", 1))
                + "), (4, "
                + plays()
                + ") as t(session, plays)");
    Run r = run(BigDiff.key("session").unorderedBy("plays", "track_id"), lhs, rhs);
    // Identical arrays with a repeated element key still differ: they could not be matched.
    assertThat(r.types()).isEqualTo(Map.of("1", "DIFFERENT", "2", "DIFFERENT", "4", "DIFFERENT"));
    assertThat((String) r.entry(1, "plays").getAs("element"))
        .isEqualTo("a null or repeated track_id in both sides");
    assertThat((String) r.entry(2, "plays").getAs("element"))
        .isEqualTo("a null or repeated track_id in rhs");
    // A null array against an empty one: no element differs, the arrays do.
    assertThat((String) r.entry(4, "plays").getAs("left")).isNull();
    assertThat((String) r.entry(4, "plays").getAs("right")).isEqualTo("[]");
    assertThat(r.summary().arrays()).containsExactly(new ArrayStats("plays", "track_id", 0, 0, 2));
    assertThat(
            r.summary()
                .gate(DiffThresholds.maxDiffFraction(0.5).allowingSchemaChange())
                .violations()
                .get(0)
                .message())
        .contains("3 of 4 keys are not SAME");
  }

  @Test
  void elementFieldsTakeTolerancesAndNestedElementKeys() {
    String a = "named_struct('track', named_struct('id', 'a'), 'ms', 10.0D)";
    String b = "named_struct('track', named_struct('id', 'b'), 'ms', 20.0D)";
    String b2 = "named_struct('track', named_struct('id', 'b'), 'ms', 20.4D)";
    String b3 = "named_struct('track', named_struct('id', 'b'), 'ms', 29.0D)";
    Dataset<Row> lhs =
        values(
            "values (1, named_struct('plays', array("
                + a
                + ", "
                + b
                + "))), (2, named_struct('plays', array("
                + a
                + ", "
                + b
                + "))) as t(id, s)");
    Dataset<Row> rhs =
        values(
            "values (1, named_struct('plays', array("
                + b2
                + ", "
                + a
                + "))), (2, named_struct('plays', array("
                + b3
                + ", "
                + a
                + "))) as t(id, s)");
    Run r =
        run(
            BigDiff.key("id").unorderedBy("s.plays", "track.id").tolerance("s.plays[].ms", 0.5),
            lhs,
            rhs);
    assertThat(r.types()).isEqualTo(Map.of("2", "DIFFERENT"));
    Row entry = r.entry(2, "s.plays[].ms");
    assertThat((String) entry.getAs("element")).isEqualTo("track.id=b");
    assertThat((Double) entry.getAs("delta")).isEqualTo(9.0);
  }

  @Test
  void misusedElementKeysFailBeforeAnyJob() {
    Dataset<Row> data =
        values("values (1, array(1, 2), " + plays(play("a", 1)) + ") as t(id, tags, plays)");
    List<String> messages = new ArrayList<>();
    for (BigDiff bad :
        List.of(
            BigDiff.key("id").unorderedBy("tags", "x"),
            BigDiff.key("id").unorderedBy("plays", "nope"),
            BigDiff.key("id").unorderedBy("plays", "track_id").unordered("plays"))) {
      assertThatThrownBy(() -> bad.prepare(data, data))
          .isInstanceOf(WickException.class)
          .satisfies(e -> messages.add(e.getMessage()));
    }
    assertThat(messages.get(0)).contains("'tags:x' names a array<int>, not an array of records");
    assertThat(messages.get(1))
        .startsWith("Element key 'nope' is not a compared field of the elements of 'plays'");
    assertThat(messages.get(2)).contains("is unordered both as a whole and by the element key");
    assertThatThrownBy(() -> BigDiff.key("id").unorderedBy("plays", "a[]"))
        .hasMessageContaining("steps into an array or map");
    assertThatThrownBy(
            () -> BigDiff.key("id").unorderedBy("plays", "track_id").unorderedBy("plays", "ms"))
        .hasMessageContaining("given an element key twice");
  }
}
