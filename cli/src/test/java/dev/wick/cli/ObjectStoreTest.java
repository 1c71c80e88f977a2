package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.core.io.Output;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.spark.sql.SparkSession;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code s3a://} from the wick command as a user runs it, against a real S3 server (s3proxy over
 * jclouds' in-memory store) on 127.0.0.1, started once for the class: profile, diff and check
 * {@code --split} read their data from a bucket and write their outputs there through Wick's
 * commit, with the endpoint and credentials given as {@code --conf spark.hadoop.fs.s3a.*}.
 */
class ObjectStoreTest {
  private static final String ACCESS_KEY = "wick-access";
  private static final String SECRET_KEY = "wick-secret";
  private static final String BUCKET = "wick-test";

  /** A bucket that S3A opens only with the AWS profile's credentials. */
  private static final String PROFILE_BUCKET = "wick-profile";

  @TempDir static Path dir;
  static SparkSession spark;
  static BlobStoreContext store;
  static S3Proxy server;
  static Map<String, String> s3a;
  static FileSystem s3;

  @BeforeAll
  static void start() throws Exception {
    spark = WickSpark.local(2);
    store =
        ContextBuilder.newBuilder("transient")
            .credentials("identity", "credential")
            .build(BlobStoreContext.class);
    store.getBlobStore().createContainerInLocation(null, BUCKET);
    store.getBlobStore().createContainerInLocation(null, PROFILE_BUCKET);
    server =
        S3Proxy.builder()
            .blobStore(store.getBlobStore())
            .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
            .endpoint(URI.create("http://127.0.0.1:0"))
            .build();
    server.start();
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (!"STARTED".equals(server.getState()) && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(server.getState()).isEqualTo("STARTED");
    s3a =
        Map.of(
            "fs.s3a.endpoint",
            "http://127.0.0.1:" + server.getPort(),
            "fs.s3a.endpoint.region",
            "us-east-1",
            "fs.s3a.path.style.access",
            "true",
            "fs.s3a.connection.ssl.enabled",
            "false",
            "fs.s3a.access.key",
            ACCESS_KEY,
            "fs.s3a.secret.key",
            SECRET_KEY);
    Configuration conf = new Configuration(spark.sparkContext().hadoopConfiguration());
    s3a.forEach(conf::set);
    s3 = FileSystem.newInstance(URI.create("s3a://" + BUCKET + "/"), conf);

    // The data, written locally and uploaded: eight plays, and a second day that differs.
    String plays =
        "SELECT * FROM VALUES"
            + " (1, 1, 'SE', 'play', 1000), (2, 2, 'US', 'play', 2000),"
            + " (3, 1, 'SE', 'skip', 3000), (4, 3, 'GB', 'play', 4000),"
            + " (5, 6, 'US', 'play', 5000), (6, 4, 'SE', 'skip', 6000),"
            + " (7, 5, NULL, 'play', 7000), (8, 9, 'XX', 'pause', 8000)"
            + " AS t(play_id, user_id, country, kind, ms)";
    upload(spark.sql(plays), "data/day1");
    try (FileSystem other =
        FileSystem.newInstance(URI.create("s3a://" + PROFILE_BUCKET + "/"), conf)) {
      assertThat(
              FileUtil.copy(
                  s3,
                  new org.apache.hadoop.fs.Path(url("data/day1")),
                  other,
                  new org.apache.hadoop.fs.Path("s3a://" + PROFILE_BUCKET + "/day1"),
                  false,
                  conf))
          .isTrue();
    }
    upload(
        spark
            .sql(plays)
            .where("play_id <> 8")
            .selectExpr(
                "play_id",
                "user_id",
                "country",
                "kind",
                "CASE WHEN play_id = 2 THEN ms + 500 ELSE ms END AS ms"),
        "data/day2");
  }

  private static void upload(org.apache.spark.sql.Dataset<?> rows, String key) throws IOException {
    Path local = dir.resolve(key.replace('/', '-'));
    rows.coalesce(1).write().parquet(local.toString());
    FileSystem fs = FileSystem.getLocal(s3.getConf());
    assertThat(
            FileUtil.copy(
                fs,
                new org.apache.hadoop.fs.Path(local.toUri()),
                s3,
                new org.apache.hadoop.fs.Path("s3a://" + BUCKET + "/" + key),
                false,
                s3.getConf()))
        .isTrue();
  }

  @AfterAll
  static void stop() throws Exception {
    if (s3 != null) {
      s3.close();
    }
    // The runs' S3A file systems, cached in the JVM's file system cache: closed, which drops them.
    for (String bucket : List.of(BUCKET, PROFILE_BUCKET)) {
      FileSystem.get(
              URI.create("s3a://" + bucket + "/"), spark.sparkContext().hadoopConfiguration())
          .close();
    }
    if (server != null) {
      server.stop();
    }
    if (store != null) {
      store.close();
    }
  }

  private static String url(String key) {
    return "s3a://" + BUCKET + "/" + key;
  }

  /** {@code wick ARGS --conf spark.hadoop.fs.s3a.…} for each S3A setting. */
  private static CliRun wick(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    s3a.forEach(
        (key, value) -> {
          all.add("--conf");
          all.add("spark.hadoop." + key + "=" + value);
        });
    return CliRun.wick(all.toArray(String[]::new));
  }

  private static boolean exists(String key) throws IOException {
    return s3.exists(new org.apache.hadoop.fs.Path(url(key)));
  }

  private static String read(String key) throws IOException {
    try (InputStream in = s3.open(new org.apache.hadoop.fs.Path(url(key)))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** The names directly under {@code key}. */
  private static List<String> list(String key) throws IOException {
    return Stream.of(s3.listStatus(new org.apache.hadoop.fs.Path(url(key))))
        .map(s -> s.getPath().getName())
        .sorted()
        .toList();
  }

  @Test
  void profileReadsFromTheBucketAndCommitsItsOutputThere() throws IOException {
    CliRun run = wick("profile", "--in", url("data/day1"), "--out", url("out/profile"));
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("Profiled 8 rows and 5 fields of " + url("data/day1") + ".");
    assertThat(list("out/profile")).contains("_SUCCESS", "profile.json", "profile.html");
    JsonNode profile = new ObjectMapper().readTree(read("out/profile/profile.json"));
    assertThat(profile.toString()).contains("\"rowCount\":8");
    // Nothing of the commit is left beside the output: no staging, journal, trash or lock.
    assertThat(list("out")).containsExactly("profile");

    CliRun again = wick("profile", "--in", url("data/day2"), "--out", url("out/profile"));
    assertThat(again.exitCode()).isEqualTo(2);
    assertThat(again.err()).contains("already exists; pass --overwrite to replace it");
    CliRun over =
        wick("profile", "--in", url("data/day2"), "--out", url("out/profile"), "--overwrite");
    assertThat(over.exitCode()).as(over.err()).isZero();
    assertThat(new ObjectMapper().readTree(read("out/profile/profile.json")).toString())
        .contains("\"rowCount\":7");
    assertThat(list("out")).containsExactly("profile");
  }

  @Test
  void diffComparesTwoDatasetsInTheBucket() throws IOException {
    CliRun run =
        wick(
            "diff",
            "--lhs",
            url("data/day1"),
            "--rhs",
            url("data/day2"),
            "--key",
            "play_id",
            "--out",
            url("out/diff"));
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("2 of 8 keys differ (25.00%)");
    assertThat(list("out/diff")).contains("_SUCCESS", "report.html", "keys", "fields");
    assertThat(spark.read().parquet(url("out/diff/keys")).count()).isEqualTo(2);
  }

  @Test
  void checkSplitWritesValidAndInvalidRowsToTheBucket() throws IOException {
    Path checks = dir.resolve("checks.yaml");
    Files.writeString(
        checks,
        "checks:\n"
            + "  - {check: completeness, field: country, min: 0.5}\n"
            + "  - {check: allowedValues, field: kind, values: [play, skip]}\n");
    CliRun run =
        wick(
            "check",
            "--in",
            url("data/day1"),
            "--checks",
            checks.toString(),
            "--out",
            url("out/check"),
            "--split");
    // allowedValues, an error, fails on play 8.
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.out()).contains("6 rows passed every row-level check, 2 failed one or more.");
    assertThat(list("out/check")).contains("_SUCCESS", "valid", "invalid", "checks.json");
    assertThat(spark.read().parquet(url("out/check/valid")).count()).isEqualTo(6);
    assertThat(spark.read().parquet(url("out/check/invalid")).select("play_id").collectAsList())
        .extracting(r -> r.getInt(0))
        .containsExactlyInAnyOrder(7, 8);
    JsonNode json = new ObjectMapper().readTree(read("out/check/checks.json"));
    assertThat(json.get("invalidRows").asLong()).isEqualTo(2);
  }

  @Test
  void checksAppendToAResultsTableInTheBucket() throws IOException {
    Path checks = dir.resolve("results-checks.yaml");
    Files.writeString(checks, "checks:\n  - {check: completeness, field: country, min: 0.5}\n");
    for (String day : List.of("day1", "day2")) {
      CliRun run =
          wick(
              "check",
              "--in",
              url("data/" + day),
              "--checks",
              checks.toString(),
              "--out",
              url("results-out/" + day),
              "--results-table",
              url("results"));
      assertThat(run.exitCode()).as(run.err()).isZero();
    }
    // Each run's rows are one object of their own, renamed in whole; the staging is gone.
    assertThat(list("results")).hasSize(2).allMatch(n -> n.startsWith("run-"));
    assertThat(exists("results/_wick_staging")).isFalse();
    List<org.apache.spark.sql.Row> rows =
        dev.wick.core.results.ResultsTable.at(url("results"))
            .read(spark)
            .where("metric = 'rows'")
            .orderBy("dataset")
            .collectAsList();
    assertThat(rows)
        .extracting(r -> r.<String>getAs("dataset") + "=" + r.<Double>getAs("value"))
        .containsExactly(url("data/day1") + "=8.0", url("data/day2") + "=7.0");
  }

  @Test
  void aSecondRunOfAnOutputIsRefusedWhileTheFirstWrites() throws IOException {
    // The first run, through the library, with the settings the command line gives.
    Map<String, String> settings = new java.util.HashMap<>();
    s3a.forEach((key, value) -> settings.put("spark.hadoop." + key, value));
    SparkSession session = WickSpark.session("wick", java.util.Optional.empty(), settings);
    try (Output first = Output.create(session, url("locks/busy"), false, List.of())) {
      CliRun second = wick("profile", "--in", url("data/day1"), "--out", url("locks/busy"));
      assertThat(second.exitCode()).isEqualTo(2);
      assertThat(second.err())
          .startsWith(
              "error: Output "
                  + url("locks/busy")
                  + " is being written by another Wick run (process "
                  + ProcessHandle.current().pid())
          .endsWith(
              "); wait for it to finish, or delete "
                  + url("locks/.wick-lock-busy")
                  + " if no run is writing it.\n");
      first.writeString("a.txt", "first");
      first.commit();
    }
    assertThat(read("locks/busy/a.txt")).isEqualTo("first");
    assertThat(list("locks")).containsExactly("busy");
  }

  @Test
  void credentialsComeFromTheAwsProfileToo() throws IOException {
    Path credentials = dir.resolve("aws-credentials");
    Files.writeString(
        credentials,
        "[wick]\naws_access_key_id = "
            + ACCESS_KEY
            + "\naws_secret_access_key = "
            + SECRET_KEY
            + "\n");
    // What AWS_SHARED_CREDENTIALS_FILE and AWS_PROFILE say, as the SDK's system properties.
    System.setProperty("aws.sharedCredentialsFile", credentials.toString());
    System.setProperty("aws.profile", "wick");
    try {
      String bucket = "spark.hadoop.fs.s3a.bucket." + PROFILE_BUCKET + ".";
      CliRun run =
          CliRun.wick(
              "profile",
              "--in",
              "s3a://" + PROFILE_BUCKET + "/day1",
              "--out",
              "s3a://" + PROFILE_BUCKET + "/profile",
              "--conf",
              "spark.hadoop.fs.s3a.endpoint=" + s3a.get("fs.s3a.endpoint"),
              "--conf",
              "spark.hadoop.fs.s3a.endpoint.region=us-east-1",
              "--conf",
              "spark.hadoop.fs.s3a.path.style.access=true",
              "--conf",
              "spark.hadoop.fs.s3a.connection.ssl.enabled=false",
              // No keys in Hadoop's settings for this bucket (other tests set them for all).
              "--conf",
              bucket + "access.key=",
              "--conf",
              bucket + "secret.key=");
      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(run.out()).startsWith("Profiled 8 rows and 5 fields of s3a://" + PROFILE_BUCKET);
    } finally {
      System.clearProperty("aws.sharedCredentialsFile");
      System.clearProperty("aws.profile");
    }
  }

  @Test
  void aMissingBucketIsOneSentence() {
    CliRun run = wick("profile", "--in", "s3a://no-such-bucket/data", "--out", url("out/none"));
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip().lines()).hasSize(1);
    assertThat(run.err())
        .isEqualTo(
            "error: Cannot list input s3a://no-such-bucket/data (its bucket does not exist; check"
                + " the bucket's name and the store's endpoint).\n");
  }

  @Test
  void aMissingPathIsOneSentence() {
    CliRun run = wick("profile", "--in", url("data/no-such-day"), "--out", url("out/none"));
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip().lines()).hasSize(1);
    assertThat(run.err())
        .isEqualTo(
            "error: Input "
                + url("data/no-such-day")
                + " does not exist; check the path (a file, a folder or a glob).\n");
  }
}
