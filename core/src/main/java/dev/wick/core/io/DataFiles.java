package dev.wick.core.io;

import dev.wick.core.WickException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;

/**
 * The data files of an input: a file, a folder or a Hadoop glob, listed as Spark lists them (hidden
 * and marker files skipped), refused with one sentence when nothing is there, when Hadoop cannot
 * expand the glob, or when the files belong to a Delta or Iceberg table.
 */
final class DataFiles {
  private DataFiles() {}

  /**
   * The data files below a file, folder or glob, skipping hidden and marker files ({@code _*},
   * {@code .*}) as Spark does.
   */
  static List<FileStatus> list(SparkSession spark, String location) {
    if (DatasetReader.isTable(location)) {
      throw WickException.usage(
          "Input "
              + location
              + " is a catalog table, which has no files to list here; give a path.");
    }
    Path path = Locations.qualified(location, spark.sparkContext().hadoopConfiguration());
    FileSystem fs =
        Locations.fileSystem(path, location, spark.sparkContext().hadoopConfiguration());
    try {
      FileStatus[] matched = glob(fs, path);
      if (matched == null || matched.length == 0) {
        throw WickException.usage(
            "Input " + location + " does not exist; check the path (a file, a folder or a glob).");
      }
      refuseTableFolders(fs, location, matched);
      List<FileStatus> files = new ArrayList<>();
      for (FileStatus s : matched) {
        collect(fs, s, files);
      }
      if (files.isEmpty()) {
        throw WickException.usage(
            "Input " + location + " holds no data files; point at a folder that contains some.");
      }
      return files;
    } catch (IOException e) {
      throw WickException.usage(
          "Cannot list input " + location + " (" + Locations.message(e) + ").", e);
    }
  }

  /**
   * The entries a path names: itself, or what its glob matches. A path without glob characters is
   * looked up directly, since Hadoop's globber cannot name an entry with a colon.
   */
  private static FileStatus[] glob(FileSystem fs, Path path) throws IOException {
    if (hasGlob(path)) {
      String text = path.toUri().getPath();
      try {
        return fs.globStatus(path);
      } catch (IllegalArgumentException e) {
        throw WickException.usage(
            "Cannot expand the glob "
                + text
                + ": Hadoop's globbing fails on an entry with a colon in its name ("
                + Locations.message(e).replaceFirst("^.*: ", "")
                + "); give that path without a glob, or rename the entry.",
            e);
      }
    }
    try {
      return new FileStatus[] {fs.getFileStatus(path)};
    } catch (java.io.FileNotFoundException e) {
      return null;
    }
  }

  /** Whether {@code path} holds a character of Hadoop's glob syntax. */
  static boolean hasGlob(Path path) {
    String text = path.toUri().getPath();
    for (int i = 0; i < text.length(); i++) {
      if ("*?[{\\".indexOf(text.charAt(i)) >= 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Refuses files of a Delta or Iceberg table read as plain files: a table's folder holds data
   * files its log no longer lists (removed, replaced or not yet committed), which a file read would
   * include without a word. Looks at each matched entry and the two folders above it.
   */
  private static void refuseTableFolders(FileSystem fs, String location, FileStatus[] matched)
      throws IOException {
    Set<Path> seen = new java.util.HashSet<>();
    for (int i = 0; i < Math.min(matched.length, 100); i++) {
      Path p = matched[i].isDirectory() ? matched[i].getPath() : matched[i].getPath().getParent();
      for (int up = 0; up < 3 && p != null; up++, p = p.getParent()) {
        if (!seen.add(p)) {
          break;
        }
        boolean itself = up == 0 && matched[i].isDirectory();
        if (fs.exists(Locations.child(p, "_delta_log"))) {
          throw tableFolder(location, "a Delta table", "delta:", p, itself);
        }
        Path metadata = Locations.child(p, "metadata");
        if (fs.isDirectory(metadata)
            && fs.globStatus(Locations.child(metadata, "*.metadata.json")).length > 0) {
          throw tableFolder(location, "an Iceberg table", "iceberg:", p, itself);
        }
      }
    }
  }

  private static WickException tableFolder(
      String location, String what, String prefix, Path t, boolean itself) {
    String table = Locations.display(t);
    return WickException.usage(
        "Input "
            + location
            + (itself ? " is " : " lies in " + table + ", ")
            + what
            + "; reading its files directly would include files its log no longer lists, so read"
            + " it as "
            + prefix
            + table
            + ".");
  }

  private static void collect(FileSystem fs, FileStatus s, List<FileStatus> out)
      throws IOException {
    String name = s.getPath().getName();
    if (name.startsWith("_") || name.startsWith(".")) {
      return;
    }
    if (s.isDirectory()) {
      for (FileStatus child : fs.listStatus(s.getPath())) {
        collect(fs, child, out);
      }
    } else {
      out.add(s);
    }
  }
}
