package dev.wick.core.io;

import dev.wick.core.WickException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * An output location written safely: the one way Wick writes anything.
 *
 * <ul>
 *   <li>an existing output is refused unless {@code overwrite} is set;
 *   <li>an output equal to, inside, or containing an input is always refused;
 *   <li>everything is written to a hidden temporary sibling ({@code .wick-staging-NAME-UUID}) and
 *       moved into place by {@link #commit()}, so a failed or killed run leaves the old output or
 *       nothing, never a half-written one;
 *   <li>the committed output holds a {@code _SUCCESS} marker.
 * </ul>
 *
 * <p>Parts may be written from several threads at once (a diff writes {@code keys/} and {@code
 * fields/} side by side); {@link #commit()} and {@link #close()} come after all of them.
 *
 * <pre>{@code
 * try (Output out = Output.create(spark, "reports/diff", overwrite, List.of(lhs, rhs))) {
 *   out.writeDataset("keys", keys, Format.PARQUET);
 *   out.writeString("summary.json", json);
 *   out.commit();
 * } // closed without commit: the staging folder is deleted
 * }</pre>
 */
public final class Output implements AutoCloseable {
  private final SparkSession spark;
  private final FileSystem fs;
  private final Path destination;
  private final Path staging;
  private final boolean overwrite;
  private boolean committed;
  private boolean closed;

  private Output(
      SparkSession spark, FileSystem fs, Path destination, Path staging, boolean overwrite) {
    this.spark = spark;
    this.fs = fs;
    this.destination = destination;
    this.staging = staging;
    this.overwrite = overwrite;
  }

  /**
   * Checks the safety rules for {@code destination} against {@code inputs} and opens a staging
   * folder for it.
   */
  public static Output create(
      SparkSession spark, String destination, boolean overwrite, Collection<String> inputs) {
    Objects.requireNonNull(destination, "destination");
    Configuration conf = spark.sparkContext().hadoopConfiguration();
    Path dest = new Path(destination);
    try {
      FileSystem fs = dest.getFileSystem(conf);
      Path qualified = fs.makeQualified(dest);
      checkNotOverlapping(qualified, inputs, conf);
      if (fs.exists(qualified) && !overwrite) {
        throw WickException.usage(
            "Output "
                + destination
                + " already exists; pass --overwrite to replace it, or choose another path.");
      }
      Path parent = qualified.getParent();
      if (parent != null && fs.exists(parent) && !fs.getFileStatus(parent).isDirectory()) {
        throw WickException.usage(
            "Output "
                + destination
                + " cannot be created: "
                + parent
                + " is a file, not a folder.");
      }
      Path staging =
          new Path(parent, ".wick-staging-" + qualified.getName() + "-" + UUID.randomUUID());
      return new Output(spark, fs, qualified, staging, overwrite);
    } catch (IOException e) {
      throw WickException.usage(
          "Cannot prepare output " + destination + " (" + e.getMessage() + ").", e);
    }
  }

  /** Fails when {@code output} equals, lies inside, or contains one of {@code inputs}. */
  public static void checkNotOverlapping(Path output, Collection<String> inputs, Configuration conf)
      throws IOException {
    String out = normalized(output);
    for (String input : inputs) {
      if (input == null || input.startsWith(DatasetReader.TABLE_PREFIX)) {
        continue;
      }
      Path in = new Path(stripGlob(input));
      String inText = normalized(in.getFileSystem(conf).makeQualified(in));
      if (out.equals(inText)) {
        throw WickException.usage(
            "Output "
                + output
                + " is the input "
                + input
                + "; Wick never writes over its inputs, choose another output path.");
      }
      if (out.startsWith(inText + "/")) {
        throw WickException.usage(
            "Output "
                + output
                + " lies inside the input "
                + input
                + "; Wick never writes into its inputs, choose a path outside it.");
      }
      if (inText.startsWith(out + "/")) {
        throw WickException.usage(
            "Output "
                + output
                + " contains the input "
                + input
                + "; writing it would destroy the input, choose another output path.");
      }
    }
  }

  private static String stripGlob(String path) {
    int glob = indexOfAny(path, "*?[{");
    if (glob < 0) {
      return path;
    }
    int slash = path.lastIndexOf('/', glob);
    return slash <= 0 ? "." : path.substring(0, slash);
  }

  private static int indexOfAny(String s, String chars) {
    for (int i = 0; i < s.length(); i++) {
      if (chars.indexOf(s.charAt(i)) >= 0) {
        return i;
      }
    }
    return -1;
  }

  private static String normalized(Path p) {
    String s = p.toUri().normalize().toString();
    if (s.startsWith("file:/") && !s.startsWith("file:///")) {
      s = "file:///" + s.substring("file:/".length());
    }
    while (s.endsWith("/") && s.length() > "file:///".length()) {
      s = s.substring(0, s.length() - 1);
    }
    if (s.startsWith("file:")) {
      try {
        java.nio.file.Path local = java.nio.file.Path.of(java.net.URI.create(s));
        java.nio.file.Path real = realPrefix(local);
        s = real.toUri().toString();
        while (s.endsWith("/")) {
          s = s.substring(0, s.length() - 1);
        }
      } catch (RuntimeException ignored) {
        // keep the textual form
      }
    }
    return s;
  }

  /** Resolves symbolic links on the existing prefix of a local path, keeping the rest. */
  private static java.nio.file.Path realPrefix(java.nio.file.Path p) {
    java.nio.file.Path abs = p.toAbsolutePath().normalize();
    java.nio.file.Path existing = abs;
    List<String> rest = new ArrayList<>();
    while (existing != null && !java.nio.file.Files.exists(existing)) {
      rest.add(0, existing.getFileName().toString());
      existing = existing.getParent();
    }
    if (existing == null) {
      return abs;
    }
    try {
      java.nio.file.Path real = existing.toRealPath();
      for (String r : rest) {
        real = real.resolve(r);
      }
      return real;
    } catch (IOException e) {
      return abs;
    }
  }

  /** The final location, fully qualified. */
  public String destination() {
    return destination.toString();
  }

  /** The staging location the parts are written to before {@link #commit()}. */
  public String stagingLocation() {
    return staging.toString();
  }

  /** The staging location of a part ({@code ""} is the output's root). */
  public String stagingLocation(String relative) {
    return relative.isEmpty() ? staging.toString() : new Path(staging, relative).toString();
  }

  /**
   * Writes a dataset as the part {@code relative} ({@code ""}: the whole output) in {@code format}.
   */
  public void writeDataset(String relative, Dataset<?> data, Format format) {
    writeDataset(relative, data, format, Map.of());
  }

  /**
   * Writes a dataset as the part {@code relative} in {@code format} with writer options, such as
   * {@code avroSchema} to keep an Avro input's exact schema.
   */
  public void writeDataset(
      String relative, Dataset<?> data, Format format, Map<String, String> options) {
    ensureOpen();
    String where = stagingLocation(relative);
    var writer = data.write().mode(SaveMode.ErrorIfExists).options(options);
    switch (format) {
      case CSV -> writer.option("header", "true").csv(where);
      case TEXT -> writer.text(where);
      default -> writer.format(format.sparkName()).save(where);
    }
  }

  /**
   * Deletes the part {@code relative} written earlier, so that it can be written again (a part
   * never written is ignored).
   */
  public void delete(String relative) {
    ensureOpen();
    if (relative.isEmpty()) {
      throw new IllegalArgumentException("the output's root is not a part");
    }
    Path part = new Path(staging, relative);
    try {
      fs.delete(part, true);
    } catch (IOException e) {
      throw WickException.internal("Cannot delete " + part + ".", e);
    }
  }

  /** Writes a small text file (a JSON summary, an HTML report) as the part {@code relative}. */
  public void writeString(String relative, String content) {
    ensureOpen();
    try (OutputStream out = fs.create(new Path(staging, relative), false)) {
      out.write(content.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw WickException.internal("Cannot write " + relative + " to " + staging + ".", e);
    }
  }

  /** Moves the staged output into place, replacing an old one only when overwriting was asked. */
  public String commit() {
    ensureOpen();
    try {
      if (!fs.exists(staging)) {
        fs.mkdirs(staging);
      }
      Path marker = new Path(staging, "_SUCCESS");
      if (!fs.exists(marker)) {
        fs.create(marker, false).close();
      }
      Path trash = null;
      if (fs.exists(destination)) {
        if (!overwrite) {
          throw WickException.usage(
              "Output "
                  + destination
                  + " appeared while Wick was writing it; pass --overwrite to replace it.");
        }
        trash =
            new Path(
                destination.getParent(),
                ".wick-trash-" + destination.getName() + "-" + UUID.randomUUID());
        if (!fs.rename(destination, trash)) {
          throw WickException.internal(
              "Cannot move the old output " + destination + " aside.", null);
        }
      } else if (destination.getParent() != null) {
        fs.mkdirs(destination.getParent());
      }
      if (!fs.rename(staging, destination)) {
        if (trash != null) {
          fs.rename(trash, destination);
        }
        throw WickException.internal(
            "Cannot move " + staging + " into place at " + destination + ".", null);
      }
      if (trash != null) {
        fs.delete(trash, true);
      }
      committed = true;
      return destination.toString();
    } catch (IOException e) {
      throw WickException.internal("Cannot commit output " + destination + ".", e);
    }
  }

  private void ensureOpen() {
    if (closed || committed) {
      throw new IllegalStateException(
          "output " + destination + " is already " + (committed ? "committed" : "closed"));
    }
  }

  /** Deletes the staging folder unless the output was committed. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (!committed) {
      try {
        fs.delete(staging, true);
      } catch (IOException e) {
        // best effort: a leftover hidden staging folder is harmless to readers
      }
    }
  }
}
