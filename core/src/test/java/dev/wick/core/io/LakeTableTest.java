package dev.wick.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.io.LakeTable.Kind;
import dev.wick.core.io.LakeTable.TimeTravel;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How {@code delta:} and {@code iceberg:} locations are read, without Spark. */
class LakeTableTest {
  @Test
  void aDeltaPathWithAndWithoutAVersion() {
    assertThat(LakeTable.parse("delta:/lake/plays"))
        .contains(new LakeTable(Kind.DELTA, "/lake/plays", Optional.empty()));
    assertThat(LakeTable.parse("delta:s3a://bucket/plays@v12"))
        .contains(
            new LakeTable(
                Kind.DELTA, "s3a://bucket/plays", Optional.of(new TimeTravel.Version(12))));
    assertThat(LakeTable.parse("DELTA:/lake/plays@2026-11-30"))
        .contains(
            new LakeTable(
                Kind.DELTA,
                "/lake/plays",
                Optional.of(new TimeTravel.AsOf(Instant.parse("2026-11-30T00:00:00Z")))));
    assertThat(LakeTable.parse("delta:/lake/plays@2026-11-30T12:00:00+01:00").get().at())
        .contains(new TimeTravel.AsOf(Instant.parse("2026-11-30T11:00:00Z")));
  }

  @Test
  void anAtInsideThePathIsPartOfThePathAndLatestNamesTheNewestVersion() {
    assertThat(LakeTable.parse("delta:/lake/team@x/plays").get().table())
        .isEqualTo("/lake/team@x/plays");
    LakeTable latest = LakeTable.parse("delta:/lake/plays@v3@latest").get();
    assertThat(latest.table()).isEqualTo("/lake/plays@v3");
    assertThat(latest.at()).isEmpty();
  }

  @Test
  void anIcebergTableByPathOrByNameWithASnapshot() {
    LakeTable byName = LakeTable.parse("iceberg:lake.db.plays@8744736658442914487").get();
    assertThat(byName.byPath()).isFalse();
    assertThat(byName.path()).isEmpty();
    assertThat(byName.at()).contains(new TimeTravel.Snapshot(8744736658442914487L));
    LakeTable byPath = LakeTable.parse("iceberg:/warehouse/db/plays").get();
    assertThat(byPath.byPath()).isTrue();
    assertThat(byPath.path()).isPresent();
  }

  @Test
  void otherLocationsAreNoLakeTables() {
    assertThat(LakeTable.parse("/lake/plays")).isEmpty();
    assertThat(LakeTable.parse("table:db.plays")).isEmpty();
    assertThat(LakeTable.parse("deltas/plays")).isEmpty();
    assertThat(DatasetReader.isTable("delta:/x")).isTrue();
    assertThat(DatasetReader.isTable("iceberg:a.b")).isTrue();
    assertThat(DatasetReader.isTable("/x/delta:y")).isFalse();
  }

  @Test
  void badVersionsAndEmptyNamesAreOneSentence() {
    assertThatThrownBy(() -> LakeTable.parse("iceberg:lake.db.plays@v3"))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "'@v3' in iceberg:lake.db.plays@v3 is not a snapshot id (@8744736658442914487) or a"
                + " time (@2026-11-30T00:00:00Z or @2026-11-30); write one of those, or @latest"
                + " for the newest version.");
    assertThatThrownBy(() -> LakeTable.parse("delta:@v3"))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The table after 'delta:' is empty; write delta:PATH, optionally followed by @v12 or"
                + " @2026-11-30T00:00:00Z.");
    assertThatThrownBy(() -> LakeTable.parse("delta:/lake/plays@v99999999999999999999"))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("'@v99999999999999999999' in delta:");
  }
}
