package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaCommandTest {
  private static final SparkSession SPARK = WickSpark.local(2);

  @Test
  void printsTheAvroWriterSchemaOfTheBundledExampleData() {
    CliRun run = CliRun.wick("schema", "--in", "../examples/data/track_plays");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .startsWith("record TrackPlay {\n")
        .contains("  play_id: uuid  // Unique id of the play.\n")
        .contains("  country: string? @country_code  // ISO 3166 country of the user.\n")
        .contains("  played_at: timestamp-millis  // When the play started.\n");
  }

  @Test
  void printsParquetSchemasAndAvroJson(@TempDir Path tmp) {
    String path = tmp.resolve("users.parquet").toString();
    SPARK
        .sql(
            "select 1L as id, named_struct('city', 'Lund', 'zip', 22100) as address, array('a') as tags")
        .write()
        .parquet(path);
    CliRun run = CliRun.wick("schema", "--in", path);
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .isEqualTo(
            "record Users {\n"
                + "  id: long?\n"
                + "  address: record Address {\n"
                + "    city: string?\n"
                + "    zip: int?\n"
                + "  }?\n"
                + "  tags: array<string?>?\n"
                + "}\n");
    CliRun avro = CliRun.wick("schema", "--in", path, "--avro");
    assertThat(avro.out())
        .contains("\"name\" : \"Users\"")
        .contains("\"type\" : [ \"null\", \"long\" ]");
  }

  @Test
  void missingPathIsAUsageErrorInOneSentence(@TempDir Path tmp) {
    CliRun run = CliRun.wick("schema", "--in", tmp.resolve("nope").toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: Input "
                + tmp.resolve("nope")
                + " does not exist; check the path (a file, a folder or a glob).\n");
  }

  @Test
  void unknownFormatAndMissingOptionAreUsageErrors(@TempDir Path tmp) throws Exception {
    Files.writeString(tmp.resolve("notes.md"), "hello");
    CliRun run = CliRun.wick("schema", "--in", tmp.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains("Cannot tell the format of")
        .contains("notes.md")
        .contains("pass --in-format");

    CliRun noIn = CliRun.wick("schema");
    assertThat(noIn.exitCode()).isEqualTo(2);
    assertThat(noIn.err())
        .contains("Missing required option: '--in=PATH'")
        .contains("wick schema --help");
  }

  @Test
  void helpAndVersion() {
    CliRun help = CliRun.wick("--help");
    assertThat(help.exitCode()).isZero();
    assertThat(help.out())
        .contains("Usage: wick")
        .contains("schema")
        .contains("2   usage or input error");
    CliRun version = CliRun.wick("--version");
    assertThat(version.exitCode()).isZero();
    assertThat(version.out()).contains("Spark 4.1.1");
    CliRun unknown = CliRun.wick("frobnicate");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err()).contains("Unmatched argument");
  }
}
