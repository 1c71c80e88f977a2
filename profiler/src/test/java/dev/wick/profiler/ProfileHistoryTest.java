package dev.wick.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.io.Output;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A history folder written through {@link Output}: listed, loaded, pruned and merged. */
class ProfileHistoryTest {
  static SparkSession spark;
  static Profile small;
  static Profile large;
  static final Configuration CONF = new Configuration();
  static final Instant DAY1 = Instant.parse("2026-11-01T06:00:00Z");

  @TempDir Path tmp;

  @BeforeAll
  static void profiles() {
    spark = WickSpark.local(2);
    small = Profiler.defaults().profile(spark.range(0, 100).selectExpr("id", "id % 7 as k"), "s");
    large = Profiler.defaults().profile(spark.range(0, 300).selectExpr("id", "id % 7 as k"), "l");
  }

  private static void add(ProfileHistory h, Instant at, Profile p, boolean overwrite) {
    HistoryEntry e = h.entry(at);
    try (Output out = Output.create(spark, e.location(), overwrite, List.of())) {
      e.write(out, p);
      out.commit();
    }
  }

  private static Instant day(int d) {
    return DAY1.plus(Duration.ofDays(d));
  }

  @Test
  void entriesAreListedOldestFirstAndNarrowedByLabel() throws IOException {
    ProfileHistory h = ProfileHistory.at(tmp.resolve("hist dir").toString());
    add(h, day(2), small, false);
    add(h, day(0), small, false);
    add(h.label("country=DE"), day(1), large, false);
    Files.createDirectories(tmp.resolve("hist dir/notes"));
    assertThat(h.entries(CONF))
        .extracting(HistoryEntry::name)
        .containsExactly("20261101T060000Z", "20261102T060000Z_country=DE", "20261103T060000Z");
    assertThat(h.label("country=DE").entries(CONF))
        .extracting(HistoryEntry::at)
        .containsExactly(day(1));
    assertThat(h.label(null).entries(CONF)).hasSize(2);
    List<TimedProfile> loaded = h.label(null).load(CONF, Optional.of(day(1)), 10);
    assertThat(loaded).hasSize(1);
    assertThat(loaded.get(0).at()).isEqualTo(day(0));
    assertThat(loaded.get(0).profile().rowCount()).isEqualTo(100);
    assertThat(h.load(CONF, Optional.empty(), 2))
        .extracting(TimedProfile::at)
        .containsExactly(day(1), day(2));
  }

  @Test
  void anExistingEntryIsReplacedOnlyWhenAsked() {
    ProfileHistory h = ProfileHistory.at(tmp.resolve("h").toString());
    add(h, day(0), small, false);
    assertThatThrownBy(() -> add(h, day(0), large, false))
        .isInstanceOf(WickException.class)
        .hasMessageContaining("20261101T060000Z already exists; allow overwriting to replace it");
    assertThat(h.load(CONF, Optional.empty(), 5).get(0).profile().rowCount()).isEqualTo(100);
    add(h, day(0), large, true);
    assertThat(h.load(CONF, Optional.empty(), 5).get(0).profile().rowCount()).isEqualTo(300);
  }

  @Test
  void pruneDeletesOldEntriesAndLeavesNothingBehind() throws IOException {
    ProfileHistory h = ProfileHistory.at(tmp.resolve("h").toString());
    for (int d = 0; d < 5; d++) {
      add(h, day(d), small, false);
    }
    List<HistoryEntry> removed = h.prune(CONF, Duration.ofDays(2), day(4));
    assertThat(removed).extracting(HistoryEntry::at).containsExactly(day(0), day(1));
    assertThat(h.entries(CONF))
        .extracting(HistoryEntry::at)
        .containsExactly(day(2), day(3), day(4));
    try (Stream<Path> s = Files.list(tmp.resolve("h"))) {
      assertThat(s.map(p -> p.getFileName().toString())).allMatch(n -> n.startsWith("2026"));
    }
  }

  @Test
  void aRangeMergesThroughTheSketches() {
    ProfileHistory h = ProfileHistory.at(tmp.resolve("h").toString());
    add(h, day(0), small, false);
    add(h, day(1), large, false);
    add(h, day(2), large, false);
    Profile week = h.merge(CONF, day(0), day(2));
    assertThat(week.rowCount()).isEqualTo(400);
    assertThat(week.field("k").orElseThrow().distinct().orElseThrow().rounded()).isEqualTo(7);
    assertThat(week.field("id").orElseThrow().numeric().orElseThrow().max()).isEqualTo(299);
    assertThatThrownBy(() -> h.merge(CONF, day(5), day(6)))
        .hasMessageContaining("has no entry from 2026-11-06T06:00:00Z to 2026-11-07T06:00:00Z");
  }

  @Test
  void missingFoldersDamagedProfilesAndBadTimesAreUsageErrors() throws IOException {
    assertThatThrownBy(() -> ProfileHistory.at(tmp.resolve("nope").toString()).entries(CONF))
        .isInstanceOf(WickException.class)
        .hasMessageContaining("nope does not exist");
    ProfileHistory h = ProfileHistory.at(tmp.resolve("h").toString());
    add(h, day(0), small, false);
    Files.writeString(tmp.resolve("h/20261101T060000Z/profile.json"), "{\"wickProfile\": 1,");
    assertThatThrownBy(() -> h.load(CONF, Optional.empty(), 5))
        .isInstanceOf(WickException.class)
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE))
        .hasMessageContaining("20261101T060000Z/profile.json is not a valid Wick profile");
    Files.createDirectories(tmp.resolve("h/20261102T060000Z"));
    assertThatThrownBy(() -> h.entries(CONF)).hasMessageContaining("is incomplete");
    assertThat(ProfileHistory.parseTime("2026-12-01"))
        .isEqualTo(Instant.parse("2026-12-01T00:00:00Z"));
    assertThat(ProfileHistory.parseTime("2026-12-01T07:00+01:00"))
        .isEqualTo(Instant.parse("2026-12-01T06:00:00Z"));
    assertThat(ProfileHistory.parseTime("2026-12-01T06:00"))
        .isEqualTo(Instant.parse("2026-12-01T06:00:00Z"));
    assertThatThrownBy(() -> ProfileHistory.parseTime("yesterday"))
        .hasMessage(
            "Time 'yesterday' is not a time; give an ISO-8601 date or time such as 2026-12-01 or"
                + " 2026-12-01T06:00:00Z.");
    assertThatThrownBy(() -> ProfileHistory.parseKeep("90x"))
        .hasMessageContaining("not of the form");
    assertThatThrownBy(() -> h.label("a/b")).hasMessageContaining("cannot name a history entry");
  }
}
