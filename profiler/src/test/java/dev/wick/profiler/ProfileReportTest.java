package dev.wick.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.io.Output;
import dev.wick.core.json.Json;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A profile report writes itself to an output the caller owns, and only there. */
class ProfileReportTest {
  static SparkSession spark;
  static Profile day1;
  static Profile day2;

  @TempDir Path tmp;

  @BeforeAll
  static void profiles() {
    TestTypes.register();
    spark = WickSpark.local(2);
    day1 = Profiler.defaults().profile(Plays.generate(800, 1, 0, 0).dataset(spark, 2), "day1");
    day2 = Profiler.defaults().profile(Plays.generate(800, 2, 0.5, 0).dataset(spark, 2), "day2");
  }

  @Test
  void aProfileWritesItsJsonAndPageIntoTheCallersOutput() throws IOException {
    Path folder = tmp.resolve("report");
    try (Output out = Output.create(spark, folder.toString(), false, List.of())) {
      ProfileReport.of(day1).writeTo(out);
      assertThat(folder).as("nothing is in place before the caller commits").doesNotExist();
      out.commit();
    }
    assertThat(folder.resolve("profile.html")).isNotEmptyFile();
    assertThat(folder.resolve("drift.json")).doesNotExist();
    assertThat(Profile.read(folder)).isEqualTo(day1);
  }

  @Test
  void aComparedProfileAddsTheDriftAndADriftFolderHoldsTheDriftAlone() throws IOException {
    ProfileReport report = ProfileReport.compared(day1, day2);
    Path profileFolder = tmp.resolve("profile");
    Path driftFolder = tmp.resolve("drift");
    try (Output out = Output.create(spark, profileFolder.toString(), false, List.of())) {
      report.writeTo(out);
      out.commit();
    }
    try (Output out = Output.create(spark, driftFolder.toString(), false, List.of())) {
      report.writeDriftTo(out);
      out.commit();
    }
    String drift = Files.readString(profileFolder.resolve("drift.json"));
    assertThat(drift).isEqualTo(report.comparison().orElseThrow().drift().toJson());
    assertThat(Json.read(drift, "drift.json").get("baselineRows").asLong()).isEqualTo(800);
    assertThat(Files.readString(driftFolder.resolve("drift.json"))).isEqualTo(drift);
    assertThat(driftFolder.resolve("drift.html")).isNotEmptyFile();
    assertThat(driftFolder.resolve("profile.json")).doesNotExist();
  }

  @Test
  void aDriftNeedsABaseline() {
    try (Output out = Output.create(spark, tmp.resolve("d").toString(), false, List.of())) {
      assertThatThrownBy(() -> ProfileReport.of(day1).writeDriftTo(out))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("A drift report needs a baseline to compare with.");
    }
    assertThat(tmp.resolve("d")).doesNotExist();
  }
}
