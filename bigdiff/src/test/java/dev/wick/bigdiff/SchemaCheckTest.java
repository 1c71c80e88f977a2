package dev.wick.bigdiff;

import static dev.wick.bigdiff.DiffFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** Keys, fields and rules are checked against both schemas before anything runs. */
class SchemaCheckTest {
  private final Dataset<Row> plays =
      values(
          "values (1, 'SE', 10L, named_struct('os', 'ios', 'version', 3)) as t(track_id,"
              + " country, ms_played, device)");

  private static void assertUsageError(Runnable r, String... fragments) {
    assertThatThrownBy(r::run)
        .isInstanceOf(WickException.class)
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE))
        .hasMessageContainingAll(fragments);
  }

  @Test
  void anUnknownKeySuggestsTheNearestNames() {
    assertUsageError(
        () -> BigDiff.key("trackid").prepare(plays, plays),
        "Key field 'trackid' is not in the lhs",
        "did you mean 'track_id'?");
  }

  @Test
  void aKeyMissingOnOneSideNamesThatSide() {
    Dataset<Row> renamed = plays.withColumnRenamed("track_id", "trackId");
    assertUsageError(
        () -> BigDiff.key("track_id").labels("baseline", "candidate").prepare(plays, renamed),
        "Key field 'track_id' is not in the candidate",
        "did you mean 'trackId'?");
  }

  @Test
  void keysMustHaveTheSameTypeAndBePlainValues() {
    assertUsageError(
        () ->
            BigDiff.key("track_id")
                .prepare(
                    plays, plays.selectExpr("cast(track_id as string) as track_id", "country")),
        "Key field 'track_id' is int in the lhs but string in the rhs");
    assertUsageError(
        () -> BigDiff.key("device").prepare(plays, plays),
        "Key field 'device' is a record",
        "name its parts");
    assertUsageError(() -> BigDiff.key(), "at least one key field");
  }

  @Test
  void anIncompatibleTypeIsReportedAndNotComparedUnlessIgnored() {
    Dataset<Row> changed =
        plays.selectExpr(
            "track_id",
            "country",
            "cast(ms_played as double) as ms_played",
            "named_struct('os', device.os, 'version', cast(device.version as string)) as device");
    PreparedDiff reported = BigDiff.key("track_id").prepare(plays, changed);
    // long to double would round large longs: not a widening that keeps values.
    assertThat(reported.schema().typeChanges())
        .containsExactly(
            new SchemaDifference.TypeChange("ms_played", "long", "double", false),
            new SchemaDifference.TypeChange("device.version", "int", "string", false));
    assertThat(reported.schema().compared()).containsExactly("country", "device.os");
    DiffSummary summary = reported.summarize();
    assertThat(summary.global().same()).isEqualTo(1);
    assertThat(summary.gate(DiffThresholds.anyDifference()).violations())
        .extracting(v -> v.kind() + " " + v.subject() + " " + v.message())
        .containsExactly(
            "SCHEMA_CHANGE ms_played Field 'ms_played' is long in the lhs but double in the rhs,"
                + " which cannot be compared, so it was not.",
            "SCHEMA_CHANGE device.version Field 'device.version' is int in the lhs but string in"
                + " the rhs, which cannot be compared, so it was not.");
    assertThat(summary.gate(DiffThresholds.anyDifference().allowingSchemaChange()).passes())
        .isTrue();
    PreparedDiff ok =
        BigDiff.key("track_id").ignore("ms_played", "device.version").prepare(plays, changed);
    assertThat(ok.schema().compared()).containsExactly("country", "device.os");
    assertThat(ok.schema().ignored()).containsExactly("ms_played", "device.version");
    assertThat(ok.schema().typeChanges()).isEmpty();
    assertThat(ok.summarize().gate(DiffThresholds.anyDifference()).passes()).isTrue();
  }

  @Test
  void fieldsOnOneSideAreReportedAndNotCompared() {
    Dataset<Row> rhs =
        plays.selectExpr(
            "track_id",
            "country",
            "named_struct('os', device.os, 'version', device.version, 'model', 'x') as device",
            "1 as added");
    PreparedDiff diff = BigDiff.key("track_id").prepare(plays, rhs);
    assertThat(diff.schema().onlyLhs()).containsExactly("ms_played");
    assertThat(diff.schema().onlyRhs()).containsExactly("device.model", "added");
    assertThat(diff.schema().compared()).containsExactly("country", "device.os", "device.version");
    assertThat(diff.summarize().global().same()).isEqualTo(1);
  }

  @Test
  void ignoringAFieldDropsEverythingBelowIt() {
    Dataset<Row> rhs =
        plays.selectExpr(
            "track_id", "country", "ms_played", "named_struct('os', 'android') as device");
    PreparedDiff diff = BigDiff.key("track_id").ignore("device").prepare(plays, rhs);
    assertThat(diff.schema().compared()).containsExactly("country", "ms_played");
    assertThat(diff.schema().onlyLhs()).isEmpty();
    assertThat(diff.summarize().global().same()).isEqualTo(1);
  }

  @Test
  void rulesMustNameComparedFieldsOfTheRightKind() {
    assertUsageError(
        () -> BigDiff.key("track_id").ignore("contry").prepare(plays, plays),
        "Ignored field 'contry' is on neither side",
        "did you mean 'country'?");
    assertUsageError(
        () -> BigDiff.key("track_id").ignore("track_id").prepare(plays, plays),
        "holds the key field 'track_id'");
    assertUsageError(
        () -> BigDiff.key("track_id").unordered("country").prepare(plays, plays),
        "Unordered field 'country' is a string, not an array field");
    assertUsageError(
        () -> BigDiff.key("track_id").tolerance("device.os", 1).prepare(plays, plays),
        "Tolerance on 'device.os' cannot apply");
    assertUsageError(
        () -> BigDiff.key("track_id").tolerance("ms_playd", 1).prepare(plays, plays),
        "Tolerance field 'ms_playd' is not a compared field",
        "did you mean 'ms_played'?");
    assertUsageError(
        () -> BigDiff.key("track_id").tolerance("ms_played", -1),
        "must be a number >= 0, got -1.0");
    assertUsageError(() -> BigDiff.key("device[").prepare(plays, plays), "is malformed");
    assertUsageError(
        () -> BigDiff.key("device[]").prepare(plays, plays),
        "Key field 'device[]' steps into an array or map");
  }

  @Test
  void aNestedKeyIsLeftOutOfItsRecordsComparison() {
    Dataset<Row> lhs = values("values (named_struct('id', 1, 'name', 'a')) as t(user)");
    Dataset<Row> rhs = values("values (named_struct('id', 1, 'name', 'b')) as t(user)");
    PreparedDiff diff = BigDiff.key("user.id").prepare(lhs, rhs);
    assertThat(diff.keyColumns()).containsExactly("user_id");
    assertThat(diff.schema().compared()).containsExactly("user.name");
    assertThat(DiffFixtures.run(diff).differingFields())
        .isEqualTo(java.util.Map.of("1", java.util.Set.of("user.name")));
  }
}
