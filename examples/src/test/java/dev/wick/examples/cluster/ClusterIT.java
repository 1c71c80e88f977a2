package dev.wick.examples.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.cli.Wick;
import dev.wick.core.ExitCode;
import dev.wick.core.job.Jobs;
import dev.wick.core.spark.WickSpark;
import dev.wick.examples.plays.TrackPlayCountJob;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Runs the {@code wick} CLI and an example job unchanged under {@code spark-submit} on a real Spark
 * standalone cluster (master and worker on 127.0.0.1, executors in their own JVMs), with the jar
 * without Spark, and checks their outputs equal a local run's. Separate executor JVMs catch what
 * local mode hides: closures that do not serialize, classes missing from the application jars.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterIT {
  private static final Path MODULE = Path.of("").toAbsolutePath();
  private static final Path DATA = MODULE.resolve("data");
  private final ObjectMapper json = new ObjectMapper();
  private Path work;
  private StandaloneCluster cluster;
  private Path submitJar;
  private Path examplesJar;

  @BeforeAll
  void startCluster() throws Exception {
    submitJar = MODULE.resolve("../cli/target/wick-spark-submit.jar").normalize();
    assertThat(submitJar)
        .as(
            "the cluster test needs the CLI's spark-submit jar; build it with mvn -pl cli -am package")
        .exists();
    try (Stream<Path> jars = Files.list(MODULE.resolve("target"))) {
      examplesJar =
          jars.filter(p -> p.getFileName().toString().matches("wick-examples-.*\\.jar"))
              .filter(p -> !p.getFileName().toString().contains("tests"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("examples jar missing: run mvn package first"));
    }
    work = Files.createTempDirectory(MODULE.resolve("target"), "cluster-it");
    cluster = StandaloneCluster.start(work.resolve("cluster"), 2);
  }

  @AfterAll
  void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void exampleJobOnTheClusterEqualsTheLocalRun() throws Exception {
    String plays = DATA.resolve("track_plays").toString();
    Path clusterOut = work.resolve("counts-cluster");
    var submission =
        cluster.submit(
            "submit-job",
            List.of(
                "--class",
                TrackPlayCountJob.class.getName(),
                "--jars",
                submitJar.toString(),
                examplesJar.toString(),
                "--plays=" + plays,
                "--out=" + clusterOut));
    assertThat(submission.exitCode()).as(submission.output()).isZero();
    assertThat(submission.output()).contains("wrote " + clusterOut);

    Path localOut = work.resolve("counts-local");
    ExitCode local =
        Jobs.run(
            new TrackPlayCountJob(),
            new String[] {"--plays=" + plays, "--out=" + localOut},
            System.out,
            System.err);
    assertThat(local).isEqualTo(ExitCode.OK);

    SparkSession spark = WickSpark.local(2);
    List<Row> onCluster =
        spark.read().parquet(clusterOut.toString()).orderBy("track_id").collectAsList();
    List<Row> locally =
        spark.read().parquet(localOut.toString()).orderBy("track_id").collectAsList();
    assertThat(onCluster).hasSize(500).isEqualTo(locally);
  }

  @Test
  void wickDiffOnTheClusterEqualsTheLocalRun() throws Exception {
    String lhs = DATA.resolve("counts_baseline").toString();
    String rhs = DATA.resolve("counts_candidate").toString();
    Path clusterOut = work.resolve("diff-cluster");
    var submission =
        cluster.submit(
            "submit-diff",
            List.of(
                "--class",
                Wick.class.getName(),
                submitJar.toString(),
                "diff",
                "--lhs",
                lhs,
                "--rhs",
                rhs,
                "--key",
                "track_id",
                "--out",
                clusterOut.toString()));
    assertThat(submission.exitCode()).as(submission.output()).isZero();

    Path localOut = work.resolve("diff-local");
    int local =
        Wick.run(
            new String[] {
              "diff", "--lhs", lhs, "--rhs", rhs, "--key", "track_id", "--out", localOut.toString()
            },
            System.out,
            System.err);
    assertThat(local).isZero();

    JsonNode onCluster = json.readTree(clusterOut.resolve("summary.json").toFile());
    JsonNode locally = json.readTree(localOut.resolve("summary.json").toFile());
    assertThat(onCluster.get("global")).isEqualTo(locally.get("global"));
    assertThat(onCluster.get("global").get("different").asLong()).isPositive();
    // The moments merge partial aggregates in whatever order the tasks finish, so the last digits
    // of a double may differ between the two runs; everything else must be equal.
    assertThat(sameUpToRounding(onCluster.get("fields"), locally.get("fields")))
        .as("fields on the cluster %s, locally %s", onCluster.get("fields"), locally.get("fields"))
        .isTrue();
    assertThat(new File(clusterOut.toFile(), "report.html")).exists();
  }

  /** Equal JSON, with floating-point numbers equal within a relative 1e-9. */
  private static boolean sameUpToRounding(JsonNode a, JsonNode b) {
    if (a.isFloatingPointNumber() && b.isNumber() || a.isNumber() && b.isFloatingPointNumber()) {
      double x = a.asDouble();
      double y = b.asDouble();
      return Math.abs(x - y) <= 1e-9 * Math.max(Math.abs(x), Math.abs(y));
    }
    if (a.isContainerNode() && b.isContainerNode() && a.size() == b.size()) {
      if (a.isArray() != b.isArray()) {
        return false;
      }
      for (int i = 0; i < a.size(); i++) {
        if (a.isArray() && !sameUpToRounding(a.get(i), b.get(i))) {
          return false;
        }
      }
      for (var names = a.fieldNames(); names.hasNext(); ) {
        String name = names.next();
        if (!b.has(name) || !sameUpToRounding(a.get(name), b.get(name))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }
}
