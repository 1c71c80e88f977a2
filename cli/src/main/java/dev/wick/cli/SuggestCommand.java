package dev.wick.cli;

import dev.wick.checks.Finding;
import dev.wick.checks.SuggestedChecks;
import dev.wick.checks.Suggestion;
import dev.wick.checks.Suggestions;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.io.Source;
import dev.wick.core.report.Wording;
import dev.wick.core.schema.Schemas;
import dev.wick.profiler.Profile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wick suggest}: a checks file and an annotated schema from a profile, without data. */
@Command(
    name = "suggest",
    header = "Suggest checks and semantic types from a profile alone.",
    mixinStandardHelpOptions = true,
    description =
        "Propose a checks file and an Avro schema annotated with wick.semantic types from a"
            + " profile written by 'wick profile', without reading any data: completeness from"
            + " null rates, uniqueness where the distinct count matches the values, allowed values"
            + " for text with few values, distinct-count bounds for fields of more values, ranges"
            + " and medians with a margin, freshness from the age of the newest timestamp or"
            + " date, semantic types recognised from top values and lengths, and the row count"
            + " relative to the profile. Writes to --out the checks file, an annotated Avro"
            + " schema (the --schema copy, or one derived from the profile's fields) and every"
            + " suggestion with the statistic it came from, and prints one line per suggestion."
            + " The checks pass on the profiled data: a rule of --schema the data already breaks"
            + " gets the share the data meets, and the breach is printed as a warning; uniqueness"
            + " and semantic types the profile's sketches cannot prove are suggested only when"
            + " --in counts them on the data (one more scan), else as weaker checks.")
final class SuggestCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin SparkOptions spark;

  @Option(
      names = "--profile",
      required = true,
      paramLabel = "PROFILE",
      description =
          "The profile: a profile.json or the folder 'wick profile' wrote; row counts are"
              + " checked relative to it.")
  String profile;

  @Option(
      names = "--schema",
      paramLabel = "FILE",
      description =
          "The Avro schema (.avsc) of the profiled data, to annotate; without it the schema is"
              + " derived from the profile's top-level fields.")
  Path schema;

  @Option(
      names = "--in",
      paramLabel = "PATH",
      description =
          "The profiled data, to count in one scan what the profile's sketches cannot prove:"
              + " whether key candidates are unique and how many values break a semantic type."
              + " Without it, such checks are weaker (a distinct ratio) or left out.")
  String in;

  private Format inFormat;

  @Option(
      names = "--in-format",
      paramLabel = "FORMAT",
      converter = FormatConverter.class,
      description = "The --in data's format when its file extensions do not tell.")
  void inFormat(Format f) {
    inFormat = f;
  }

  @Mixin SuggestMargins margins;

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    Profile read = Profile.read(Path.of(profile));
    Suggestions suggestions =
        schema == null ? Suggestions.from(read) : Suggestions.from(read, Schemas.parseAvsc(schema));
    Suggestions configured = margins.apply(suggestions.baseline(baselinePath()));
    SuggestedChecks suggested =
        in == null
            ? configured.suggest()
            : configured.suggest(
                Source.of(in).format(Optional.ofNullable(inFormat)).read(spark.spark()));
    List<String> inputs = new ArrayList<>(List.of(profile));
    if (schema != null) {
      inputs.add(schema.toString());
    }
    if (in != null) {
      inputs.add(in);
    }
    String written;
    try (Output o = Output.create(spark.spark(), output.out, output.overwrite, inputs)) {
      suggested.writeTo(o);
      written = Inputs.local(o.commit());
    }
    PrintWriter stdout = spec.commandLine().getOut();
    for (Suggestion s : suggested.suggestions()) {
      stdout.println(s.line());
    }
    for (Finding f : suggested.findings()) {
      stdout.println("warning: " + f.message());
    }
    stdout.printf(
        "Suggested %s from the profile of %s (%s).%n",
        Wording.count(suggested.checks().checks().size(), "check"),
        read.source(),
        suggested.schemaDerived() ? "schema derived from the profile" : "schema annotated");
    stdout.printf(
        "Wrote %s (%s, %s, %s).%n",
        written,
        SuggestedChecks.CHECKS_YAML,
        SuggestedChecks.SCHEMA_AVSC,
        SuggestedChecks.SUGGESTIONS_JSON);
    stdout.flush();
    return 0;
  }

  /**
   * The profile.json the checks' row count is relative to, as a path relative to the folder the
   * checks file is written to (wick check reads it relative to the checks file), so that the two
   * can move together; absolute when the output is not a local folder.
   */
  private String baselinePath() {
    Path p = Path.of(profile).toAbsolutePath().normalize();
    Path file = java.nio.file.Files.isDirectory(p) ? p.resolve("profile.json") : p;
    if (output.out.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*") && !output.out.startsWith("file:")) {
      return file.toString();
    }
    Path folder = Path.of(output.out.replaceFirst("^file:(//)?", "")).toAbsolutePath().normalize();
    return folder.relativize(file).toString().replace(java.io.File.separatorChar, '/');
  }
}
