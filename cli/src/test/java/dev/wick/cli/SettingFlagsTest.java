package dev.wick.cli;

import static dev.wick.cli.CliRun.wick;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A library setting that is out of range fails through the real main with one line that names the
 * flag which sets it, before any input is read: the libraries say {@code fraction}, the CLI says
 * {@code --fraction}.
 */
class SettingFlagsTest {
  @TempDir static Path tmp;

  private static void assertNamesFlag(String expected, String... args) {
    CliRun run = wick(args);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("error: " + expected + "\n");
    assertThat(run.out()).isEmpty();
    assertThat(tmp.resolve("out")).doesNotExist();
  }

  private static String[] sample(String... more) {
    String[] head = {"sample", "--in", tmp.resolve("plays").toString(), "--out", out()};
    String[] all = new String[head.length + more.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(more, 0, all, head.length, more.length);
    return all;
  }

  private static String[] diff(String... more) {
    String[] head = {
      "diff",
      "--lhs",
      tmp.resolve("a").toString(),
      "--rhs",
      tmp.resolve("b").toString(),
      "--key",
      "id",
      "--out",
      out()
    };
    String[] all = new String[head.length + more.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(more, 0, all, head.length, more.length);
    return all;
  }

  private static String out() {
    return tmp.resolve("out").toString();
  }

  @Test
  void sampleNamesTheFractionAndCountFlags() {
    assertNamesFlag(
        "--fraction must be in (0, 1], got 2; pass a share such as 0.01 for 1%.",
        sample("--fraction", "2"));
    assertNamesFlag(
        "--count must be at least 1, got 0; pass the number of records to keep.",
        sample("--count", "0"));
  }

  @Test
  void sampleNamesTheByStrataAndDistributionFlags() {
    assertNamesFlag(
        "Field 'user_id' is named twice in --by; list each field once.",
        sample("--fraction", "0.5", "--by", "user_id,user_id"));
    assertNamesFlag(
        "--strata has an empty field name; list field paths, separated with commas, such as"
            + " user_id,country.",
        sample("--fraction", "0.5", "--strata", "country, "));
    assertNamesFlag(
        "'even' is not a distribution; use stratified or uniform for --distribution.",
        sample("--count", "5", "--strata", "country", "--distribution", "even"));
  }

  @Test
  void diffNamesTheToleranceFlags() {
    assertNamesFlag(
        "--tolerance for 'x' must be a number >= 0, got -1.0.", diff("--tolerance", "x=-1"));
    assertNamesFlag(
        "--relative-tolerance for 'score' must be a number >= 0, got Infinity.",
        diff("--relative-tolerance", "score=Infinity"));
  }

  @Test
  void profileNamesTheTopAndFieldsFlags() {
    String[] head = {"profile", "--in", tmp.resolve("plays").toString(), "--out", out()};
    assertNamesFlag(
        "--top 1001 is out of range; pass a number from 1 to 1000.", concat(head, "--top", "1001"));
    assertNamesFlag(
        "A path of --redact is blank; name a field such as user.email.",
        concat(head, "--redact", " "));
  }

  @Test
  void validateNamesTheReasonsColumnFlag() throws IOException {
    Path schema =
        Files.writeString(
            tmp.resolve("play.avsc"),
            "{\"type\":\"record\",\"name\":\"Play\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}");
    assertNamesFlag(
        "The name of --reasons-column is blank; give a name such as why.",
        "validate",
        "--in",
        tmp.resolve("plays").toString(),
        "--schema",
        schema.toString(),
        "--out",
        out(),
        "--reasons-column",
        " ");
  }

  private static String[] concat(String[] head, String... more) {
    String[] all = new String[head.length + more.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(more, 0, all, head.length, more.length);
    return all;
  }
}
