package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wick sample} as a user runs it: the real main, real files, exit codes and output. */
class SampleCommandTest {
  @TempDir static Path tmp;
  private static String plays;

  /** What one run of {@code wick} printed and returned. */
  record Run(int exitCode, String out, String err) {}

  static Run wick(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    List<String> all = new ArrayList<>(List.of(args));
    all.add(1, "--master");
    all.add(2, "local[2]");
    int code =
        Wick.run(
            all.toArray(String[]::new),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @BeforeAll
  static void writeInput() {
    SparkSession spark = WickSpark.local(2);
    plays = tmp.resolve("plays").toString();
    spark
        .range(0, 3000)
        .selectExpr(
            "id",
            "CAST(id % 300 AS INT) AS user_id",
            "element_at(array('SE', 'US', 'BR', NULL), CAST(id % 4 + 1 AS INT)) AS country")
        .write()
        .parquet(plays);
  }

  private static List<Long> ids(String location) {
    return WickSpark.local(2)
        .read()
        .parquet(location)
        .select("id")
        .orderBy("id")
        .collectAsList()
        .stream()
        .map(r -> r.getLong(0))
        .toList();
  }

  private static boolean exists(String name) {
    return Files.exists(tmp.resolve(name));
  }

  @Test
  void samplesByKeyWithTheDefaultSeedAndSaysSo() {
    String out = tmp.resolve("by-user").toString();
    Run run = wick("sample", "--in", plays, "--out", out, "--fraction", "0.1", "--by", "user_id");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .startsWith(
            "sample       fraction 0.1 by user_id, seed 42 (default)\n"
                + "records in   3,000\n"
                + "records out  ")
        .containsPattern(
            "\\(target 300\\)\n(             each user_id is kept or dropped with all its records,"
                + " so the count lands near the target\n)?passes       1 over the input\n")
        .contains("wrote " + out + " (parquet); details in _wick_sample.json");
    List<Long> kept = ids(out);
    // Ten plays per user: a kept user comes with all ten, a dropped one with none.
    Map<Integer, Long> keptPerUser = new TreeMap<>();
    for (Row r :
        WickSpark.local(2).read().parquet(out).groupBy("user_id").count().collectAsList()) {
      keptPerUser.put(r.getInt(0), r.getLong(1));
    }
    assertThat(keptPerUser).isNotEmpty();
    assertThat(keptPerUser.values()).as("plays kept per kept user").containsOnly(10L);
    // The users kept are exactly those whose key hash, written out in Spark SQL as the sampler
    // documents it, falls below the fraction: the decision is made on the key alone.
    List<Integer> expected =
        WickSpark.local(2)
            .read()
            .parquet(plays)
            .where(
                "shiftrightunsigned(xxhash64(CAST(42 AS BIGINT), user_id IS NULL,"
                    + " CAST(user_id AS BIGINT)), 11) / 9007199254740992D < 0.1D")
            .select("user_id")
            .distinct()
            .orderBy("user_id")
            .collectAsList()
            .stream()
            .map(r -> r.getInt(0))
            .toList();
    assertThat(expected).hasSizeBetween(10, 60);
    assertThat(List.copyOf(keptPerUser.keySet())).isEqualTo(expected);
    assertThat(kept).hasSize(10 * expected.size());
    assertThat(tmp.resolve("by-user").resolve("_wick_sample.json")).exists();

    String again = tmp.resolve("by-user-again").toString();
    assertThat(
            wick("sample", "--in", plays, "--out", again, "--fraction", "0.1", "--by", "user_id")
                .exitCode())
        .isZero();
    assertThat(ids(again)).isEqualTo(kept);
  }

  @Test
  void anExactStratifiedSamplePrintsItsTable() {
    String out = tmp.resolve("by-country").toString();
    Run run =
        wick(
            "sample",
            "--in",
            plays,
            "--out",
            out,
            "--count",
            "100",
            "--strata",
            "country",
            "--distribution",
            "uniform",
            "--exact",
            "--seed",
            "7");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .startsWith(
            String.join(
                "\n",
                "sample       count 100 exactly (Bernoulli), uniform over strata country, seed 7",
                "records in   3,000",
                "records out  100 (target 100)",
                "passes       2 over the input",
                "",
                "stratum (country)  records in  target  actual",
                "null                      750      25      25",
                "\"BR\"                      750      25      25",
                "\"SE\"                      750      25      25",
                "\"US\"                      750      25      25",
                ""));
    assertThat(ids(out)).hasSize(100);
  }

  @Test
  void overwriteReplacesAnEarlierSample() {
    String out = tmp.resolve("twice").toString();
    assertThat(wick("sample", "--in", plays, "--out", out, "--count", "50", "--exact").exitCode())
        .isZero();
    Run refused = wick("sample", "--in", plays, "--out", out, "--count", "20", "--exact");
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err())
        .isEqualTo(
            "error: Output "
                + out
                + " already exists; pass --overwrite to replace it, or choose another path.\n");
    assertThat(ids(out)).hasSize(50);
    Run replaced =
        wick("sample", "--in", plays, "--out", out, "--count", "20", "--exact", "--overwrite");
    assertThat(replaced.exitCode()).as(replaced.err()).isZero();
    assertThat(ids(out)).hasSize(20);
  }

  private static void assertUsageError(String expected, String... args) {
    String out = tmp.resolve("bad-" + Math.abs(String.join(" ", args).hashCode())).toString();
    List<String> all = new ArrayList<>(List.of("sample", "--in", plays, "--out", out));
    all.addAll(List.of(args));
    Run run = wick(all.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("error: " + expected + "\n");
    assertThat(run.out()).isEmpty();
    assertThat(Path.of(out)).doesNotExist();
  }

  @Test
  void badOptionsAreOneClearSentenceAndExitTwo() {
    assertUsageError(
        "Field 'usr_id' does not resolve: the schema Input has no field 'usr_id'; did you mean"
            + " 'user_id'? The nearest names are 'user_id', 'id', 'country'.",
        "--fraction",
        "0.1",
        "--by",
        "usr_id");
    assertUsageError(
        "Field 'countri' does not resolve: the schema Input has no field 'countri'; did you mean"
            + " 'country'? The nearest names are 'country', 'user_id', 'id'.",
        "--fraction",
        "0.1",
        "--strata",
        "countri");
    assertUsageError(
        "--fraction must be in (0, 1], got 1.5; pass a share such as 0.01 for 1%.",
        "--fraction", "1.5");
    assertUsageError(
        "--fraction must be in (0, 1], got 0; pass a share such as 0.01 for 1%.",
        "--fraction", "0");
    assertUsageError(
        "Give either --fraction or --count, not both; --fraction keeps a share, --count a number"
            + " of records.",
        "--fraction",
        "0.1",
        "--count",
        "10");
    assertUsageError("--exact needs a target to meet; add --count N (or --fraction F).", "--exact");
    assertUsageError(
        "Say how much to keep: add --fraction F (such as 0.01) or --count N.", "--by", "id");
    assertUsageError(
        "distribution uniform shares the target among strata, but none are given; name the"
            + " fields that form them in --strata, or leave --distribution unset.",
        "--count",
        "5",
        "--distribution",
        "uniform");
    assertUsageError(
        "--count must be at least 1, got 0; pass the number of records to keep.", "--count", "0");
  }

  @Test
  void aMissingInputIsAUsageError() throws IOException {
    String missing = tmp.resolve("no-such-plays").toString();
    String out = tmp.resolve("from-nothing").toString();
    Run run = wick("sample", "--in", missing, "--out", out, "--fraction", "0.5");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: Input "
                + missing
                + " does not exist; check the path (a file, a folder or a glob).\n");
    assertThat(exists("from-nothing")).isFalse();
    try (Stream<Path> s = Files.list(tmp)) {
      assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith(".wick-"));
    }
  }

  @Test
  void anOutputInsideTheInputIsRefused() {
    String inside = plays + "/sample";
    Run run = wick("sample", "--in", plays, "--out", inside, "--fraction", "0.5");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).startsWith("error: Output ").contains("lies inside the input " + plays);
  }
}
