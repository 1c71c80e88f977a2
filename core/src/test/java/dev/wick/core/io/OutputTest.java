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
        .filter(n -> n.startsWith(".wick-staging-") || n.startsWith(".wick-trash-"))
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
            + " already exists; pass --overwrite to replace it, or choose another path.");
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
            + " already exists; pass --overwrite to replace it, or choose another path.");
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
        .hasMessageStartingWith("Output file:")
        .hasMessageEndingWith(
            " is the input "
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
              "raced appeared while Wick was writing it; pass --overwrite to replace it.");
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
}
