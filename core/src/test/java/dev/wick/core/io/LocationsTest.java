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
            "); add org.apache.hadoop:hadoop-aws and its dependencies, for Hadoop "
                + org.apache.hadoop.util.VersionInfo.getVersion()
                + ", to WICK_CLASSPATH (./wick puts it beside wick.jar), or run"
                + " wick-spark-submit.jar under spark-submit with the connector among its packages.");
    assertThatThrownBy(() -> Locations.qualified("gs://bucket/plays", CONF))
        .hasMessageContaining("add com.google.cloud.bigdataoss:gcs-connector and its");
    assertThatThrownBy(() -> Locations.qualified("abfss://c@acct.dfs.core.windows.net/p", CONF))
        .hasMessageContaining("add org.apache.hadoop:hadoop-azure and its");
  }
}
