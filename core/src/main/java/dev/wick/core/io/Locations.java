package dev.wick.core.io;

import dev.wick.core.WickException;
import java.io.IOException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Location text as a user types it, turned into Hadoop paths without misreading it: a space, a
 * {@code %}, a {@code :} or any other character a file system allows names itself. Text that starts
 * with {@code scheme:/} ({@code hdfs://nn/x}, {@code file:/x}, {@code s3a://bucket/x}) names that
 * file system; anything else is a path on the default file system, relative to its working folder.
 *
 * <p>Hadoop's {@code new Path(String)} reads {@code diff-12:00} as a URI scheme and {@code %20} as
 * an escaped space; {@link #path} does neither. {@link #forSpark} gives the text that Spark's own
 * {@code new Path(String)} reads back as the same path.
 */
public final class Locations {
  private static final Pattern SCHEME = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*):(/.*)$");

  private Locations() {}

  /** The path {@code text} names, not yet qualified; a usage error when it is empty. */
  public static Path path(String text) {
    if (text == null || text.isBlank()) {
      throw WickException.usage("A location is empty; give the path of a file or folder.");
    }
    Matcher m = SCHEME.matcher(text);
    if (m.matches()) {
      String scheme = m.group(1);
      String rest = m.group(2);
      String authority = null;
      if (rest.startsWith("//")) {
        int slash = rest.indexOf('/', 2);
        authority = slash < 0 ? rest.substring(2) : rest.substring(2, slash);
        rest = slash < 0 ? "/" : rest.substring(slash);
        if (authority.isEmpty()) {
          authority = null;
        }
      }
      return new Path(scheme, authority, rest);
    }
    // Hadoop quotes every character of a path given apart from its scheme, '%' included, and
    // keeps a colon in a relative path's first part out of the scheme.
    return new Path(null, null, text);
  }

  /** The entry {@code name} of the folder {@code parent}, whatever characters the name holds. */
  public static Path child(Path parent, String name) {
    return new Path(parent, new Path(null, null, name));
  }

  /**
   * The fully qualified path {@code text} names on its file system; a usage error when the text is
   * empty or names a file system Hadoop does not know.
   */
  public static Path qualified(String text, Configuration conf) {
    Path p = path(text);
    try {
      return fileSystem(p, text, conf).makeQualified(p);
    } catch (IllegalArgumentException e) {
      throw WickException.usage("Location " + text + " is not a valid path (" + message(e) + ").");
    }
  }

  /** The file system of {@code path}; a usage error naming {@code text} when there is none. */
  public static FileSystem fileSystem(Path path, String text, Configuration conf) {
    try {
      return path.getFileSystem(conf);
    } catch (IOException | RuntimeException e) {
      String scheme = path.toUri().getScheme();
      Optional<String> connector = Optional.ofNullable(scheme).flatMap(Locations::connector);
      if (connector.isPresent()) {
        throw WickException.usage(
            "Location "
                + text
                + " is on "
                + scheme
                + ":, whose Hadoop file system is not on Wick's class path ("
                + message(e)
                + "); "
                + connector.get()
                + ".",
            e);
      }
      throw WickException.usage(
          "Location "
              + text
              + " names a file system Wick cannot open ("
              + message(e)
              + "); check its scheme: file:, hdfs:, or an object store's (s3a:, gs:, abfs:)"
              + " with its connector on WICK_CLASSPATH.",
          e);
    }
  }

  /**
   * The GCS connector release Spark 4.1 bundles in its cloud module: one shaded jar, built for
   * Hadoop 3, that needs nothing else.
   */
  static final String GCS_CONNECTOR = "com.google.cloud.bigdataoss:gcs-connector:hadoop3-2.2.28";

  /**
   * What to add for an object store's scheme whose Hadoop file system is missing, as the end of a
   * sentence: the exact Maven coordinates and jar files, for the running Hadoop's version. The wick
   * command ships S3A's; Google's and Azure's are added to WICK_CLASSPATH.
   */
  static Optional<String> connector(String scheme) {
    String hadoop = org.apache.hadoop.util.VersionInfo.getVersion();
    String azure = "org.apache.hadoop:hadoop-azure:" + hadoop;
    String azureJar = "hadoop-azure-" + hadoop + ".jar";
    String submit =
        ", or pass it to spark-submit among its jars when running wick-spark-submit.jar";
    return Optional.ofNullable(
        switch (scheme) {
          case "s3a" ->
              "add org.apache.hadoop:hadoop-aws:"
                  + hadoop
                  + " and the AWS SDK v2 it is built against (software.amazon.awssdk:bundle, or its"
                  + " s3, s3-transfer-manager, sts, apache-client and netty-nio-client modules), as"
                  + " wick.jar ships them, or pass them to spark-submit among its packages when running"
                  + " wick-spark-submit.jar";
          case "gs" ->
              "add Google's connector, the jar "
                  + GCS_CONNECTOR
                  + ":shaded (gcs-connector-hadoop3-2.2.28-shaded.jar from Maven Central), to"
                  + " WICK_CLASSPATH"
                  + submit;
          case "abfs", "abfss" ->
              "add Hadoop's Azure connector, the jar "
                  + azure
                  + " ("
                  + azureJar
                  + " from Maven Central), to WICK_CLASSPATH"
                  + submit;
          case "wasb", "wasbs" ->
              "add Hadoop's Azure connector, the jars "
                  + azure
                  + ", com.microsoft.azure:azure-storage:7.0.1 and"
                  + " org.eclipse.jetty:jetty-util-ajax:9.4.57.v20241219 with their dependencies,"
                  + " to WICK_CLASSPATH, or move to abfs:, which needs "
                  + azureJar
                  + " alone";
          default -> null;
        });
  }

  /**
   * The text Spark's data sources read back as {@code path}, whatever characters it holds: Spark
   * parses it with {@code new Path(String)}, which reads a qualified path's text as itself.
   */
  public static String forSpark(Path path) {
    return path.toString();
  }

  /** The text {@code location} for Spark, or a table reference unchanged. */
  public static String forSpark(String location, Configuration conf) {
    if (DatasetReader.isTable(location)) {
      return location;
    }
    return forSpark(qualified(location, conf));
  }

  /**
   * A path as a user reads it: a local file without its {@code file:} scheme, any other location as
   * its qualified URI with every character as is.
   */
  public static String display(Path path) {
    String scheme = path.toUri().getScheme();
    if (scheme == null || scheme.equals("file")) {
      return path.toUri().getPath();
    }
    return path.toString();
  }

  static String message(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      // S3A's exception for a bucket that is not there, and the AWS SDK's it wraps.
      String name = t.getClass().getSimpleName();
      if (name.equals("UnknownStoreException") || name.equals("NoSuchBucketException")) {
        return "its bucket does not exist; check the bucket's name and the store's endpoint";
      }
      // S3A's exception when none of its credential providers has credentials.
      if (name.equals("NoAuthWithAWSException")) {
        return "no AWS credentials were found; set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY,"
            + " or AWS_PROFILE, or the Hadoop settings fs.s3a.access.key and fs.s3a.secret.key";
      }
    }
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
    int nl = m.indexOf('\n');
    m = nl < 0 ? m : m.substring(0, nl);
    // An object store's error as S3A words it ends with the AWS SDK's exception, its message and
    // the request's details: the SDK's message alone says what went wrong.
    Matcher sdk = SDK_ERROR.matcher(m);
    return sdk.find() ? sdk.group(1) : m;
  }

  private static final Pattern SDK_ERROR =
      Pattern.compile("software\\.amazon\\.awssdk\\.[\\w.$]+Exception: (.+?)(?: \\(Service: .*)?$");
}
