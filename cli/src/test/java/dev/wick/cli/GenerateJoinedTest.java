package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two generated datasets that join, through the real main: users with a unique {@code user_id},
 * then plays whose {@code user_id} is drawn from the users' with {@code --values-from}.
 */
class GenerateJoinedTest {
  @TempDir static Path dir;
  static Path users;
  static Path plays;
  static Path usersSchema;
  static Path playsSchema;

  @BeforeAll
  static void generate() throws IOException {
    usersSchema = dir.resolve("user.avsc");
    Files.writeString(
        usersSchema,
        """
        {"type": "record", "name": "User", "fields": [
          {"name": "user_id", "type": "string"},
          {"name": "country", "type": "string", "wick.semantic": "country_code"}]}
        """);
    playsSchema = dir.resolve("play.avsc");
    Files.writeString(
        playsSchema,
        """
        {"type": "record", "name": "Play", "fields": [
          {"name": "play_id", "type": "long"},
          {"name": "owner", "type": "string"},
          {"name": "ms_played", "type": "long"}]}
        """);
    users = dir.resolve("users");
    CliRun u =
        CliRun.wick(
            "generate",
            "--schema",
            usersSchema.toString(),
            "--count",
            "200",
            "--key",
            "user_id",
            "--seed",
            "3",
            "--out",
            users.toString());
    assertThat(u.exitCode()).as(u.err()).isEqualTo(0);
    plays = dir.resolve("plays");
    CliRun p =
        CliRun.wick(
            "generate",
            "--schema",
            playsSchema.toString(),
            "--count",
            "5000",
            "--key",
            "play_id",
            "--values-from",
            "owner:user_id=" + users,
            "--seed",
            "4",
            "--out",
            plays.toString());
    assertThat(p.exitCode()).as(p.err()).isEqualTo(0);
  }

  @Test
  void everyPlayBelongsToAGeneratedUserAndMostUsersPlay() {
    SparkSession spark = WickSpark.local(2);
    Dataset<Row> u = spark.read().format("avro").load(users.toString());
    Dataset<Row> p = spark.read().format("avro").load(plays.toString());
    assertThat(u.select("user_id").distinct().count()).isEqualTo(200);
    assertThat(p.count()).isEqualTo(5000);
    assertThat(p.join(u, p.col("owner").equalTo(u.col("user_id")), "left_anti").count()).isZero();
    // 5000 uniform draws from 200 ids miss a given id with probability (199/200)^5000 < 1e-10.
    assertThat(p.select("owner").distinct().count()).isEqualTo(200);
  }

  @Test
  void anUnknownColumnIsOneSentence() {
    CliRun run =
        CliRun.wick(
            "generate",
            "--schema",
            playsSchema.toString(),
            "--count",
            "10",
            "--values-from",
            "owner:userid=" + users,
            "--out",
            dir.resolve("no-column").toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo(
            "error: The dataset to draw 'owner' from has no column 'userid'; name one of its"
                + " columns (user_id, country).");
  }

  @Test
  void aKeyCannotDrawFromAList() {
    CliRun run =
        CliRun.wick(
            "generate",
            "--schema",
            playsSchema.toString(),
            "--count",
            "10",
            "--key",
            "owner",
            "--values-from",
            "owner:user_id=" + users,
            "--out",
            dir.resolve("key-and-list").toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo(
            "error: Field 'owner' is a key, whose values are unique, so they cannot be drawn from"
                + " column 'user_id'; name it as a key or draw it from a list, not both.");
  }

  @Test
  void aMissingDatasetIsOneSentence() {
    CliRun run =
        CliRun.wick(
            "generate",
            "--schema",
            playsSchema.toString(),
            "--count",
            "10",
            "--values-from",
            "owner=" + dir.resolve("nowhere"),
            "--out",
            dir.resolve("from-nowhere").toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo(
            "error: Input "
                + dir.resolve("nowhere")
                + " does not exist; check the path (a file, a folder or a glob).");
  }
}
