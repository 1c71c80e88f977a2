package dev.wick.core.spark.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Wick's local sessions write local files through {@link LocalFileSystem}, as Hadoop's would. */
class LocalFileSystemTest {
  @TempDir java.nio.file.Path dir;

  @Test
  void localSessionsUseItAndPermissionsAreSetAsAsked() throws Exception {
    org.apache.hadoop.conf.Configuration conf =
        WickSpark.local(2).sparkContext().hadoopConfiguration();
    assertThat(conf.get("fs.file.impl")).isEqualTo(LocalFileSystem.class.getName());
    // A new instance: the JVM's cached one may predate the session (a plain Configuration's).
    FileSystem fs = FileSystem.newInstance(new URI("file:///"), conf);
    assertThat(fs).isInstanceOf(LocalFileSystem.class);

    Path file = new Path(dir.resolve("a/b/data.txt").toUri());
    try (FSDataOutputStream out = fs.create(file)) {
      out.writeBytes("hello");
    }
    // Still Hadoop's checksummed local file system: the checksum file sits beside the data.
    assertThat(dir.resolve("a/b/.data.txt.crc")).exists();
    assertThat(Files.readString(dir.resolve("a/b/data.txt"))).isEqualTo("hello");

    fs.setPermission(file, new FsPermission((short) 0640));
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dir.resolve("a/b/data.txt"))))
        .isEqualTo("rw-r-----");
    fs.setPermission(new Path(dir.resolve("a").toUri()), new FsPermission((short) 0705));
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("a"))))
        .isEqualTo("rwx---r-x");
    // A sticky bit, which Java cannot set, goes to Hadoop's own way and still sets the rest.
    fs.setPermission(new Path(dir.resolve("a/b").toUri()), new FsPermission((short) 01770));
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("a/b"))))
        .isEqualTo("rwxrwx---");
    assertThat(
            fs.getFileStatus(new Path(dir.resolve("a/b").toUri())).getPermission().getStickyBit())
        .isTrue();
    fs.close();
  }
}
