package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.bigdiff.DuplicateKeys;
import dev.wick.core.io.Format;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/** The old spellings of the format flags still set what the new ones do. */
class FlagAliasesTest {
  private static Object parse(String... args) {
    ParseResult result = Wick.commandLine(System.out, System.err).parseArgs(args);
    return result.subcommand().commandSpec().userObject();
  }

  private static final String[] DIFF = {
    "diff", "--lhs", "a", "--rhs", "b", "--key", "id", "--out", "o"
  };

  private static String[] diff(String... more) {
    String[] out = new String[DIFF.length + more.length];
    System.arraycopy(DIFF, 0, out, 0, DIFF.length);
    System.arraycopy(more, 0, out, DIFF.length, more.length);
    return out;
  }

  @Test
  void diffTakesTheInputFormatAsInFormatOrInputFormatAndTheOutputFormatAsOutFormatOrFormat() {
    DiffCommand renamed = (DiffCommand) parse(diff("--in-format", "json", "--out-format", "avro"));
    DiffCommand old = (DiffCommand) parse(diff("--input-format", "json", "--format", "avro"));

    for (DiffCommand d : new DiffCommand[] {renamed, old}) {
      assertThat(d.inputs.format).isEqualTo(Format.JSON);
      assertThat(d.outFormat.format()).contains(Format.AVRO);
    }
  }

  @Test
  void readersTakeTheInputFormatAsInFormatOrFormat() {
    for (String flag : new String[] {"--in-format", "--format"}) {
      SampleCommand sample =
          (SampleCommand)
              parse("sample", "--in", "d", "--out", "o", "--fraction", "0.1", flag, "csv");
      SchemaCommand schema = (SchemaCommand) parse("schema", "--in", "d", flag, "orc");

      assertThat(sample.input.format()).as(flag).contains(Format.CSV);
      assertThat(sample.outFormat.format()).as(flag).isEmpty();
      assertThat(schema.input.format()).as(flag).contains(Format.ORC);
    }
  }

  @Test
  void generateTakesTheOutputFormatAsOutFormatOrFormat() {
    for (String flag : new String[] {"--out-format", "--format"}) {
      GenerateCommand g =
          (GenerateCommand)
              parse("generate", "--schema", "s.avsc", "--count", "1", "--out", "o", flag, "json");

      assertThat(g.outFormat.format()).as(flag).isEqualTo(Optional.of(Format.JSON));
    }
  }

  @Test
  void duplicatesIsReadInAnyCase() {
    DiffCommand d = (DiffCommand) parse(diff("--duplicates", "REPORT"));
    DiffCommand byDefault = (DiffCommand) parse(DIFF);

    assertThat(d.compare.duplicates).isEqualTo(DuplicateKeys.REPORT);
    assertThat(byDefault.compare.duplicates).isEqualTo(DuplicateKeys.FAIL);
  }

  @Test
  void aBadValueIsOneSentenceAndAUsageError() {
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    CommandLine wick =
        Wick.commandLine(
            System.out,
            new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));

    assertThat(wick.execute(diff("--duplicates", "keep"))).isEqualTo(2);
    assertThat(err.toString(java.nio.charset.StandardCharsets.UTF_8))
        .isEqualTo("error: --duplicates must be fail or report, got 'keep'.\n");
  }
}
