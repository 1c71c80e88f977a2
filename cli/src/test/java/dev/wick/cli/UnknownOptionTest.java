package dev.wick.cli;

import static dev.wick.cli.CliRun.wick;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** A mistyped flag: one sentence naming it and the nearest flag the command has, exit 2. */
class UnknownOptionTest {
  @Test
  void diffKeysSuggestsKey() {
    CliRun run =
        wick("diff", "--lhs", "a", "--rhs", "b", "--keys", "track_id", "--out", "target/never");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .isEqualTo(
            "error: Unknown option '--keys' (did you mean '--key'?); run 'wick diff --help' for"
                + " usage.\n");
  }

  @Test
  void theFlagIsNamedWithoutItsValueAndBeforeAMissingRequiredOption() {
    CliRun run = wick("diff", "--keys=track_id");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: Unknown option '--keys' (did you mean '--key'?); run 'wick diff --help' for"
                + " usage.\n");
  }

  @Test
  void profileAndANestedCommandSuggestTheirOwnFlags() {
    CliRun profile = wick("profile", "--in", "a", "--out", "b", "--basline", "c");
    assertThat(profile.exitCode()).isEqualTo(2);
    assertThat(profile.err())
        .isEqualTo(
            "error: Unknown option '--basline' (did you mean '--baseline'?); run 'wick profile"
                + " --help' for usage.\n");

    CliRun list = wick("history", "list", "--histroy", "h");
    assertThat(list.exitCode()).isEqualTo(2);
    assertThat(list.err())
        .isEqualTo(
            "error: Unknown option '--histroy' (did you mean '--history'?); run 'wick history"
                + " list --help' for usage.\n");
  }

  @Test
  void aFlagNothingIsCloseToIsNamedAlone() {
    CliRun run = wick("schema", "--in", "a", "--bogus");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo("error: Unknown option '--bogus'; run 'wick schema --help' for usage.\n");
  }

  @Test
  void anUnknownOneLetterFlagIsNotTakenForAnotherOneLetterFlag() {
    CliRun run = wick("diff", "-k", "track_id");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo("error: Unknown option '-k'; run 'wick diff --help' for usage.\n");
  }

  @Test
  void aHiddenSpellingIsNeverSuggested() {
    // diff's --format is the hidden old spelling of --out-format.
    CliRun run = wick("diff", "--lhs", "a", "--rhs", "b", "--formt", "json");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .startsWith("error: Unknown option '--formt'")
        .doesNotContain("'--format'");
  }

  @Test
  void everyCommandNamesTheFlagNearestToASlipOfItsLongestOne() {
    CommandLine root =
        Wick.commandLine(
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    List<String> wrong = new ArrayList<>();
    for (CommandLine c : leaves(root)) {
      String flag =
          c.getCommandSpec().options().stream()
              .filter(o -> !o.hidden())
              .map(OptionSpec::longestName)
              .max(Comparator.comparingInt(String::length).thenComparing(n -> n))
              .orElseThrow();
      List<String> args = new ArrayList<>(Arrays.asList(name(c).split(" ")));
      args.add(flag + "x");
      CliRun run = wick(args.toArray(new String[0]));
      String expected =
          "error: Unknown option '"
              + flag
              + "x' (did you mean '"
              + flag
              + "'?); run 'wick "
              + name(c)
              + " --help' for usage.\n";
      if (run.exitCode() != 2 || !run.err().equals(expected)) {
        wrong.add(args + " exit " + run.exitCode() + ": " + run.err());
      }
    }
    assertThat(wrong).isEmpty();
  }

  /** Wick's commands that run (no further subcommands), not picocli's help command. */
  private static List<CommandLine> leaves(CommandLine c) {
    List<CommandLine> out = new ArrayList<>();
    for (CommandLine sub : c.getSubcommands().values()) {
      if (sub.getCommand() instanceof CommandLine.HelpCommand) {
        continue;
      }
      if (sub.getSubcommands().isEmpty()) {
        out.add(sub);
      } else {
        out.addAll(leaves(sub));
      }
    }
    return out;
  }

  /** A command's name as typed after {@code wick}: {@code history list}. */
  private static String name(CommandLine c) {
    return c.getParent().getParent() == null
        ? c.getCommandName()
        : name(c.getParent()) + " " + c.getCommandName();
  }
}
