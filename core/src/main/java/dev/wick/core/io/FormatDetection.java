package dev.wick.core.io;

import dev.wick.core.WickException;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;

/**
 * An input's format from its files: the one format their extensions name ({@link #detect}), and the
 * refusal of files that cannot hold rows of the format read ({@link #refuseUnreadableFiles}): empty
 * files of a binary format, and files of a binary format, told by their magic bytes, read as text.
 */
final class FormatDetection {
  private FormatDetection() {}

  /** The format {@code files}' extensions name; an error when none or several do. */
  static Format detect(List<FileStatus> files, String location) {
    Set<String> unknown = new TreeSet<>();
    Set<Format> formats = new TreeSet<>();
    for (FileStatus s : files) {
      Optional<Format> f = Format.ofFileName(s.getPath().getName());
      if (f.isPresent()) {
        formats.add(f.get());
      } else {
        unknown.add(s.getPath().getName());
      }
    }
    if (formats.size() > 1) {
      throw WickException.usage(
              "Input "
                  + location
                  + " mixes formats ("
                  + formats.stream().map(Format::sparkName).collect(Collectors.joining(", "))
                  + "); point at a folder of one format, or "
                  + DatasetReader.NAME_FORMAT
                  + ".")
          .about(DatasetReader.FORMAT, DatasetReader.NAME_FORMAT);
    }
    if (formats.isEmpty()) {
      throw WickException.usage(
              "Cannot tell the format of "
                  + location
                  + " from its file names ("
                  + unknown.stream().limit(3).collect(Collectors.joining(", "))
                  + "); "
                  + DatasetReader.NAME_FORMAT
                  + " (avro, parquet, orc, json, csv, text).")
          .about(DatasetReader.FORMAT, DatasetReader.NAME_FORMAT);
    }
    if (!unknown.isEmpty()) {
      throw WickException.usage(
              "Input "
                  + location
                  + " holds files of no known format ("
                  + unknown.stream().limit(3).collect(Collectors.joining(", "))
                  + ") beside "
                  + formats.iterator().next().sparkName()
                  + " files; remove them or "
                  + DatasetReader.NAME_FORMAT
                  + ".")
          .about(DatasetReader.FORMAT, DatasetReader.NAME_FORMAT);
    }
    return formats.iterator().next();
  }

  /**
   * Refuses data files that cannot hold rows of {@code f}: an empty file of a binary format (which
   * Spark would skip without a word: a write that stopped before its first byte leaves one), and,
   * for a text format, a file that starts with a binary format's magic bytes (Spark would read its
   * bytes as corrupt lines). Only the first file is opened, so that a folder of many files costs
   * one read.
   */
  static void refuseUnreadableFiles(
      SparkSession spark, String location, Format f, List<FileStatus> files) {
    if (f.isBinary()) {
      List<String> empty =
          files.stream().filter(s -> s.getLen() == 0).map(s -> s.getPath().getName()).toList();
      if (!empty.isEmpty()) {
        throw WickException.usage(
            "Input "
                + location
                + " holds "
                + (empty.size() == 1 ? "an empty file" : empty.size() + " empty files")
                + " ("
                + String.join(", ", empty.subList(0, Math.min(3, empty.size())))
                + (empty.size() > 3 ? ", ..." : "")
                + ": 0 bytes), which cannot be "
                + f.sparkName()
                + "; remove "
                + (empty.size() == 1 ? "it" : "them")
                + " (a write that stopped early leaves such files).");
      }
      return;
    }
    Optional<FileStatus> first =
        files.stream()
            .filter(s -> s.getLen() > 0)
            .min(java.util.Comparator.comparing(s -> s.getPath().toString()));
    if (first.isEmpty()) {
      return;
    }
    Path path = first.get().getPath();
    byte[] head = new byte[4];
    int read = 0;
    try (java.io.InputStream in =
        path.getFileSystem(spark.sparkContext().hadoopConfiguration()).open(path)) {
      while (read < head.length) {
        int n = in.read(head, read, head.length - read);
        if (n < 0) {
          break;
        }
        read += n;
      }
    } catch (IOException e) {
      return; // Spark's read reports a file it cannot open
    }
    Optional<Format> binary = Format.ofMagic(java.util.Arrays.copyOf(head, read));
    if (binary.isPresent()) {
      throw WickException.usage(
              "Cannot read "
                  + location
                  + " as "
                  + f.sparkName()
                  + ": its file "
                  + path.getName()
                  + " is "
                  + binary.get().sparkName()
                  + " (it starts with that format's magic bytes); "
                  + DatasetReader.NAME_FORMAT
                  + " "
                  + binary.get().sparkName()
                  + ".")
          .about(DatasetReader.FORMAT, DatasetReader.NAME_FORMAT);
    }
  }
}
