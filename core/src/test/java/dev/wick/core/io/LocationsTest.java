package dev.wick.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** Location text becomes the path it names, whatever characters it holds. */
class LocationsTest {
  private static final Configuration CONF = new Configuration();
  private static final String CWD = Path.of("").toAbsolutePath().toString();

  @Test
  void everyCharacterNamesItself() {
    for (String name : new String[] {"diff-12:00", "a%20b", "100%", "with space", "ünï", "x#y"}) {
      org.apache.hadoop.fs.Path p = Locations.qualified(name, CONF);
      assertThat(p.toUri().getPath()).as(name).isEqualTo(CWD + "/" + name);
      assertThat(Locations.display(p)).as(name).isEqualTo(CWD + "/" + name);
      // What Spark's new Path(String) reads back is the same path.
      assertThat(new org.apache.hadoop.fs.Path(Locations.forSpark(p))).as(name).isEqualTo(p);
      assertThat(Locations.child(p, "part:1").toUri().getPath())
          .isEqualTo(CWD + "/" + name + "/part:1");
    }
    assertThat(Locations.qualified("reports/diff-12:00", CONF).toUri().getPath())
        .isEqualTo(CWD + "/reports/diff-12:00");
  }

  @Test
  void aSchemeNamesItsFileSystem() {
    assertThat(Locations.path("file:/data/plays").toString()).isEqualTo("file:/data/plays");
    assertThat(Locations.path("file:///data/a b").toUri().getPath()).isEqualTo("/data/a b");
    org.apache.hadoop.fs.Path hdfs = Locations.path("hdfs://nn:8020/x/diff-12:00 %");
    assertThat(hdfs.toUri().getScheme()).isEqualTo("hdfs");
    assertThat(hdfs.toUri().getAuthority()).isEqualTo("nn:8020");
    assertThat(hdfs.toUri().getPath()).isEqualTo("/x/diff-12:00 %");
  }

  @Test
  void emptyTextAndUnknownFileSystemsAreUsageErrors() {
    assertThatThrownBy(() -> Locations.path(" "))
        .isInstanceOf(WickException.class)
        .hasMessage("A location is empty; give the path of a file or folder.");
    assertThatThrownBy(() -> Locations.qualified("nosuchfs://host/x", CONF))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("Location nosuchfs://host/x names a file system Wick cannot open (")
        .hasMessageEndingWith(
            "); check its scheme: file:, hdfs:, or an object store's (s3a:, gs:, abfs:) with its"
                + " connector on WICK_CLASSPATH.");
  }

  @Test
  void anObjectStoreWithoutItsConnectorNamesTheConnectorAndWhereItGoes() {
    assertThatThrownBy(() -> Locations.qualified("s3a://bucket/plays", CONF))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith(
            "Location s3a://bucket/plays is on s3a:, whose Hadoop file system is not on Wick's"
                + " class path (")
        .hasMessageContaining("S3AFileSystem not found")
        .hasMessageEndingWith(
            "); add org.apache.hadoop:hadoop-aws:"
                + HADOOP
                + " and the AWS SDK v2 it is built against (software.amazon.awssdk:bundle, or its"
                + " s3, s3-transfer-manager, sts, apache-client and netty-nio-client modules), as"
                + " wick.jar ships them, or pass them to spark-submit among its packages when"
                + " running wick-spark-submit.jar.");
    assertThatThrownBy(() -> Locations.qualified("gs://bucket/plays", CONF))
        .hasMessageStartingWith(
            "Location gs://bucket/plays is on gs:, whose Hadoop file system is not on Wick's"
                + " class path (")
        .hasMessageEndingWith(
            "); add Google's connector, the jar"
                + " com.google.cloud.bigdataoss:gcs-connector:hadoop3-2.2.28:shaded"
                + " (gcs-connector-hadoop3-2.2.28-shaded.jar from Maven Central), to WICK_CLASSPATH,"
                + " or pass it to spark-submit among its jars when running wick-spark-submit.jar.");
    assertThatThrownBy(() -> Locations.qualified("abfss://c@acct.dfs.core.windows.net/p", CONF))
        .hasMessageEndingWith(
            "); add Hadoop's Azure connector, the jar org.apache.hadoop:hadoop-azure:"
                + HADOOP
                + " (hadoop-azure-"
                + HADOOP
                + ".jar from Maven Central), to WICK_CLASSPATH, or pass it to spark-submit among"
                + " its jars when running wick-spark-submit.jar.");
    assertThatThrownBy(() -> Locations.qualified("wasbs://c@acct.blob.core.windows.net/p", CONF))
        .hasMessageContaining(
            "the jars org.apache.hadoop:hadoop-azure:"
                + HADOOP
                + ", com.microsoft.azure:azure-storage:7.0.1 and");
  }

  private static final String HADOOP = org.apache.hadoop.util.VersionInfo.getVersion();

  @Test
  void anObjectStoreErrorIsTheStoresOwnSentence() {
    java.io.IOException sdk =
        new java.io.IOException(
            "`s3a://b/x': getFileStatus on s3a://b/x:"
                + " software.amazon.awssdk.services.s3.model.S3Exception: Access Denied"
                + " (Service: S3, Status Code: 403, Request ID: 1):AccessDenied");
    assertThat(Locations.message(sdk)).isEqualTo("Access Denied");
    assertThat(Locations.message(new java.io.IOException("plain\nmore"))).isEqualTo("plain");
    class UnknownStoreException extends java.io.IOException {}
    assertThat(Locations.message(new java.io.IOException("x", new UnknownStoreException())))
        .isEqualTo("its bucket does not exist; check the bucket's name and the store's endpoint");
    class NoAuthWithAWSException extends java.io.IOException {}
    assertThat(Locations.message(new NoAuthWithAWSException()))
        .startsWith("no AWS credentials were found; set AWS_ACCESS_KEY_ID");
  }
}
