package dev.wick.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.spark.WickSpark;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** profile.json: written and read back unchanged, and clear errors for what is not a profile. */
class ProfileJsonTest {
  static Profile profile;

  @BeforeAll
  static void profileOnce() {
    TestTypes.register();
    profile =
        Profiler.defaults()
            .profile(Plays.generate(1500, 5, 0, 0).dataset(WickSpark.local(2), 2), "plays");
  }

  @Test
  void aProfileReadsBackEqual() {
    Profile back = Profile.parse(profile.toJson(), "profile.json");
    assertThat(back).isEqualTo(profile);
    assertThat(back.field("ms_played").orElseThrow().numeric().orElseThrow().nan()).isPositive();
    assertThat(back.field("country").orElseThrow().sketches().items()).isPresent();
  }

  @Test
  void aFolderOrItsFileCanBeRead(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("profile.json"), profile.toJson());
    assertThat(Profile.read(dir)).isEqualTo(profile);
    assertThat(Profile.read(dir.resolve("profile.json"))).isEqualTo(profile);
  }

  @Test
  void aMissingProfileIsAUsageError(@TempDir Path dir) {
    assertThatThrownBy(() -> Profile.read(dir.resolve("nope")))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Profile "
                + dir.resolve("nope")
                + " does not exist; pass a profile.json (or the folder holding it) written by"
                + " 'wick profile'.")
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
  }

  @Test
  void textThatIsNotJsonNamesTheFileAndTheProblem() {
    assertThatThrownBy(() -> Profile.parse("{\"wickProfile\": 1, \"fields\": [", "old.json"))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith(
            "Profile old.json is not a valid Wick profile: it is not valid JSON")
        .hasMessageEndingWith("; write it again with 'wick profile'.");
  }

  @Test
  void jsonThatIsNotAProfileSaysWhatIsMissing() {
    assertThatThrownBy(() -> Profile.parse("{\"rows\": 3}", "x.json"))
        .hasMessage(
            "Profile x.json is not a valid Wick profile: it lacks the 'wickProfile' marker;"
                + " write it again with 'wick profile'.");
    String noCount = profile.toJson().replaceFirst("\"count\" : \\d+,", "");
    assertThatThrownBy(() -> Profile.parse(noCount, "y.json"))
        .hasMessage(
            "Profile y.json is not a valid Wick profile: field 'id': 'count' is missing or not a"
                + " whole number >= 0; write it again with 'wick profile'.");
    String badKind = profile.toJson().replaceFirst("\"kind\" : \"numeric\"", "\"kind\" : \"blob\"");
    assertThatThrownBy(() -> Profile.parse(badKind, "z.json"))
        .hasMessageContaining("field 'id' has the unknown kind 'blob'");
  }

  @Test
  void aProfileOfAnotherVersionAsksForANewOne() {
    String v2 = profile.toJson().replaceFirst("\"wickProfile\" : 1", "\"wickProfile\" : 2");
    assertThatThrownBy(() -> Profile.parse(v2, "v2.json"))
        .hasMessage(
            "Profile v2.json has format version 2, but this Wick reads version 1; profile the data"
                + " again with this version of Wick.");
  }

  @Test
  void aDamagedSketchIsReportedWhenUsed() {
    String damaged = profile.toJson().replaceFirst("\"kll\" : \"[^\"]+\"", "\"kll\" : \"AAAA\"");
    Profile p = Profile.parse(damaged, "damaged.json");
    assertThatThrownBy(() -> Drift.compare(profile, p))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("The quantiles sketch of field 'id' cannot be read (")
        .hasMessageEndingWith("); the profile is damaged, write it again with 'wick profile'.");
  }
}
