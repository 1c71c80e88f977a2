package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.spark.WickSpark;
import dev.wick.profiler.Profile;
import dev.wick.profiler.Profiler;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Suggestions from the profile of twelve orders, with and without their Avro schema. */
class SuggestionsTest {
  static SparkSession spark;
  static Profile profile;
  static Profile events;

  static final String SCHEMA =
      "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"shop\",\"doc\":\"An order.\","
          + "\"fields\":["
          + "{\"name\":\"id\",\"type\":\"long\",\"doc\":\"The order.\"},"
          + "{\"name\":\"currency\",\"type\":\"string\"},"
          + "{\"name\":\"site\",\"type\":[\"null\",\"string\"],\"default\":null,"
          + "\"wick.semantic\":\"url\"},"
          + "{\"name\":\"amount\",\"type\":\"double\"}]}";

  @BeforeAll
  static void data() {
    spark = WickSpark.local(2);
    Dataset<Row> orders =
        spark.sql(
            "SELECT id, element_at(array('SEK', 'EUR', 'USD'), cast(id % 3 AS INT) + 1) AS"
                + " currency, if(id = 5, NULL, concat('https://shop.example/', id)) AS site,"
                + " id * 2.5 AS amount FROM range(0, 120)");
    profile = Profiler.defaults().profile(orders, "orders");
    // 2024-05-01 is day 19844; 1714557600 is 2024-05-01T10:00:00Z, the newest time.
    events =
        Profiler.defaults()
            .profile(
                spark.sql(
                    "SELECT concat('event-', id) AS event_id, concat('user', id % 40) AS user,"
                        + " element_at(array('a', 'b', 'c'), cast(id % 3 AS INT) + 1) AS kind,"
                        + " id % 50 AS score, id % 5 AS stars,"
                        + " timestamp_seconds(1714557600 - id * 600) AS at,"
                        + " cast(timestamp_seconds(1714557600 - id * 600) AS TIMESTAMP_NTZ)"
                        + " AS local_at,"
                        + " date_from_unix_date(19844 - cast(id % 30 AS INT)) AS day"
                        + " FROM range(0, 120)"),
                "events");
  }

  /** The events profile as if made at {@code createdAt}. */
  static Profile eventsAt(String createdAt) {
    return new Profile(
        events.source(), createdAt, events.rowCount(), events.top(), events.fields());
  }

  static List<String> lines(SuggestedChecks s, String kind) {
    return s.suggestions().stream()
        .filter(x -> x.check().map(c -> c.rule().kind().equals(kind)).orElse(false))
        .map(Suggestion::line)
        .toList();
  }

  @Test
  void derivesChecksAndASchemaFromTheProfileAlone() {
    SuggestedChecks s = Suggestions.from(profile).allowedValues(5, 10).suggest();

    assertThat(s.schemaDerived()).isTrue();
    assertThat(s.checks().checks())
        .contains(
            Check.rowCount(OptionalLong.of(60), OptionalLong.of(240)),
            Check.completeness("id", 1.0),
            Check.allowedValues("currency", List.of("EUR", "SEK", "USD")),
            Check.semantic("currency", "currency"),
            Check.range("amount", OptionalDouble.of(0), OptionalDouble.of(327.3)));
    // The url type comes from 20 of 119 values: it goes into the schema, unproven, with no check.
    assertThat(s.checks().checks())
        .noneMatch(c -> c.rule() instanceof SemanticCheck x && x.field().equals("site"));
    assertThat(s.schema().getField("site").getProp("wick.semantic")).isEqualTo("url");
    assertThat(s.checks().checks()).doesNotContain(Check.unique("id"));
    assertThat(s.schema().getField("currency").getProp("wick.semantic")).isEqualTo("currency");
    assertThat(s.schema().getField("amount").getProp("wick.semantic"))
        .isEqualTo("range(max=327.3, min=0)");
    assertThat(s.suggestions())
        .filteredOn(
            x ->
                x.check()
                    .equals(
                        Optional.of(
                            Check.range("amount", OptionalDouble.of(0), OptionalDouble.of(327.3)))))
        .extracting(Suggestion::line)
        .containsExactly(
            "range(amount) [schema: range(max=327.3, min=0)]: min 0, max 297.5 in 120 values,"
                + " widened by 10.00% of the span and kept non-negative");
  }

