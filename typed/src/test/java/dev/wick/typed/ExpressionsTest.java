package dev.wick.typed;

import static dev.wick.typed.Fixtures.FIRST;
import static dev.wick.typed.Fixtures.SECOND;
import static dev.wick.typed.Fixtures.everything;
import static dev.wick.typed.Fixtures.values;
import static dev.wick.typed.Functions.lit;
import static dev.wick.typed.Functions.mapBoth;
import static dev.wick.typed.Functions.when;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.typed.shapes.Address;
import dev.wick.typed.shapes.Color;
import java.math.BigDecimal;
import java.sql.Date;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import scala.jdk.javaapi.CollectionConverters;

/** Each typed expression evaluates on Spark to what its SQL counterpart gives. */
class ExpressionsTest {

  @Test
  void everyComponentKindRoundTripsThroughSpark() {
    List<dev.wick.typed.shapes.Everything> back = everything().collect();
    assertThat(back).usingRecursiveFieldByFieldElementComparator().containsExactly(FIRST, SECOND);
  }

  @Test
  void comparisonsAndBooleanLogic() {
    var rows =
        values(
            everything(),
            v -> v.count().eq(3),
            v -> v.count().neq(v.count()),
            v -> v.id().gt(15L),
            v -> v.id().le(v.id()),
            v -> v.score().between(0.0, 3.0),
            v -> v.name().isin("bob", "carol"),
            v -> v.flag().and(v.count().lt(4)).or(v.name().eq("bob").not()),
            v -> v.color().eq(Color.BLUE),
            v -> v.day().ge(LocalDate.of(2024, 2, 1)),
            v -> v.home().eq(new Address("Oslo", null)),
            v -> v.nickname().eqNullSafe("B"),
            v -> v.maybeCount().eqNullSafe(v.maybeCount()));
    assertThat(rows.get(0))
        .containsExactly(
            true, false, false, true, true, false, true, false, false, false, false, true);
    assertThat(rows.get(1))
        .containsExactly(
            false, false, true, true, false, true, false, true, true, true, true, true);
  }

  @Test
  void arithmeticAndCasts() {
    var rows =
        values(
            everything(),
            v -> v.count().plus(v.count()).times(2),
            v -> v.count().divide(2),
            v -> v.id().minus(1L).mod(7L),
            v -> v.id().asInt().negate(),
            v -> v.score().abs().round(0),
            v -> v.ratio().times(2f).asDouble(),
            v -> v.price().plus(BigDecimal.ONE).round(1),
            v -> v.score().floor(),
            v -> v.count().asString().concat("!"),
            v -> v.count().asLong().plus(v.id()));
    assertThat(rows.get(0))
        .containsExactly(12, 1.5, 2L, -10, 3.0, 1.0, new BigDecimal("13.3"), 2L, "3!", 13L);
    assertThat(rows.get(1)).element(4).isEqualTo(1.0);
    assertThat(rows.get(1)).element(7).isEqualTo(-1L);
  }

  @Test
  void stringFunctions() {
    var rows =
        values(
            everything(),
            v -> v.name().upper(),
            v -> v.name().lower().length(),
            v -> v.name().substring(2, 2),
            v -> v.name().contains("li"),
            v -> v.name().startsWith("A"),
            v -> v.name().endsWith("b"),
            v -> v.name().like("A%"),
            v -> v.name().matches("^[a-z]+$"),
            v -> v.name().replaceAll("[aeiou]", "_"),
            v -> v.name().concat(lit(" ").trim()),
            v -> v.name().split("l").size(),
            v -> v.count().asString().parseLong(),
            v -> v.name().parseInt());
    assertThat(rows.get(0))
        .containsExactly(
            "ALICE", 5, "li", true, true, false, true, false, "Al_c_", "Alice", 2, 3L, null);
    assertThat(rows.get(1))
        .containsExactly(
            "BOB", 3, "ob", false, false, true, false, true, "b_b", "bob", 1, 5L, null);
  }

