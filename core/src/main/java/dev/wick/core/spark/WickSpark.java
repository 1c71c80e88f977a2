package dev.wick.core.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;

/**
 * Spark sessions with Wick's defaults. Under {@code spark-submit} the master and settings it gives
 * win; run plainly, Wick uses {@code local[*]} with the UI off, UTC, adaptive execution and an
 * in-memory catalog in a temporary warehouse. When Delta Lake's connector is on the class path, its
 * session extension and catalog are set too (unless given), as Delta requires; when Iceberg's is, a
 * local run reads Iceberg tables by path through a Hadoop catalog instead of Hive's.
 */
public final class WickSpark {
  private WickSpark() {}

  /**
   * The session for a job or command: {@code master} when given, else what {@code spark-submit}
   * configured, else {@code local[*]}.
   */
  public static SparkSession session(String appName, Optional<String> master) {
    return session(appName, master, Map.of());
  }

  /**
   * The session for a command, with {@code settings} (Spark configuration keys and values) given on
   * its command line; they win over Wick's defaults and {@code spark-submit}'s.
   */
  public static SparkSession session(
      String appName, Optional<String> master, Map<String, String> settings) {
    SparkConf conf = new SparkConf();
    settings.forEach(conf::set);
    String chosen =
        master.orElseGet(
            () -> conf.contains("spark.master") ? conf.get("spark.master") : "local[*]");
    SparkSession.Builder builder = SparkSession.builder().appName(appName).master(chosen);
    defaults(builder, chosen.startsWith("local"), conf);
    settings.forEach(builder::config);
    SparkSession session = builder.getOrCreate();
    // A session that already ran (a test's, a notebook's) keeps the Hadoop settings it started
    // with, so the ones given now (spark.hadoop.fs.s3a.endpoint and the like) go to it too.
    org.apache.hadoop.conf.Configuration hadoop = session.sparkContext().hadoopConfiguration();
    settings.forEach(
        (key, value) -> {
          if (key.startsWith(HADOOP_PREFIX) && key.length() > HADOOP_PREFIX.length()) {
            hadoop.set(key.substring(HADOOP_PREFIX.length()), value);
          }
        });
    return session;
  }

  /** The prefix of the Spark settings that are Hadoop's, as Spark passes them to Hadoop. */
  private static final String HADOOP_PREFIX = "spark.hadoop.";

  /**
   * A small local session for tests and benchmarks: {@code local[cores]}, few shuffle partitions,
   * no UI. Shared per JVM: a second call returns the same session.
   */
  public static SparkSession local(int cores) {
    SparkSession.Builder builder =
        SparkSession.builder().appName("wick-local").master("local[" + cores + "]");
    defaults(builder, true, new SparkConf());
    builder.config("spark.sql.shuffle.partitions", String.valueOf(Math.max(2, cores * 2)));
    builder.config("spark.default.parallelism", String.valueOf(Math.max(2, cores * 2)));
    return builder.getOrCreate();
  }

  private static void defaults(SparkSession.Builder builder, boolean local, SparkConf given) {
    setIfAbsent(builder, given, "spark.sql.session.timeZone", "UTC");
    if (onClassPath(DELTA_EXTENSION)) {
      // Delta's connector refuses to read or write a table without its extension and catalog.
      setIfAbsent(builder, given, "spark.sql.extensions", DELTA_EXTENSION);
      setIfAbsent(builder, given, "spark.sql.catalog.spark_catalog", DELTA_CATALOG);
    }
    setIfAbsent(builder, given, "spark.sql.adaptive.enabled", "true");
    setIfAbsent(builder, given, "spark.sql.sources.partitionOverwriteMode", "static");
    if (local) {
      setIfAbsent(builder, given, "spark.ui.enabled", "false");
      setIfAbsent(builder, given, "spark.ui.showConsoleProgress", "false");
      setIfAbsent(builder, given, "spark.driver.host", "127.0.0.1");
      setIfAbsent(builder, given, "spark.driver.bindAddress", "127.0.0.1");
      setIfAbsent(builder, given, "spark.sql.catalogImplementation", "in-memory");
      // Permissions of local files set without starting a chmod process per file and folder.
      setIfAbsent(
          builder,
          given,
          "spark.hadoop.fs.file.impl",
          dev.wick.core.spark.internal.LocalFileSystem.class.getName());
      String warehouse =
          given.contains("spark.sql.warehouse.dir")
              ? given.get("spark.sql.warehouse.dir")
              : tempWarehouse();
      setIfAbsent(builder, given, "spark.sql.warehouse.dir", warehouse);
      if (onClassPath(S3A_PROFILE_PROVIDER)) {
        // S3A's own chain leaves out the AWS profile (AWS_PROFILE, ~/.aws/credentials and config);
        // a local run takes it too, between the environment and the instance's role.
        setIfAbsent(builder, given, "spark.hadoop.fs.s3a.aws.credentials.provider", S3A_PROVIDERS);
      }
      if (onClassPath(ICEBERG_CATALOG)) {
        // Iceberg reads a table by path through this catalog, which is Hive's unless set; a local
        // run has no Hive, and a path needs no catalog of tables, so a Hadoop catalog does.
        setIfAbsent(builder, given, "spark.sql.catalog.default_iceberg", ICEBERG_CATALOG);
        setIfAbsent(builder, given, "spark.sql.catalog.default_iceberg.type", "hadoop");
        setIfAbsent(builder, given, "spark.sql.catalog.default_iceberg.warehouse", warehouse);
      }
      setIfAbsent(
          builder,
          given,
          "spark.sql.shuffle.partitions",
          String.valueOf(Math.max(4, Runtime.getRuntime().availableProcessors() * 4)));
    }
  }

  private static final String DELTA_EXTENSION = "io.delta.sql.DeltaSparkSessionExtension";
  private static final String DELTA_CATALOG = "org.apache.spark.sql.delta.catalog.DeltaCatalog";
  private static final String ICEBERG_CATALOG = "org.apache.iceberg.spark.SparkCatalog";

  /** The AWS SDK's profile credentials, which S3A takes through their {@code create()}. */
  private static final String S3A_PROFILE_PROVIDER =
      "software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider";

  /**
   * S3A's default credential providers with the AWS profile's added: session and plain keys in
   * Hadoop's settings, the environment's, the profile's, then the instance's or container's role.
   */
  static final String S3A_PROVIDERS =
      String.join(
          ",",
          "org.apache.hadoop.fs.s3a.TemporaryAWSCredentialsProvider",
          "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider",
          "software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider",
          S3A_PROFILE_PROVIDER,
          "org.apache.hadoop.fs.s3a.auth.IAMInstanceCredentialsProvider");

  private static boolean onClassPath(String className) {
    try {
      Class.forName(className, false, WickSpark.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  private static void setIfAbsent(
      SparkSession.Builder builder, SparkConf given, String key, String value) {
    if (!given.contains(key)) {
      builder.config(key, value);
    }
  }

  private static String tempWarehouse() {
    try {
      Path dir = Files.createTempDirectory("wick-warehouse");
      dir.toFile().deleteOnExit();
      return dir.toUri().toString();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot create a temporary Spark warehouse", e);
    }
  }
}
