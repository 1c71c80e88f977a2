package dev.wick.testkit.jobtest;

import static dev.wick.testkit.jobtest.WickAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.checks.Check;
import dev.wick.checks.Checks;
import java.util.List;
import java.util.OptionalDouble;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code assertThat(dataset).satisfies(checks)}: passing, failing with each sentence, warnings. */
@SparkTest
class DatasetSatisfiesChecksTest {
  private Dataset<Row> plays;

  @BeforeEach
  void setUp(SparkSession spark) {
    plays =
        spark.sql(
            "SELECT * FROM VALUES (1, 'SE', 100), (2, 'US', 200), (2, NULL, 300)"
                + " AS t(play_id, country, ms)");
  }

  @Test
  void passesWhenEveryErrorCheckPassesAndWarningsNeverFail() {
    assertThat(plays)
        .satisfies(
            Checks.of(
                Check.range("ms", OptionalDouble.of(0), OptionalDouble.of(1000)),
                Check.allowedValues("country", List.of("SE", "US")),
                Check.unique("play_id").warn()));
  }

  @Test
  void failsListingEachFailedChecksSentence() {
    Checks checks =
        Checks.of(
            Check.completeness("country", 1.0),
            Check.unique("play_id"),
            Check.mean("ms", OptionalDouble.empty(), OptionalDouble.of(1000)));
    assertThatThrownBy(() -> assertThat(plays).satisfies(checks))
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            "\nExpecting the dataset to satisfy its 3 checks, but:"
                + "\n  completeness(country): 66.67% of the rows have a country (2 of 3); at least"
                + " 100.00% must."
                + "\n  unique(play_id): 1 value of play_id occurs more than once (2 rows); each"
                + " must occur once.");
  }
}
