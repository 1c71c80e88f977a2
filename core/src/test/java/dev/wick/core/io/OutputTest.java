package dev.wick.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The safety rules of {@link Output} and {@link DatasetWriter}, on real files. */
class OutputTest {
  private static SparkSession spark;

  @TempDir Path dir;

  @BeforeAll
  static void session() {
    spark = WickSpark.local(2);
  }

  private static Dataset<Row> numbers(int n) {
    return spark.range(0, n, 1, 1).selectExpr("id", "concat('name-', id) as name");
  }

  private static List<String> entries(Path folder) throws IOException {
    try (Stream<Path> s = Files.list(folder)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /** The visible entries of a folder (Hadoop's hidden {@code .crc} checksum files aside). */
  private static List<String> children(Path folder) throws IOException {
    return entries(folder).stream().filter(n -> !n.startsWith(".")).toList();
  }

  private static List<String> leftovers(Path folder) throws IOException {
    return entries(folder).stream()
        .filter(n -> n.startsWith(".wick-") || n.startsWith("..wick-"))
        .toList();
  }

  private static long count(Path location) {
    return DatasetReader.read(spark, location.toString()).count();
  }

  private static void assertUsageError(Runnable call, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOf(WickException.class)
        .hasMessage(message)
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
  }

  private Path writeInput() {
    Path in = dir.resolve("in");
    DatasetWriter.write(numbers(10), in.toString(), Format.PARQUET, false, List.of());
    return in;
  }

  @Test
  void writesTheDatasetWithASuccessMarkerAndNoLeftovers() throws IOException {
    Path out = dir.resolve("out");

    String written =
        DatasetWriter.write(numbers(20), out.toString(), Format.PARQUET, false, List.of());

    assertThat(written).isEqualTo("file:" + out);
    assertThat(out.resolve("_SUCCESS")).isRegularFile();
    assertThat(children(out)).anyMatch(n -> n.endsWith(".parquet"));
    assertThat(count(out)).isEqualTo(20);
    assertThat(leftovers(dir)).isEmpty();
  }

  @Test
  void aDeletedPartCanBeWrittenAgainAndOnlyTheNewOneIsCommitted() throws IOException {
    Path out = dir.resolve("out");
    try (Output o = Output.create(spark, out.toString(), false, List.of())) {
      o.writeDataset("keys", numbers(20), Format.PARQUET);
      o.writeDataset("fields", numbers(3), Format.PARQUET);
      o.delete("keys");
      o.delete("never-written");
      o.writeDataset("keys", numbers(7), Format.PARQUET);
      assertThatThrownBy(() -> o.delete("")).isInstanceOf(IllegalArgumentException.class);
      o.commit();
    }

    assertThat(children(out)).containsExactly("_SUCCESS", "fields", "keys");
    assertThat(count(out.resolve("keys"))).isEqualTo(7);
    assertThat(count(out.resolve("fields"))).isEqualTo(3);
    assertThat(leftovers(dir)).isEmpty();
  }

  @Test
  void existingOutputIsRefusedWithoutOverwriteAndKept() throws IOException {
    Path out = Files.createDirectories(dir.resolve("out"));
    Files.writeString(out.resolve("keep.txt"), "precious");

    assertUsageError(
        () -> DatasetWriter.write(numbers(5), out.toString(), Format.PARQUET, false, List.of()),
        "Output "
            + out
            + " already exists; allow overwriting to replace it, or choose another path.");
    assertThat(children(out)).containsExactly("keep.txt");
    assertThat(leftovers(dir)).isEmpty();
  }

  @Test
  void existingFileIsRefusedToo() throws IOException {
    Path out = Files.writeString(dir.resolve("report.json"), "{}");

    assertUsageError(
        () -> DatasetWriter.write(numbers(5), out.toString(), Format.JSON, false, List.of()),
        "Output "
            + out
            + " already exists; allow overwriting to replace it, or choose another path.");
    assertThat(out).hasContent("{}");
  }

  @Test
  void overwriteReplacesTheOldOutputEntirely() throws IOException {
    Path out = dir.resolve("out");
    DatasetWriter.write(numbers(50), out.toString(), Format.PARQUET, false, List.of());
    Files.writeString(out.resolve("stale.txt"), "old");

    DatasetWriter.write(numbers(7), out.toString(), Format.JSON, true, List.of());

    assertThat(children(out)).doesNotContain("stale.txt").contains("_SUCCESS");
    assertThat(children(out)).noneMatch(n -> n.endsWith(".parquet"));
    assertThat(children(out)).anyMatch(n -> n.endsWith(".json"));
    assertThat(count(out)).isEqualTo(7);
    assertThat(leftovers(dir)).isEmpty();
  }

  @Test
  void outputEqualToAnInputIsRefusedEvenWithOverwrite() throws IOException {
    Path in = writeInput();
    List<String> before = children(in);

    assertThatThrownBy(
            () ->
                DatasetWriter.write(
                    numbers(5), in.toString(), Format.PARQUET, true, List.of(in.toString())))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Output "
                + in
                + " is the input "
                + in
                + "; Wick never writes over its inputs, choose another output path.");
    assertThat(children(in)).isEqualTo(before);
    assertThat(count(in)).isEqualTo(10);
  }

  @Test
  void outputInsideAnInputIsRefused() throws IOException {
    Path in = writeInput();

    assertThatThrownBy(
            () ->
                DatasetWriter.write(
                    numbers(5),
                    in.resolve("sub").toString(),
                    Format.PARQUET,
                    false,
                    List.of(in.toString())))
        .isInstanceOf(WickException.class)
        .hasMessageEndingWith(
            " lies inside the input "
                + in
                + "; Wick never writes into its inputs, choose a path outside it.");
    assertThat(in.resolve("sub")).doesNotExist();
    assertThat(leftovers(in)).isEmpty();
  }

  @Test
  void outputContainingAnInputIsRefused() throws IOException {
    Path in = writeInput();

    assertThatThrownBy(
            () ->
                DatasetWriter.write(
                    numbers(5), dir.toString(), Format.PARQUET, true, List.of(in.toString())))
        .isInstanceOf(WickException.class)
        .hasMessageEndingWith(
            " contains the input "
                + in
                + "; writing it would destroy the input, choose another output path.");
    assertThat(count(in)).isEqualTo(10);
  }

  @Test
  void overlapIsFoundThroughSymbolicLinksGlobsAndRelativeSpellings() throws IOException {
    Path in = writeInput();
    Path link = Files.createSymbolicLink(dir.resolve("link"), in);
    Path linkedParent = Files.createSymbolicLink(dir.resolve("parent-link"), dir);

    assertThatThrownBy(
            () ->
                DatasetWriter.write(
                    numbers(5), link.toString(), Format.PARQUET, true, List.of(in.toString())))
        .hasMessageContaining(" is the input " + in + ";");
    assertThatThrownBy(
            () ->
                DatasetWriter.write(
                    numbers(5), in.toString(), Format.PARQUET, true, List.of(link.toString())))
        .hasMessageContaining(" is the input " + link + ";");
    assertThatThrownBy(
            () ->
                DatasetWriter.write(
                    numbers(5),
                    linkedParent.resolve("in/x").toString(),
                    Format.PARQUET,
                    false,
                    List.of(in.toString())))
        .hasMessageContaining(" lies inside the input " + in + ";");
    String glob = in + "/*.parquet";
    assertThatThrownBy(
            () ->
                DatasetWriter.write(
                    numbers(5), in.resolve("x").toString(), Format.PARQUET, false, List.of(glob)))
        .hasMessageContaining(" lies inside the input " + glob + ";");
    String dotted = dir + "/./other/../in";
    assertThatThrownBy(
            () ->
                DatasetWriter.write(
                    numbers(5), dotted, Format.PARQUET, true, List.of(in.toString())))
        .hasMessageContaining(" is the input " + in + ";");
    assertThat(count(in)).isEqualTo(10);
  }

  @Test
  void siblingsAndTablesAreNotOverlaps() throws IOException {
    Path in = writeInput();
    Path sibling = dir.resolve("in2");

    DatasetWriter.write(
        numbers(3), sibling.toString(), Format.PARQUET, false, List.of(in.toString(), "table:in"));

    assertThat(count(sibling)).isEqualTo(3);
    assertThat(count(in)).isEqualTo(10);
  }

  @Test
  void failedWriteLeavesNothingAtTheDestination() throws IOException {
    Path out = dir.resolve("out");
    Dataset<Row> failing =
        spark.range(0, 400, 1, 2).selectExpr("if(id = 350, raise_error('boom at 350'), id) as id");

    assertThatThrownBy(
            () -> DatasetWriter.write(failing, out.toString(), Format.PARQUET, false, List.of()))
        .hasStackTraceContaining("boom at 350");

    assertThat(out).doesNotExist();
    assertThat(leftovers(dir)).isEmpty();
  }

  @Test
  void failedOverwriteKeepsTheOldOutput() throws IOException {
    Path out = dir.resolve("out");
    DatasetWriter.write(numbers(12), out.toString(), Format.PARQUET, false, List.of());
    List<String> before = children(out);
    Dataset<Row> failing =
        spark.range(0, 400, 1, 2).selectExpr("if(id = 10, raise_error('boom'), id) as id");

    assertThatThrownBy(
            () -> DatasetWriter.write(failing, out.toString(), Format.PARQUET, true, List.of()))
        .hasStackTraceContaining("boom");

    assertThat(children(out)).isEqualTo(before);
    assertThat(count(out)).isEqualTo(12);
    assertThat(leftovers(dir)).isEmpty();
  }

  @Test
  void outputCommitsSeveralPartsAtOnce() throws IOException {
    Path out = dir.resolve("report");

    try (Output output = Output.create(spark, out.toString(), false, List.of())) {
      output.writeDataset("keys", numbers(4), Format.PARQUET);
      output.writeDataset("sample", numbers(3), Format.CSV);
      output.writeString("summary.json", "{\"rows\": 4}");
      assertThat(out).doesNotExist();
      assertThat(Path.of(java.net.URI.create(output.stagingLocation()))).isDirectory();
      assertThat(Path.of(java.net.URI.create(output.stagingLocation())).getFileName().toString())
          .startsWith(".wick-staging-report-");
      output.commit();
    }

    assertThat(children(out)).containsExactly("_SUCCESS", "keys", "sample", "summary.json");
    assertThat(out.resolve("summary.json")).hasContent("{\"rows\": 4}");
    assertThat(count(out.resolve("keys"))).isEqualTo(4);
    assertThat(DatasetReader.read(spark, out.resolve("sample").toString()).columns())
        .containsExactly("id", "name");
    assertThat(leftovers(dir)).isEmpty();
  }

  @Test
  void outputClosedWithoutCommitLeavesNothing() throws IOException {
    Path out = dir.resolve("report");

    try (Output output = Output.create(spark, out.toString(), false, List.of())) {
      output.writeDataset("keys", numbers(4), Format.PARQUET);
      output.writeString("summary.json", "{}");
    }

    assertThat(out).doesNotExist();
    assertThat(leftovers(dir)).isEmpty();
  }

  @Test
  void anEmptyOutputStillGetsItsMarker() throws IOException {
    Path out = dir.resolve("empty");

    try (Output output = Output.create(spark, out.toString(), false, List.of())) {
      output.commit();
    }

    assertThat(children(out)).containsExactly("_SUCCESS");
  }

  @Test
  void outputIsUsedOnce() {
    Output output = Output.create(spark, dir.resolve("once").toString(), false, List.of());
    output.writeString("a.txt", "a");
    output.commit();

    assertThatThrownBy(() -> output.writeString("b.txt", "b"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageEndingWith("once is already committed");
    output.close();
    assertThat(dir.resolve("once/a.txt")).hasContent("a");
  }

  @Test
  void outputThatAppearsWhileWritingIsNotReplaced() throws IOException {
    Path out = dir.resolve("raced");

    try (Output output = Output.create(spark, out.toString(), false, List.of())) {
      output.writeString("ours.txt", "ours");
      Files.createDirectories(out);
      Files.writeString(out.resolve("theirs.txt"), "theirs");

      assertThatThrownBy(output::commit)
          .isInstanceOf(WickException.class)
          .hasMessageEndingWith(
              "raced appeared while Wick was writing it; allow overwriting to replace it, or choose"
                  + " another path.");
    }

    assertThat(children(out)).containsExactly("theirs.txt");
    assertThat(leftovers(dir)).isEmpty();
  }

  @Test
  void outputBelowAFileIsRefused() throws IOException {
    Path file = Files.writeString(dir.resolve("plain.txt"), "x");

    assertThatThrownBy(() -> Output.create(spark, file.resolve("out").toString(), false, List.of()))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("Output " + file.resolve("out") + " cannot be created: ")
        .hasMessageEndingWith("plain.txt is a file, not a folder.");
  }

  @Test
  void everyFormatIsWrittenAndReadBack() {
    for (Format format : Format.values()) {
      Path out = dir.resolve("as-" + format.sparkName());
      Dataset<Row> data = format == Format.TEXT ? numbers(6).select("name") : numbers(6);

      DatasetWriter.write(data, out.toString(), format, false, List.of());

      assertThat(DatasetReader.detect(spark, out.toString())).as(format.name()).isEqualTo(format);
      Dataset<Row> back = DatasetReader.read(spark, out.toString(), Optional.empty());
      assertThat(back.count()).as(format.name()).isEqualTo(6);
      assertThat(back.columns())
          .as(format.name())
          .containsExactly(
              format == Format.TEXT ? new String[] {"value"} : new String[] {"id", "name"});
    }
  }

  private static String refusal(Path out, String input, String relation) {
    String tail =
        switch (relation) {
          case "is the input" -> "; Wick never writes over its inputs, choose another output path.";
          case "lies inside the input" ->
              "; Wick never writes into its inputs, choose a path outside it.";
          default -> "; writing it would destroy the input, choose another output path.";
        };
    return "Output " + out + " " + relation + " " + input + tail;
  }

  @Test
  void globsInEveryPositionAreComparedPartByPart() throws IOException {
    Path plays = dir.resolve("data/plays");
    DatasetWriter.write(numbers(4), plays.toString(), Format.PARQUET, false, List.of());
    String root = dir.toString();
    String[] globs = {
      root + "/dat?/plays",
      root + "/{data,other}/plays",
      root + "/{data/plays,x}",
      root + "/*/pl*",
      root + "/data/[p]lays",
      root + "/d*/*/../plays",
      root.replaceFirst("^/([^/]+)", "/{$1,nothing}") + "/data/plays",
      "/" + "*".repeat(1) + root.substring(root.indexOf('/', 1)) + "/data/plays"
    };
    for (String glob : globs) {
      assertUsageError(
          () ->
              DatasetWriter.write(
                  numbers(1), plays.toString(), Format.PARQUET, true, List.of(glob)),
          refusal(plays, glob, "is the input"));
      assertUsageError(
          () ->
              DatasetWriter.write(
                  numbers(1), plays.resolve("x").toString(), Format.PARQUET, true, List.of(glob)),
          refusal(plays.resolve("x"), glob, "lies inside the input"));
      assertUsageError(
          () ->
              DatasetWriter.write(
                  numbers(1), dir.resolve("data").toString(), Format.PARQUET, true, List.of(glob)),
          refusal(dir.resolve("data"), glob, "contains the input"));
    }
    // What a glob cannot match is not an overlap.
    DatasetWriter.write(
        numbers(2),
        dir.resolve("data/sample").toString(),
        Format.PARQUET,
        false,
        List.of(root + "/dat?/plays", root + "/{data,x}/plays", root + "/data/plays/*"));
    assertThat(count(dir.resolve("data/sample"))).isEqualTo(2);
    // A glob's last part picks entries of a folder: nothing may be written into that folder.
    assertUsageError(
        () ->
            DatasetWriter.write(
                numbers(1),
                dir.resolve("data/new").toString(),
                Format.PARQUET,
                false,
                List.of(root + "/data/pl*")),
        refusal(dir.resolve("data/new"), root + "/data/pl*", "lies inside the input"));
    assertThat(count(plays)).isEqualTo(4);
  }

  @Test
  void aGlobMatchThroughASymbolicLinkIsAnOverlap() throws IOException {
    Path real = dir.resolve("elsewhere/out");
    DatasetWriter.write(numbers(3), real.toString(), Format.PARQUET, false, List.of());
    Files.createDirectories(dir.resolve("links"));
    Files.createSymbolicLink(dir.resolve("links/a"), real);
    String glob = dir + "/links/*";

    assertUsageError(
        () -> DatasetWriter.write(numbers(1), real.toString(), Format.PARQUET, true, List.of(glob)),
        refusal(real, glob, "is the input"));
    assertThat(count(real)).isEqualTo(3);
  }

  @Test
  void plainFileAndQualifiedSpellingsAreOnePath() throws IOException {
    Path in = writeInput();
    for (String spelling : List.of("file:" + in, "file://" + in, in + "/", dir + "/./in")) {
      assertUsageError(
          () ->
              DatasetWriter.write(
                  numbers(1), in.toString(), Format.PARQUET, true, List.of(spelling)),
          refusal(in, spelling, "is the input"));
    }
  }

  @Test
  void aTableIsComparedAsItsWarehouseLocation() throws Exception {
    numbers(3).write().mode("overwrite").format("parquet").saveAsTable("output_test_plays");
    Path location =
        Path.of(
            ((org.apache.spark.sql.classic.SparkSession) spark)
                .sessionState()
                .catalog()
                .getTableMetadata(
                    new org.apache.spark.sql.catalyst.TableIdentifier("output_test_plays"))
                .location());

    assertUsageError(
        () ->
            DatasetWriter.write(
                numbers(1),
                location.resolve("inside").toString(),
                Format.PARQUET,
                true,
                List.of("table:output_test_plays")),
        refusal(location.resolve("inside"), "table:output_test_plays", "lies inside the input"));
    assertUsageError(
        () ->
            DatasetWriter.write(
                numbers(1), location.toString(), Format.PARQUET, true, List.of("table:a b")),
        "'a b' is not a table name; write table:NAME or table:DB.NAME, quoting odd names in"
            + " backticks.");
    assertThat(spark.table("output_test_plays").count()).isEqualTo(3);
  }

  @Test
  void anyCharacterAFileSystemAllowsWorksInANameOnInputAndOutput() throws IOException {
    for (String name : List.of("with space/d", "100%", "a%20b", "diff-12:00", "ünïcødé", "x#y")) {
      Path out = dir.resolve(name);
      String written =
          DatasetWriter.write(numbers(3), out.toString(), Format.PARQUET, false, List.of());

      assertThat(written).as(name).isEqualTo("file:" + out);
      assertThat(out.resolve("_SUCCESS")).as(name).isRegularFile();
      assertThat(count(out)).as(name).isEqualTo(3);
      Path copy = dir.resolve(name + "-copy");
      DatasetWriter.write(
          DatasetReader.read(spark, out.toString()),
          copy.toString(),
          Format.JSON,
          false,
          List.of(out.toString()));
      assertThat(count(copy)).as(name).isEqualTo(3);
      assertUsageError(
          () ->
              DatasetWriter.write(
                  numbers(1), out.toString(), Format.PARQUET, true, List.of(out.toString())),
          refusal(out, out.toString(), "is the input"));
    }
    assertThat(leftovers(dir)).isEmpty();
  }

  @Test
  void emptyAndTableOutputsAreRefused() {
    assertUsageError(
        () -> Output.create(spark, "", false, List.of()),
        "The output location is empty; give the path of a folder.");
    assertUsageError(
        () -> Output.create(spark, "table:foo", false, List.of()),
        "Output table:foo is a table, but Wick writes its outputs as a folder of files; give a"
            + " folder path.");
    assertUsageError(
        () -> Output.create(spark, "delta:/tmp/lake/plays", false, List.of()),
        "Output delta:/tmp/lake/plays is a table, but Wick writes its outputs as a folder of"
            + " files; give a folder path.");
  }

  @Test
  void anOutputBelowAFileFurtherUpIsRefused() throws IOException {
    Path file = Files.writeString(dir.resolve("plain.txt"), "x");

    assertUsageError(
        () -> Output.create(spark, file.resolve("a/b").toString(), false, List.of()),
        "Output "
            + file.resolve("a/b")
            + " cannot be created: "
            + file
            + " is a file, not a folder.");
    assertThat(file).hasContent("x");
  }

  @Test
  void overwriteReplacesOnlyADatasetFolder() throws IOException {
    Path notes = Files.createDirectories(dir.resolve("notes"));
    Files.writeString(notes.resolve("todo.txt"), "keep me");
    Files.writeString(notes.resolve("ideas.md"), "and me");
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Path file = Files.writeString(dir.resolve("report.json"), "{}");

    assertUsageError(
        () -> DatasetWriter.write(numbers(2), notes.toString(), Format.PARQUET, true, List.of()),
        "Output "
            + notes
            + " is not a dataset folder (it holds ideas.md, todo.txt, and no _SUCCESS marker); Wick"
            + " replaces only folders that Wick or Spark wrote, so delete it yourself or choose"
            + " another path.");
    assertUsageError(
        () -> DatasetWriter.write(numbers(2), empty.toString(), Format.PARQUET, true, List.of()),
        "Output "
            + empty
            + " is not a dataset folder (it is empty, and no _SUCCESS marker); Wick replaces only"
            + " folders that Wick or Spark wrote, so delete it yourself or choose another path.");
    assertUsageError(
        () -> DatasetWriter.write(numbers(2), file.toString(), Format.PARQUET, true, List.of()),
        "Output "
            + file
            + " is a file, not a dataset folder; Wick replaces only folders that Wick or Spark"
            + " wrote, so delete it yourself or choose another path.");
    assertThat(notes.resolve("todo.txt")).hasContent("keep me");
    assertThat(children(notes)).containsExactly("ideas.md", "todo.txt");
    assertThat(file).hasContent("{}");
    assertThat(leftovers(dir)).isEmpty();
  }

  @Test
  void aSecondWriterOfAnOutputIsRefusedWhileTheFirstWrites() throws IOException {
    Path out = dir.resolve("busy");
    try (Output first = Output.create(spark, out.toString(), false, List.of())) {
      assertThatThrownBy(() -> Output.create(spark, out.toString(), true, List.of()))
          .isInstanceOf(WickException.class)
          .hasMessageStartingWith(
              "Output "
                  + out
                  + " is being written by another Wick run (process "
                  + ProcessHandle.current().pid()
                  + " on ")
          .hasMessageEndingWith(
              "); wait for it to finish, or delete "
                  + dir.resolve(".wick-lock-busy")
                  + " if no run is writing it.");
      first.writeString("a.txt", "first");
      first.commit();
    }
    DatasetWriter.write(numbers(2), out.toString(), Format.PARQUET, true, List.of());
    assertThat(count(out)).isEqualTo(2);
    assertThat(leftovers(dir)).isEmpty();
  }

  @Test
  void fourWritersAtOnceOneWinsAndTheOutputIsNeverAMix() throws Exception {
    Path out = dir.resolve("contended");
    DatasetWriter.write(numbers(1), out.toString(), Format.PARQUET, false, List.of());
    int writers = 4;
    java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(writers);
    java.util.concurrent.CountDownLatch created = new java.util.concurrent.CountDownLatch(writers);
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(writers);
    List<java.util.concurrent.Future<Integer>> results = new java.util.ArrayList<>();
    for (int w = 0; w < writers; w++) {
      int rows = 10 * (w + 1);
      results.add(
          pool.submit(
              () -> {
                start.await();
                Output output;
                try {
                  output = Output.create(spark, out.toString(), true, List.of());
                } catch (WickException e) {
                  created.countDown();
                  assertThat(e.exitCode()).isEqualTo(ExitCode.USAGE);
                  assertThat(e.getMessage()).contains(" is being written by another Wick run ");
                  return -1;
                }
                created.countDown();
                created.await(); // every writer has tried before the winner writes
                try (output) {
                  output.writeDataset("", numbers(rows), Format.PARQUET);
                  output.commit();
                }
                return rows;
              }));
    }
    List<Integer> outcomes = new java.util.ArrayList<>();
    for (var r : results) {
      outcomes.add(r.get(5, java.util.concurrent.TimeUnit.MINUTES));
    }
    pool.shutdown();

    List<Integer> winners = outcomes.stream().filter(r -> r > 0).toList();
    assertThat(winners).hasSize(1);
    assertThat(outcomes.stream().filter(r -> r < 0)).hasSize(writers - 1);
    assertThat(count(out)).isEqualTo((long) winners.get(0));
    assertThat(children(out)).filteredOn(n -> n.endsWith(".parquet")).hasSize(1);
    assertThat(children(out)).allMatch(n -> n.equals("_SUCCESS") || n.endsWith(".parquet"));
    assertThat(leftovers(dir)).isEmpty();
  }

  @Test
  void aLockOfAProcessThatIsGoneIsTakenOver() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path out = dir.resolve("orphaned");
    Files.writeString(
        dir.resolve(".wick-lock-orphaned"),
        "id=x\nhost="
            + java.net.InetAddress.getLocalHost().getHostName()
            + "\npid="
            + gone.pid()
            + "\nstart=?\ncreated=2020-01-01T00:00:00Z\n");

    DatasetWriter.write(numbers(3), out.toString(), Format.PARQUET, false, List.of());

    assertThat(count(out)).isEqualTo(3);
    assertThat(leftovers(dir)).isEmpty();
  }

  @Test
  void leftoversADayOldAreRemovedAndYoungerOnesKept() throws IOException {
    String id = "0b9e8f2c-3c51-4a0e-9d7e-1f2a3b4c5d6e";
    Path oldStaging = Files.createDirectories(dir.resolve(".wick-staging-other-" + id));
    Path oldTrash = Files.createDirectories(dir.resolve(".wick-trash-other-" + id));
    Path young =
        Files.createDirectories(
            dir.resolve(".wick-staging-third-1b9e8f2c-3c51-4a0e-9d7e-1f2a3b4c5d6e"));
    Path notOurs = Files.createDirectories(dir.resolve(".wick-staging-notes"));
    java.nio.file.attribute.FileTime twoDaysAgo =
        java.nio.file.attribute.FileTime.from(
            java.time.Instant.now().minus(java.time.Duration.ofDays(2)));
    for (Path p : List.of(oldStaging, oldTrash, notOurs)) {
      Files.setLastModifiedTime(p, twoDaysAgo);
    }

    DatasetWriter.write(
        numbers(2), dir.resolve("out").toString(), Format.PARQUET, false, List.of());

    assertThat(oldStaging).doesNotExist();
    assertThat(oldTrash).doesNotExist();
    assertThat(young).isDirectory();
    assertThat(notOurs).isDirectory();
  }

  /**
   * Set as the busy task of {@link #aFailedWriteIsCleanedUpOnlyOnceItsTasksHaveEnded} starts and
   * ends.
   */
  private static final java.util.concurrent.atomic.AtomicBoolean BUSY_STARTED =
      new java.util.concurrent.atomic.AtomicBoolean();

  private static final java.util.concurrent.atomic.AtomicBoolean BUSY_ENDED =
      new java.util.concurrent.atomic.AtomicBoolean();

  private static final String HOLD_STATUS = "wick.test.hold-status";

  /**
   * Holds Spark's status queue from the start of a job marked {@link #HOLD_STATUS} until the busy
   * task has ended, as load can: Spark's status tracker, fed by that queue, then lags behind the
   * scheduler and still shows the executor idle.
   */
  private static final class HoldStatus extends org.apache.spark.scheduler.SparkListener {
    @Override
    public void onJobStart(org.apache.spark.scheduler.SparkListenerJobStart start) {
      if (start.properties() == null || start.properties().getProperty(HOLD_STATUS) == null) {
        return;
      }
      long deadline = System.nanoTime() + 30_000_000_000L;
      while (!BUSY_ENDED.get() && System.nanoTime() < deadline) {
        try {
          Thread.sleep(5);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  /**
   * A write whose first task fails while another is still busy: the job fails at once, and the
   * output's close waits for the busy task to end before deleting its staging folder, so no task
   * writes into (or recreates) what was deleted, even while Spark's status tracker lags behind. The
   * same for a write of the caller's own into the staging folder, run through {@code writeWith}.
   */
  @org.junit.jupiter.params.ParameterizedTest(name = "through writeWith: {0}")
  @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
  void aFailedWriteIsCleanedUpOnlyOnceItsTasksHaveEnded(boolean own) throws Exception {
    BUSY_STARTED.set(false);
    BUSY_ENDED.set(false);
    Path out = dir.resolve("out");
    Dataset<Row> failing =
        spark
            .range(0, 2, 1, 2)
            .mapPartitions(
                (org.apache.spark.api.java.function.MapPartitionsFunction<Long, Long>)
                    rows -> {
                      if (org.apache.spark.TaskContext.getPartitionId() == 0) {
                        long patience = System.nanoTime() + 30_000_000_000L;
                        while (!BUSY_STARTED.get() && System.nanoTime() < patience) {
                          Thread.sleep(1);
                        }
                        throw new IllegalStateException("planted failure");
                      }
                      org.apache.spark.TaskContext.get()
                          .addTaskCompletionListener(
                              (org.apache.spark.util.TaskCompletionListener)
                                  context -> BUSY_ENDED.set(true));
                      BUSY_STARTED.set(true);
                      // Busy, deaf to the kill, as a task in the middle of a write can be.
                      long end = System.nanoTime() + 1_500_000_000L;
                      while (System.nanoTime() < end) {
                        Thread.interrupted();
                      }
                      return rows;
                    },
                org.apache.spark.sql.Encoders.LONG())
            .toDF("id");
    HoldStatus hold = new HoldStatus();
    spark.sparkContext().listenerBus().addToStatusQueue(hold);
    Output output = Output.create(spark, out.toString(), false, List.of());
    boolean endedAtClose;
    try {
      spark.sparkContext().setLocalProperty(HOLD_STATUS, "yes");
      assertThatThrownBy(
              () -> {
                if (own) {
                  output.writeWith(() -> failing.write().parquet(output.stagingLocation("parts")));
                } else {
                  output.writeDataset("", failing, Format.PARQUET);
                }
              })
          .hasStackTraceContaining("planted failure");
    } finally {
      spark.sparkContext().setLocalProperty(HOLD_STATUS, null);
      output.close();
      endedAtClose = BUSY_ENDED.get();
      // Whatever close did, let the busy task end before looking for what it left.
      long deadline = System.nanoTime() + 30_000_000_000L;
      while (!BUSY_ENDED.get() && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      spark.sparkContext().removeSparkListener(hold);
    }

    assertThat(BUSY_STARTED).isTrue();
    assertThat(endedAtClose).as("the busy task ended before close returned").isTrue();
    assertThat(out).doesNotExist();
    assertThat(leftovers(dir)).isEmpty();
  }
}
