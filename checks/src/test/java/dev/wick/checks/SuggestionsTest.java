package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.spark.WickSpark;
import dev.wick.profiler.Profile;
import dev.wick.profiler.Profiler;
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
            Check.range("amount", OptionalDouble.of(0), OptionalDouble.of(327.3)),
            Check.semantic("site", "url"));
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
  void refusesMarginsOutOfRange() {
    assertThatThrownBy(() -> Suggestions.from(profile).nullMargin(1.5))
        .hasMessage("The null margin must be between 0 and 1, got 1.5; give a share of the rows.");
    assertThatThrownBy(() -> Suggestions.from(profile).rowCountRatios(2, 1))
        .hasMessage(
            "Row count ratios must satisfy 0 <= min <= max, got 2 and 1; give a smaller minimum"
                + " and a larger maximum.");
  }
}