  @Test
  void annotatesTheGivenSchemaKeepingWhatItSays() {
    SuggestedChecks s =
        Suggestions.from(profile, new org.apache.avro.Schema.Parser().parse(SCHEMA))
            .baseline("day1/profile.json")
            .suggest();

    assertThat(s.schemaDerived()).isFalse();
    assertThat(s.checks().baseline()).contains("day1/profile.json");
    assertThat(s.checks().checks())
        .contains(Check.rowCountRatio(OptionalDouble.of(0.5), OptionalDouble.of(2.0)));
    assertThat(s.schema().getFullName()).isEqualTo("shop.Order");
    assertThat(s.schema().getDoc()).isEqualTo("An order.");
    assertThat(s.schema().getField("id").doc()).isEqualTo("The order.");
    assertThat(s.schema().getField("site").getProp("wick.semantic")).isEqualTo("url");
    assertThat(s.schema().getField("currency").getProp("wick.semantic")).isEqualTo("currency");
    assertThat(s.toJson()).contains("\"schema\" : \"given\"");
  }

  @Test
  void aRangeBeyondABrokenTypeEndsAtTheNextWholeNumberPastTheData() {
    // The schema says at most 1,000,000; the data reaches 6,228,489.75, so the range stops at the
    // data's max rounded up to a whole number, not at four significant digits (6,229,000).
    Profile big =
        Profiler.defaults()
            .profile(spark.sql("SELECT id * 52340.25 AS amount FROM range(0, 120)"), "big");
    org.apache.avro.Schema schema =
        new org.apache.avro.Schema.Parser()
            .parse(
                "{\"type\":\"record\",\"name\":\"Big\",\"fields\":[{\"name\":\"amount\","
                    + "\"type\":\"double\",\"wick.semantic\":\"range(min=0, max=1000000)\"}]}");

    SuggestedChecks s = Suggestions.from(big, schema).suggest();

    assertThat(s.checks().checks())
        .contains(Check.range("amount", OptionalDouble.of(0), OptionalDouble.of(6228490)));
    assertThat(lines(s, "range"))
        .containsExactly(
            "range(amount): min 0, max 6228490 in 120 values, widened by 10.00% of the span and"
                + " the low end kept within range(max=1000000, min=0) and the high end at the"
                + " data's max, which already breaks range(max=1000000, min=0)");
  }

