package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loop profile → suggest → check → generate --like → drift through the real main on the bundled
 * plays and their bundled schema, which the data already breaks in three fields: every command
 * exits 0, the breaches and the stale played_at are reported instead of enforced, data generated
 * like the profile passes the suggested checks and drifts from the plays by less than 0.05 in every
 * field.
 */
class SuggestLoopCommandTest {
  static final String PLAYS = "../examples/data/track_plays";
  static final String SCHEMA = "../examples/src/main/avro/TrackPlay.avsc";

  @TempDir Path dir;

  private CliRun run(String... args) {
    CliRun r = CliRun.wick(args);
    assertThat(r.exitCode()).as(String.join(" ", args) + "\n" + r.out() + r.err()).isZero();
    return r;
  }

  /** Profiles the plays into {@code p/} and suggests checks with the schema into {@code s/}. */
  private CliRun profileAndSuggestWithTheSchema() {
    run("profile", "--in", PLAYS, "--out", dir.resolve("p").toString());
    return run(
        "suggest",
        "--profile",
        dir.resolve("p").toString(),
        "--schema",
        SCHEMA,
        "--out",
        dir.resolve("s").toString());
  }

  @Test
  void checksSuggestedWithTheSchemaPassOnTheBundledPlays() throws Exception {
    CliRun suggested = profileAndSuggestWithTheSchema();
    assertThat(suggested.out().lines())
        .contains(
            "warning: 27 values of user_id already break base62_id; suggested minFraction 0.9886;"
                + " to enforce the schema's rule, set 1",
            "warning: 28 values of country already break country_code; suggested minFraction"
                + " 0.9885; to enforce the schema's rule, set 1",
            "warning: 16 values of ms_played already break non_negative; suggested minFraction"
                + " 0.9892; to enforce the schema's rule, set 1",
            "range(ms_played): min -935, max 269993 in 20,000 values, widened by 10.00% of the"
                + " span and the low end at the data's min, which already breaks non_negative");
    assertThat(suggested.out().lines())
        .filteredOn(
            l -> l.startsWith("warning: The newest played_at, 2026-01-07T23:59:46.104Z, is "))
        .singleElement()
        .asString()
        .endsWith(
            " its values span: the data looks stale, so no freshness check is suggested; to"
                + " enforce one, add a freshness check with the maxAge new data must meet");

    String checks = Files.readString(dir.resolve("s/checks.yaml"));
    assertThat(checks)
        .startsWith("baseline: ../p/profile.json\n")
        .contains(
            "- check: semantic\n  field: user_id\n  type: base62_id(length=22)\n  minFraction: 0.9886\n")
        .contains("- check: range\n  field: ms_played\n  min: -935\n")
        .doesNotContain("freshness")
        .doesNotContain("check: unique");
    JsonNode json = new ObjectMapper().readTree(dir.resolve("s/suggestions.json").toFile());
    List<String> kinds = new ArrayList<>();
    json.get("findings")
        .forEach(f -> kinds.add(f.get("field").asText() + " " + f.get("kind").asText()));
    assertThat(kinds)
        .containsExactly("user_id breach", "country breach", "played_at stale", "ms_played breach");

    // The checks file moves with its baseline: check it from a copy of both, elsewhere.
    Path moved = dir.resolve("moved");
    Files.createDirectories(moved.resolve("s"));
    Files.createDirectories(moved.resolve("p"));
    Files.copy(dir.resolve("s/checks.yaml"), moved.resolve("s/checks.yaml"));
    Files.copy(dir.resolve("p/profile.json"), moved.resolve("p/profile.json"));
    CliRun checked =
        run(
            "check",
            "--in",
            PLAYS,
            "--checks",
            moved.resolve("s/checks.yaml").toString(),
            "--out",
            dir.resolve("c").toString());
    assertThat(checked.out())
        .startsWith(
            "Checked 20,000 rows of " + PLAYS + ": 19 of 19 checks passed, 0 failed, 0 warned");
  }

  @Test
  void checksSuggestedWithTheDataProveTheKeyAndPass() {
    run("profile", "--in", PLAYS, "--out", dir.resolve("p").toString());
    CliRun suggested =
        run(
            "suggest",
            "--profile",
            dir.resolve("p").toString(),
            "--in",
            PLAYS,
            "--out",
            dir.resolve("s").toString());
    assertThat(suggested.out().lines())
        .contains("unique(play_id): all 20,000 values distinct, counted on the data");
    CliRun checked =
        run(
            "check",
            "--in",
            PLAYS,
            "--checks",
            dir.resolve("s/checks.yaml").toString(),
            "--out",
            dir.resolve("c").toString());
    assertThat(checked.out()).contains(" checks passed, 0 failed, 0 warned");
  }

  @Test
  void dataGeneratedLikeTheProfilePassesTheSuggestedChecksAndDoesNotDrift() throws Exception {
    profileAndSuggestWithTheSchema();
    run(
        "generate",
        "--schema",
        SCHEMA,
        "--like",
        dir.resolve("p").toString(),
        "--count",
        "20000",
        "--seed",
        "7",
        "--out",
        dir.resolve("g").toString());
    CliRun checked =
        run(
            "check",
            "--in",
            dir.resolve("g").toString(),
            "--checks",
            dir.resolve("s/checks.yaml").toString(),
            "--out",
            dir.resolve("c").toString());
    assertThat(checked.out())
        .startsWith(
            "Checked 20,000 rows of "
                + dir.resolve("g")
                + ": 19 of 19 checks passed, 0 failed, 0 warned");

    run("profile", "--in", dir.resolve("g").toString(), "--out", dir.resolve("pg").toString());
    CliRun drift =
        run(
            "drift",
            dir.resolve("p").toString(),
            dir.resolve("pg").toString(),
            "--max-drift",
            "score=0.05",
            "--out",
            dir.resolve("d").toString());
    JsonNode json = new ObjectMapper().readTree(dir.resolve("d/drift.json").toFile());
    List<String> fields = new ArrayList<>();
    for (JsonNode f : json.get("fields")) {
      fields.add(f.get("path").asText());
      assertThat(f.get("score").asDouble()).as("%s\n%s", f, drift.out()).isLessThan(0.05);
    }
    assertThat(fields)
        .contains("play_id", "user_id", "track_id", "country", "ms_played", "played_at");
    assertThat(json.get("schema").get("changed").asBoolean()).isFalse();
  }
}
