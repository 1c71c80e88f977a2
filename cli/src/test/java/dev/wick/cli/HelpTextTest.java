package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/** Help written for picocli's wrapping: one string per text, whole summaries, no split tokens. */
class HelpTextTest {
  private final CommandLine wick =
      Wick.commandLine(
          new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
          new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

  @Test
  void everyCommandHasAOneLineSummaryShownWholeInTheCommandList() {
    String usage = wick.getUsageMessage();
    for (CommandLine sub : wick.getSubcommands().values()) {
      if (sub.getCommand() instanceof CommandLine.HelpCommand) {
        continue;
      }
      String[] header = sub.getCommandSpec().usageMessage().header();
      assertThat(header).as(sub.getCommandName()).hasSize(1);
      assertThat(header[0]).endsWith(".");
      assertThat(usage)
          .as("the summary of " + sub.getCommandName() + " on one line")
          .containsPattern(
              "(?m)^  "
                  + sub.getCommandName()
                  + " +"
                  + java.util.regex.Pattern.quote(header[0])
                  + "$");
    }
  }

  @Test
  void everyTextIsOneStringThatPicocliWraps() {
    List<String> broken = new ArrayList<>();
    for (CommandLine c : commands(wick)) {
      CommandSpec spec = c.getCommandSpec();
      if (spec.usageMessage().description().length > 1) {
        broken.add(c.getCommandName() + ": " + Arrays.toString(spec.usageMessage().description()));
      }
      for (ArgSpec arg : spec.args()) {
        if (arg.description().length > 1) {
          broken.add(c.getCommandName() + " " + arg + ": " + Arrays.toString(arg.description()));
        }
      }
    }
    assertThat(broken).as("texts with hand line breaks").isEmpty();
  }

  @Test
  void wrappingSplitsNoToken() {
    List<String> split = new ArrayList<>();
    for (CommandLine c : commands(wick)) {
      Set<String> words = words(c.getCommandSpec());
      List<String> lines = c.getUsageMessage().lines().toList();
      for (int i = 0; i + 1 < lines.size(); i++) {
        String[] here = lines.get(i).strip().split(" +");
        String[] next = lines.get(i + 1).strip().split(" +");
        String last = here[here.length - 1];
        if (!last.isEmpty() && !next[0].isEmpty() && words.contains(last + next[0])) {
          split.add(c.getCommandName() + ": " + last + " / " + next[0]);
        }
      }
    }
    assertThat(split).as("tokens split across lines").isEmpty();
  }

  @Test
  void theOldSpellingsOfTheFormatFlagsAreHidden() {
    String diff = wick.getSubcommands().get("diff").getUsageMessage();
    String sample = wick.getSubcommands().get("sample").getUsageMessage();

    assertThat(diff)
        .contains("--in-format", "--out-format")
        .doesNotContain("--format", "--input-format");
    assertThat(sample).contains("--in-format", "--out-format").doesNotContain("--format");
  }

  @Test
  void everyHelpPrintsWithoutPicocliWarningsAndKeepsItsPercentSigns() {
    // picocli formats descriptions with String.format and warns on the process's own streams.
    List<String> warned = new ArrayList<>();
    for (CommandLine c : commands(wick)) {
      List<String> args = new ArrayList<>(List.of(qualifiedName(c).split(" ")));
      args.remove("wick");
      args.add("--help");
      String[] printed = helpWithProcessStreams(args.toArray(new String[0]));
      assertThat(printed[0]).as(args + " stdout").contains("Usage: wick");
      for (String stream : printed) {
        if (stream.contains("picocli WARN")) {
          warned.add(String.join(" ", args) + ": " + stream.lines().findFirst().orElse(""));
        }
      }
    }
    assertThat(warned).as("help texts picocli could not format").isEmpty();

    String diff = helpWithProcessStreams("diff", "--help")[0];
    assertThat(diff).containsPattern("its 95%\\s+Wilson interval").doesNotContain("%%");
  }

  /**
   * What {@code wick ARGS} prints: [0] stdout, [1] stderr, each with what went to the process's own
   * stream of that kind (where picocli's warnings go); fails unless the exit code is 0.
   */
  private static String[] helpWithProcessStreams(String... args) {
    PrintStream realOut = System.out;
    PrintStream realErr = System.err;
    ByteArrayOutputStream processOut = new ByteArrayOutputStream();
    ByteArrayOutputStream processErr = new ByteArrayOutputStream();
    CliRun run;
    try {
      System.setOut(new PrintStream(processOut, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(processErr, true, StandardCharsets.UTF_8));
      run = CliRun.wick(args);
    } finally {
      System.setOut(realOut);
      System.setErr(realErr);
    }
    assertThat(run.exitCode()).as(Arrays.toString(args) + ": " + run.err()).isZero();
    return new String[] {
      run.out() + processOut.toString(StandardCharsets.UTF_8),
      run.err() + processErr.toString(StandardCharsets.UTF_8)
    };
  }

  /** A command's name as typed: {@code wick history list}. */
  private static String qualifiedName(CommandLine c) {
    return c.getParent() == null
        ? c.getCommandName()
        : qualifiedName(c.getParent()) + " " + c.getCommandName();
  }

  /** Wick's commands and subcommands (not picocli's own help command). */
  private static List<CommandLine> commands(CommandLine root) {
    List<CommandLine> out = new ArrayList<>(List.of(root));
    for (CommandLine sub : root.getSubcommands().values()) {
      if (!(sub.getCommand() instanceof CommandLine.HelpCommand)) {
        out.addAll(commands(sub));
      }
    }
    return out;
  }

  /** The whitespace-separated words of a command's texts. */
  private static Set<String> words(CommandSpec spec) {
    Set<String> out = new HashSet<>();
    List<String> texts = new ArrayList<>();
    texts.addAll(List.of(spec.usageMessage().header()));
    texts.addAll(List.of(spec.usageMessage().description()));
    for (ArgSpec arg : spec.args()) {
      texts.addAll(List.of(arg.description()));
    }
    for (String t : texts) {
      out.addAll(List.of(t.strip().split("\\s+")));
    }
    return out;
  }
}