  @Test
  void refusesASchemaOfOtherFields() {
    org.apache.avro.Schema other =
        new org.apache.avro.Schema.Parser().parse(SCHEMA.replace("\"amount\"", "\"total\""));

    assertThatThrownBy(() -> Suggestions.from(profile, other).suggest())
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The schema does not match the profile of orders: field 'amount' is in the profile"
                + " but not in the schema; give the schema of the profiled data, or none to"
                + " derive one from the profile.");
  }

  @Test
  void boundsDistinctCountsOfFieldsOfManyValuesThatAreNotKeys() {
    SuggestedChecks s = Suggestions.from(eventsAt("2024-05-01T12:13:00Z")).suggest();

    assertThat(s.checks().checks())
        .contains(
            Check.distinct("user", OptionalLong.of(20), OptionalLong.of(80)),
            Check.distinct("score", OptionalLong.of(25), OptionalLong.of(55)),
            Check.distinctRatio("event_id", OptionalDouble.of(0.909), OptionalDouble.empty()),
            Check.allowedValues("kind", List.of("a", "b", "c")));
    assertThat(s.checks().checks()).noneMatch(c -> c.rule() instanceof UniqueCheck);
    assertThat(lines(s, "distinct"))
        .containsExactly(
            "distinct(event_id): about 120 distinct values (between 120 and 120) for 120 values,"
                + " the most frequent seen once; an estimate cannot prove a key (suggest on the"
                + " data to count it): at least 0.909 distinct values per value",
            "distinct(user): about 40 distinct values (between 40 and 40) in 120 non-null values;"
                + " a factor of 2 either way: 20 to 80",
            "distinct(score): about 50 distinct values (between 50 and 50) in 120 non-null values;"
                + " a factor of 2 either way: 25 to 100, at most the 55 whole numbers the range"
                + " holds: 25 to 55");

    SuggestedChecks narrower =
        Suggestions.from(eventsAt("2024-05-01T12:13:00Z")).distinctFactor(1.25).suggest();
    assertThat(narrower.checks().checks())
        .contains(Check.distinct("user", OptionalLong.of(32), OptionalLong.of(50)));
  }

  @Test
  void suggestsFreshnessFromTheAgeOfTheNewestValue() {
    SuggestedChecks s = Suggestions.from(eventsAt("2024-05-01T12:13:00Z")).suggest();

    assertThat(s.checks().checks())
        .contains(
            Check.completeness("at", 1.0),
            Check.completeness("day", 1.0),
            Check.freshness("at", Duration.ofHours(5), Optional.empty()),
            Check.freshness("day", Duration.ofDays(2), Optional.empty()));
    assertThat(lines(s, "freshness"))
        .containsExactly(
            "freshness(at): newest 2024-05-01T10:00:00Z, 2h 13m before the profile's time"
                + " 2024-05-01T12:13:00Z; that age widened by 100.00%, rounded up to whole hours"
                + " and at least 1h: 5h",
            "freshness(local_at): newest 2024-05-01T10:00, 2h 13m before the profile's time"
                + " 2024-05-01T12:13:00Z; that age widened by 100.00%, rounded up to whole hours"
                + " and at least 1h: 5h",
            "freshness(day): newest 2024-05-01, 12h 13m before the profile's time"
                + " 2024-05-01T12:13:00Z; that age widened by 100.00%, rounded up to whole days"
                + " and at least 1d: 2d");
    assertThat(s.checks().toYaml()).contains("- check: freshness\n  field: at\n  maxAge: 5h\n");

    SuggestedChecks later =
        Suggestions.from(eventsAt("2024-05-03T12:00:00Z")).freshnessMargin(0.5).suggest();
    assertThat(lines(later, "freshness"))
        .containsExactly(
            "freshness(at): newest 2024-05-01T10:00:00Z, 2d 2h before the profile's time"
                + " 2024-05-03T12:00:00Z; that age widened by 50.00%, rounded up to whole days and"
                + " at least 1h: 4d",
            "freshness(local_at): newest 2024-05-01T10:00, 2d 2h before the profile's time"
                + " 2024-05-03T12:00:00Z; that age widened by 50.00%, rounded up to whole days and"
                + " at least 1h: 4d",
            "freshness(day): newest 2024-05-01, 2d 12h before the profile's time"
                + " 2024-05-03T12:00:00Z; that age widened by 50.00%, rounded up to whole days and"
                + " at least 1d: 4d");
  }

  @Test
  void toleratesClockSkewButNotFutureTimes() {
    assertThat(lines(Suggestions.from(eventsAt("2024-05-01T09:58:00Z")).suggest(), "freshness"))
        .containsExactly(
            "freshness(at): newest 2024-05-01T10:00:00Z, 2m after the profile's time"
                + " 2024-05-01T09:58:00Z (within the 5m allowed for clock skew: an age of 0); that"
                + " age widened by 100.00%, rounded up to whole hours and at least 1h: 1h",
            "freshness(local_at): newest 2024-05-01T10:00, 2m after the profile's time"
                + " 2024-05-01T09:58:00Z (within the 14h a time zone may lie ahead of UTC: an age"
                + " of 0); that age widened by 100.00%, rounded up to whole hours and at least 1h:"
                + " 1h",
            "freshness(day): newest 2024-05-01, 9h 58m before the profile's time"
                + " 2024-05-01T09:58:00Z; that age widened by 100.00%, rounded up to whole days"
                + " and at least 1d: 1d");
  }

  @Test
  void aDateGetsAtLeastADayAndFutureInstantsNone() {
    SuggestedChecks s = Suggestions.from(eventsAt("2024-05-01T05:00:00Z")).suggest();

    assertThat(s.checks().checks())
        .contains(Check.freshness("day", Duration.ofDays(1), Optional.empty()))
        .doesNotContain(Check.freshness("at", Duration.ofHours(1), Optional.empty()));
    assertThat(lines(s, "freshness"))
        .containsExactly(
            "freshness(local_at): newest 2024-05-01T10:00, 5h after the profile's time"
                + " 2024-05-01T05:00:00Z (within the 14h a time zone may lie ahead of UTC: an age"
                + " of 0); that age widened by 100.00%, rounded up to whole hours and at least 1h:"
                + " 1h",
            "freshness(day): newest 2024-05-01, 5h before the profile's time 2024-05-01T05:00:00Z;"
                + " that age widened by 100.00%, rounded up to whole days and at least 1d: 1d");
  }

  @Test
  void refusesMarginsOutOfRange() {
    assertThatThrownBy(() -> Suggestions.from(profile).nullMargin(1.5))
        .hasMessage("The null margin must be between 0 and 1, got 1.5; give a share of the rows.");
    assertThatThrownBy(() -> Suggestions.from(profile).rowCountRatios(2, 1))
        .hasMessage(
            "Row count ratios must satisfy 0 <= min <= max, got 2 and 1; give a smaller minimum"
                + " and a larger maximum.");
    assertThatThrownBy(() -> Suggestions.from(profile).distinctFactor(1.05))
        .hasMessage(
            "The distinct factor must be at least 1.1, got 1.05; give a factor such as 2 (half to"
                + " double), which leaves room for the 2% error of a checked distinct count.");
    assertThatThrownBy(() -> Suggestions.from(profile).freshnessMargin(-1))
        .hasMessage(
            "The freshness margin must be 0 or more, got -1; give a share of the newest value's"
                + " age.");
  }
}