  @Test
  void datesAndTimestamps() {
    var rows =
        values(
            everything(),
            v -> v.day().year(),
            v -> v.day().month(),
            v -> v.day().dayOfMonth(),
            v -> v.day().plusDays(1),
            v -> v.day().plusMonths(1).format("yyyy-MM-dd"),
            v -> v.day().daysUntil(lit(LocalDate.of(2024, 3, 1))),
            v -> v.at().hour(),
            v -> v.at().toDate(),
            v -> v.at().truncate("day").format("yyyy-MM-dd HH:mm"),
            v -> v.local().minute());
    assertThat(rows.get(0))
        .containsExactly(
            2024,
            1,
            31,
            Date.valueOf("2024-02-01"),
            "2024-02-29",
            30,
            10,
            Date.valueOf("2024-01-31"),
            "2024-01-31 00:00",
            15);
    assertThat(rows.get(1).get(3)).isEqualTo(Date.valueOf("2024-03-01"));
    assertThat(rows.get(1).get(5)).isEqualTo(1);
  }

  @Test
  void nullHandling() {
    var rows =
        values(
            everything(),
            v -> v.nickname().orElse("none"),
            v -> v.nickname().orElse(v.name()),
            v -> v.nickname().isNull(),
            v -> v.maybeCount().isNotNull(),
            v -> v.maybeCount().map(c -> c.plus(1)),
            v -> v.maybeCount().map(c -> c.times(v.count())).orElse(-1),
            v -> mapBoth(v.nickname(), v.maybeCount(), (n, c) -> n.concat(c.asString())),
            v -> v.work().map(w -> w.fields().city()).orElse("remote"),
            v -> v.work().flatMap(w -> w.fields().zip()),
            v -> v.home().fields().zip().orElse("?"),
            v -> v.comment().orElse(v.nickname().orElse("")));
    assertThat(rows.get(0))
        .containsExactly("none", "Alice", true, false, null, -1, null, "remote", null, "75001", "");
    assertThat(rows.get(1))
        .containsExactly("B", "B", false, true, 8, 35, "B7", "Bergen", "5003", "?", "hi");
  }

  @Test
  void chainedFallbacksAreOneCoalesce() {
    var v = everything().meta().view(ColumnSource.root());
    String sql = v.nickname().orElse(v.comment()).orElse(v.name()).column().toString();
    assertThat(sql).isEqualTo("coalesce(nickname, comment, name)");
  }

  @Test
  void conditionals() {
    var rows =
        values(
            everything(),
            v -> when(v.count().gt(4), "big").when(v.flag(), "flagged").otherwise("small"),
            v -> when(v.flag(), v.id()).orNull(),
            v -> when(v.flag(), 1).otherwise(v.maybeCount()),
            v -> when(v.name().eq("bob"), lit(2.0)).otherwise(v.score()));
    assertThat(rows.get(0)).containsExactly("flagged", 10L, 1, 2.5);
    assertThat(rows.get(1)).containsExactly("big", null, 7, 2.0);
  }

  @Test
  void arraysAndMaps() {
    var rows =
        values(
            everything(),
            v -> v.tags().size(),
            v -> v.tags().contains("b"),
            v -> v.tags().isEmpty(),
            v -> v.notes().size(),
            v -> v.tags().sorted(),
            v -> v.scores().containsKey("m"),
            v -> v.scores().size(),
            v -> v.blob().length());
    assertThat(rows.get(0)).element(0).isEqualTo(2);
    assertThat(rows.get(0)).containsSequence(true, false, 2);
    List<Object> sorted =
        List.copyOf(CollectionConverters.asJava((scala.collection.Seq<?>) rows.get(0).get(4)));
    assertThat(sorted).containsExactly("a", "b");
    assertThat(rows.get(0).subList(5, 8)).containsExactly(true, 1, 3);
    assertThat(rows.get(1).subList(0, 4)).containsExactly(0, false, true, 0);
  }

  @Test
  void comparingWithNullIsRefusedAtOnce() {
    var v = everything().meta().view(ColumnSource.root());
    assertThatThrownBy(() -> v.name().eq((String) null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "eq(null) is never true in SQL; compare a nullable column with isNull(), or use"
                + " eqNullSafe.");
  }
}
