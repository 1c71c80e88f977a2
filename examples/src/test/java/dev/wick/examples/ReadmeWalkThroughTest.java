package dev.wick.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.cli.Wick;
import dev.wick.core.ExitCode;
import dev.wick.core.job.Jobs;
import dev.wick.core.job.WickJob;
import dev.wick.core.spark.WickSpark;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Follows the README and then the pages of {@code docs/} as a new user would: every {@code ./wick}
 * and {@code examples/run} line of their code blocks runs, in order ({@link #PAGES}), through the
 * real main, must succeed and must print and write what is expected of it (its key numbers, lines
 * and files). A line a later page repeats (the README's commands, shown again where the
 * walk-through starts) runs once, where it first appears. The pages' {@code target/} is a fresh
 * temporary folder, so the commands meet exactly the state that the lines above them left, as on a
 * fresh clone. The validate walk-through must find the invalid plays planted in the bundled data.
 * Everything printed and written is then compared with the golden copy ({@link GoldenOutputs}).
 */
class ReadmeWalkThroughTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern PATHS = Pattern.compile("(?<=^|[\\s=])(target|examples)/[^\\s]*");

  /**
   * The pages whose commands run, in this order: the README, then every page of {@code docs/}, the
   * walk-through first, so that a command finds the outputs of the pages before it.
   */
  static final List<String> PAGES =
      List.of(
          "README.md",
          "docs/getting-started.md",
          "docs/diff.md",
          "docs/sample.md",
          "docs/validate.md",
          "docs/checks.md",
          "docs/profile.md",
          "docs/generate.md",
          "docs/testing.md",
          "docs/typed.md",
          "docs/inputs.md",
          "docs/gates.md",
          "docs/writing.md",
          "docs/production.md",
          "docs/cluster.md",
          "docs/library.md",
          "docs/json.md",
          "docs/benchmarks.md",
          "docs/architecture.md");

  /** The command lines of the pages' code blocks, in order, each once. */
  static List<String> commands() throws java.io.IOException {
    List<String> lines = new ArrayList<>();
    for (String page : PAGES) {
      boolean inBlock = false;
      for (String line : Files.readAllLines(ROOT.resolve(page))) {
        if (line.startsWith("```")) {
          inBlock = !inBlock;
        } else if (inBlock
            && (line.startsWith("./wick ") || line.startsWith("examples/run "))
            && !lines.contains(line.strip())) {
          lines.add(line.strip());
        }
      }
    }
    return lines;
  }

  @Test
  void everyPageOfTheDocsIsListed() throws Exception {
    try (var pages = Files.list(ROOT.resolve("docs"))) {
      assertThat(PAGES)
          .as("a page of docs/ whose commands the walk-through would not run")
          .containsAll(
              pages
                  .filter(p -> p.getFileName().toString().endsWith(".md"))
                  .map(p -> "docs/" + p.getFileName())
                  .toList());
    }
  }

  @Test
  void everyCommandOfTheReadmeAndDocsSucceedsInOrderWithItsExpectedOutput(@TempDir Path tmp)
      throws Exception {
    List<String> lines = commands();
    assertThat(lines).hasSizeGreaterThan(10);

    Map<String, Expectation> expected = expectations();
    assertThat(expected.keySet())
        .as("a command of the pages without its expected output here, or one the pages lost")
        .containsExactlyInAnyOrderElementsOf(lines);
    String validated = null;
    GoldenOutputs golden = new GoldenOutputs(tmp, ROOT);
    int index = 0;
    for (String line : lines) {
      List<String> words = new ArrayList<>();
      for (String word : line.split("\\s+")) {
        words.add(localize(word, tmp));
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
      PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
      int exit;
      if (words.get(0).equals("./wick")) {
        exit =
            Wick.run(words.subList(1, words.size()).toArray(new String[0]), outStream, errStream);
      } else {
        WickJob job = (WickJob) Class.forName(words.get(1)).getDeclaredConstructor().newInstance();
        ExitCode code =
            Jobs.run(
                job, words.subList(2, words.size()).toArray(new String[0]), outStream, errStream);
        exit = code == ExitCode.OK ? 0 : 1;
      }
      assertThat(exit).as(line + "\n" + err.toString(StandardCharsets.UTF_8)).isZero();
      String printed =
          out.toString(StandardCharsets.UTF_8)
              .replace(tmp + "/", "target/")
              .replace(tmp.toString(), "target")
              .replace(ROOT + "/", "");
      expected.get(line).check(printed, tmp);
      golden.printed(++index, line, printed);
      if (words.get(0).equals("./wick") && words.get(1).equals("validate")) {
        validated = out.toString(StandardCharsets.UTF_8);
      }
    }

    // The bundled plays hold a few plays that break their semantic types (ExampleData).
    assertThat(validated)
        .contains("Validated 20,000 records of TrackPlay: 19,929 valid, 71 invalid (0.36%).")
        .containsPattern("user_id\\s+base62_id\\(length=22\\)\\s+27")
        .containsPattern("country\\s+country_code\\s+28")
        .containsPattern("ms_played\\s+non_negative\\s+16");
    assertThat(tmp.resolve("plays-valid/invalid/_SUCCESS")).exists();
    golden.wrote();
    golden.compare();
  }

  /** What one command of the pages must have printed and written. */
  interface Expectation {
    void check(String printed, Path target) throws Exception;
  }

  private static long avroRecords(Path folder) {
    return WickSpark.local(2).read().format("avro").load(folder.toString()).count();
  }

  private static JsonNode json(Path file) throws java.io.IOException {
    return new ObjectMapper().readTree(file.toFile());
  }

  private static void profiled(String printed, Path profile, String rows, String of) {
    List<String> lines = printed.lines().filter(l -> !l.startsWith("drift gate passed: ")).toList();
    assertThat(lines)
        .startsWith("Profiled " + rows + " rows and 8 fields of " + of + ".")
        .last()
        .asString()
        .startsWith("Wrote target/" + profile.getFileName() + " (profile.json, profile.html");
    assertThat(profile.resolve("profile.json")).isRegularFile();
    assertThat(profile.resolve("profile.html")).isRegularFile();
  }

  /** Each command's expected output, by the command as the pages write it. */
  private static Map<String, Expectation> expectations() {
    Map<String, Expectation> e = new LinkedHashMap<>();
    e.put(
        "./wick diff --lhs examples/data/counts_baseline --rhs examples/data/counts_candidate"
            + " --key track_id --out target/wick-diff --overwrite",
        (out, t) -> {
          assertThat(out.lines())
              .contains(
                  "133 of 500 keys differ (26.60%)",
                  "  total                     500          ",
                  "  same                      367    73.40%",
                  "  different                 133    26.60%",
                  "report: target/wick-diff/report.html");
          JsonNode g = json(t.resolve("wick-diff/summary.json")).get("global");
          assertThat(g.get("total").asLong()).isEqualTo(500);
          assertThat(g.get("different").asLong()).isEqualTo(133);
          assertThat(t.resolve("wick-diff/report.html")).isRegularFile();
        });
    e.put(
        "./wick schema --in examples/data/track_plays",
        (out, t) ->
            assertThat(out.lines())
                .hasSize(10)
                .startsWith("record TrackPlay {", "  play_id: uuid  // Unique id of the play.")
                .contains(
                    "  user_id: string @base62_id(length=22)  // Who played it.",
                    "  country: string? @country_code  // ISO 3166 country of the user.",
                    "  ms_played: long @non_negative  // How long it played, in milliseconds.")
                .endsWith("}"));
    e.put(
        "./wick sample --in examples/data/track_plays --out target/plays-sample --fraction 0.1"
            + " --by user_id",
        (out, t) -> {
          assertThat(out)
              .contains(
                  "records in   20,000\nrecords out  1,821 (target 2,000)\n             each"
                      + " user_id is kept or dropped with all its records, so the count lands near"
                      + " the target\n")
              .contains("wrote target/plays-sample (avro); details in _wick_sample.json");
          assertThat(avroRecords(t.resolve("plays-sample"))).isEqualTo(1821);
          assertThat(t.resolve("plays-sample/_wick_sample.json")).isRegularFile();
        });
    e.put(
        "./wick validate --in examples/data/track_plays --schema"
            + " examples/src/main/avro/TrackPlay.avsc --out target/plays-valid",
        (out, t) -> {
          assertThat(out.lines())
              .last()
              .isEqualTo(
                  "Wrote valid/, invalid/, summary.json, summary.md and report.html to"
                      + " target/plays-valid.");
          assertThat(avroRecords(t.resolve("plays-valid/valid"))).isEqualTo(19929);
          assertThat(Files.readString(t.resolve("plays-valid/report.html")))
              .contains("NOT JUDGED", "<mark>XX</mark>");
          assertThat(json(t.resolve("plays-valid/summary.json")).get("invalid").asLong())
              .isEqualTo(71);
        });
    e.put(
        "./wick check --in examples/data/track_plays --checks examples/checks/track_plays.yaml"
            + " --out target/plays-checks --overwrite",
        (out, t) -> {
          assertThat(out.lines())
              .containsExactly(
                  "Checked 20,000 rows of examples/data/track_plays: 8 of 10 checks passed, 0"
                      + " failed, 2 warned (3 passes).",
                  "warning: semantic(country): 28 of 19,600 values of country are not a valid"
                      + " country_code; at most 0.10% may.",
                  "warning: range(ms_played): ms_played runs from -935 to 269993 (16 outside); it"
                      + " must be between 0 and 86400000.",
                  "Wrote target/plays-checks (checks.json, checks.html, summary.md).",
                  "check gate passed: 8 of 10 checks held; 2 only warned (set in"
                      + " examples/checks/track_plays.yaml).");
          assertThat(t.resolve("plays-checks/checks.json")).isRegularFile();
        });
    e.put(
        "./wick profile --in examples/data/track_plays --out target/plays-profile",
        (out, t) ->
            profiled(out, t.resolve("plays-profile"), "20,000", "examples/data/track_plays"));
    e.put(
        "./wick generate --schema examples/src/main/avro/TrackPlay.avsc --like"
            + " target/plays-profile --count 20000 --out target/plays-generated",
        (out, t) -> {
          assertThat(out)
              .startsWith(
                  "Wrote 20,000 dev.wick.examples.avro.TrackPlay records to"
                      + " target/plays-generated as avro in 1 file (seed 42, the default;");
          assertThat(avroRecords(t.resolve("plays-generated"))).isEqualTo(20_000);
        });
    e.put(
        "./wick check --in target/plays-generated --checks target/plays-contract/checks.yaml"
            + " --out target/generated-checked",
        (out, t) ->
            assertThat(out.lines())
                .containsExactly(
                    "Checked 20,000 rows of target/plays-generated: 19 of 19 checks passed, 0"
                        + " failed, 0 warned (1 pass).",
                    "Wrote target/generated-checked (checks.json, checks.html, summary.md).",
                    "check gate passed: All 19 checks judged held (set in"
                        + " target/plays-contract/checks.yaml)."));
    e.put(
        "./wick profile --in target/plays-generated --out target/generated-profile --baseline"
            + " target/plays-profile/profile.json --max-drift 0.05",
        (out, t) -> {
          profiled(out, t.resolve("generated-profile"), "20,000", "target/plays-generated");
          assertThat(out)
              .contains(
                  "Drift from examples/data/track_plays (20,000 rows) to target/plays-generated"
                      + " (20,000 rows), 8 fields compared:");
          JsonNode fields = json(t.resolve("generated-profile/drift.json")).get("fields");
          assertThat(fields).hasSize(8);
          for (JsonNode field : fields) {
            assertThat(field.get("score").asDouble()).as(field.toString()).isLessThan(0.05);
          }
        });
    e.put(
        "./wick check --in examples/data/track_plays --checks examples/checks/track_plays.yaml"
            + " --out target/nightly-check --results-table target/wick-results"
            + " --results-label nightly",
        (out, t) ->
            assertThat(out).contains("check gate passed: 8 of 10 checks held; 2 only warned"));
    e.put(
        "./wick diff --lhs examples/data/counts_baseline --rhs examples/data/counts_candidate"
            + " --key track_id --out target/nightly-diff --max-diff-fraction 0.3"
            + " --results-table target/wick-results --results-label nightly",
        (out, t) -> assertThat(out).contains("diff gate passed: 133 of 500 keys are not SAME"));
    e.put(
        "./wick show --in target/wick-results --where isnotnull(bound)"
            + " --columns command,subject,metric,value,bound,passed",
        (out, t) ->
            assertThat(out.lines())
                .contains(
                    "check    semantic(country)               semantic       0.9985714285714286"
                        + "  >= 0.999                           false",
                    "diff     keys                            diff fraction               0.266"
                        + "  <= 0.3                             true",
                    "11 rows shown."));
    e.put(
        "./wick sandbox list",
        (out, t) -> assertThat(out).isEqualTo("no sandbox runs under wick-sandbox\n"));
    e.put(
        "examples/run dev.wick.examples.plays.TrackPlayCountJob --plays=target/plays-sample"
            + " --out=/warehouse/track_counts --wick.env=sandbox"
            + " --wick.sandbox.root=target/wick-sandbox",
        (out, t) -> {
          assertThat(out.lines()).hasSize(4).last().isEqualTo("counter invalid_plays = 2");
          assertThat(out)
              .containsPattern(
                  "sandbox: /warehouse/track_counts -> file:target/wick-sandbox/\\S+/"
                      + "warehouse/track_counts\n");
        });
    e.put(
        "./wick sandbox list --root target/wick-sandbox",
        (out, t) ->
            assertThat(out.lines())
                .hasSize(2)
                .last()
                .asString()
                .matches(
                    "\\S+\\s+\\d{8}T\\d{6}Z-\\w+\\s+\\S+Z\\s+[\\d.]+ (B|KiB|MiB) "
                        + " dev.wick.examples.plays.TrackPlayCountJob"));
    e.put(
        "./wick sandbox clean --root target/wick-sandbox --older-than 0s",
        (out, t) -> {
          assertThat(out.lines())
              .hasSize(2)
              .last()
              .isEqualTo("1 run deleted from target/wick-sandbox");
          try (var runs = Files.walk(t.resolve("wick-sandbox"))) {
            assertThat(runs.filter(p -> p.getFileName().toString().matches("\\d{8}T.*"))).isEmpty();
          }
        });
    e.put(
        "./wick profile --in examples/data/track_plays --out target/plays-profile --overwrite",
        (out, t) ->
            profiled(out, t.resolve("plays-profile"), "20,000", "examples/data/track_plays"));
    Expectation sameData =
        (out, t) ->
            assertThat(out.lines())
                .contains(
                    "Drift from examples/data/track_plays (20,000 rows) to"
                        + " examples/data/track_plays (20,000 rows), 8 fields compared:")
                .filteredOn(l -> l.matches("  \\w+ +(text|numeric|temporal|boolean) .*"))
                .hasSize(8)
                .allMatch(l -> l.contains(" 0.0000     1.0000     +0.00%     +0.00%"));
    e.put(
        "./wick profile --in examples/data/track_plays --out target/today --baseline"
            + " target/plays-profile/profile.json --max-drift 0.1",
        (out, t) -> {
          profiled(out, t.resolve("today"), "20,000", "examples/data/track_plays");
          sameData.check(out, t);
        });
    e.put(
        "./wick drift --old target/plays-profile --new target/today --max-drift"
            + " score=0.1,nulls=0.05 --out target/drift",
        (out, t) -> {
          sameData.check(out, t);
          assertThat(out.lines())
              .contains("Wrote target/drift (drift.json, drift.html, summary.md).")
              .last()
              .asString()
              .startsWith("drift gate passed: ");
          assertThat(t.resolve("drift/drift.json")).isRegularFile();
        });
    e.put(
        "./wick suggest --profile target/plays-profile --schema"
            + " examples/src/main/avro/TrackPlay.avsc --out target/plays-contract",
        (out, t) -> {
          assertThat(out.lines())
              .contains(
                  "warning: 27 values of user_id already break base62_id; suggested"
                      + " minFraction 0.9886; to enforce the schema's rule, set 1",
                  "Suggested 19 checks from the profile of examples/data/track_plays (schema"
                      + " annotated).",
                  "Wrote target/plays-contract (checks.yaml, schema.avsc, suggestions.json).");
          for (String f : List.of("checks.yaml", "schema.avsc", "suggestions.json")) {
            assertThat(t.resolve("plays-contract").resolve(f)).isRegularFile();
          }
          // One suggestion (play_id's guessed uuid type) is reported without a check.
          assertThat(json(t.resolve("plays-contract/suggestions.json")).get("suggestions"))
              .hasSize(20);
          assertThat(json(t.resolve("plays-contract/suggestions.json")).get("findings")).hasSize(4);
        });
    e.put(
        "./wick check --in examples/data/track_plays --checks target/plays-contract/checks.yaml"
            + " --out target/plays-checked --split",
        (out, t) -> {
          assertThat(out.lines())
              .containsExactly(
                  "Checked 20,000 rows of examples/data/track_plays: 19 of 19 checks passed, 0"
                      + " failed, 0 warned (1 pass).",
                  "19,531 rows passed every row-level check, 469 failed one or more.",
                  "Wrote target/plays-checked (valid/, invalid/, checks.json, checks.html,"
                      + " summary.md).",
                  "check gate passed: All 19 checks judged held (set in"
                      + " target/plays-contract/checks.yaml).");
          assertThat(avroRecords(t.resolve("plays-checked/valid"))).isEqualTo(19_531);
          assertThat(avroRecords(t.resolve("plays-checked/invalid"))).isEqualTo(469);
          // The rows the contract's semantic checks name are exactly the plays validate finds
          // invalid by the schema's semantic types: one judgement of a value, two tools.
          SparkSession spark = WickSpark.local(2);
          Dataset<Row> checked =
              spark
                  .read()
                  .format("avro")
                  .load(t.resolve("plays-checked/invalid").toString())
                  .where("exists(reasons, r -> r.rule LIKE 'semantic(%')");
          Dataset<Row> validated =
              spark.read().format("avro").load(t.resolve("plays-valid/invalid").toString());
          assertThat(checked.select("play_id").as(Encoders.STRING()).collectAsList())
              .hasSize(71)
              .containsExactlyInAnyOrderElementsOf(
                  validated.select("play_id").as(Encoders.STRING()).collectAsList());
          // ... with the same reasons, field by field.
          String semantic =
              "transform(filter(reasons, r -> r.rule LIKE 'semantic(%'),"
                  + " r -> concat(play_id, ' ', r.field, ': ', r.reason)) AS p";
          String every =
              "transform(reasons, r -> concat(play_id, ' ', r.field, ': ', r.reason)) AS p";
          assertThat(
                  checked
                      .selectExpr(semantic)
                      .selectExpr("explode(p)")
                      .as(Encoders.STRING())
                      .collectAsList())
              .hasSize(71)
              .containsExactlyInAnyOrderElementsOf(
                  validated
                      .selectExpr(every)
                      .selectExpr("explode(p)")
                      .as(Encoders.STRING())
                      .collectAsList());
          // The rest are plays with no country, which the contract allows up to 3% of.
          assertThat(
                  spark
                      .read()
                      .format("avro")
                      .load(t.resolve("plays-checked/invalid").toString())
                      .where("country IS NULL")
                      .count())
              .isEqualTo(400);
        });
    e.put(
        "./wick generate --schema examples/src/main/avro/TrackPlay.avsc --like"
            + " target/plays-profile --count 100000 --out target/plays-like",
        (out, t) -> {
          assertThat(out)
              .startsWith(
                  "Wrote 100,000 dev.wick.examples.avro.TrackPlay records to target/plays-like"
                      + " as avro in 1 file (seed 42, the default;");
          assertThat(avroRecords(t.resolve("plays-like"))).isEqualTo(100_000);
        });
    return e;
  }

  /** The pages' relative paths: {@code target/...} below {@code tmp}, the rest in the clone. */
  private static String localize(String word, Path tmp) {
    Matcher m = PATHS.matcher(word);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String path = m.group();
      Path resolved =
          path.startsWith("target/")
              ? tmp.resolve(path.substring("target/".length()))
              : ROOT.resolve(path);
      m.appendReplacement(out, Matcher.quoteReplacement(resolved.toString()));
    }
    m.appendTail(out);
    return out.toString();
  }
}
