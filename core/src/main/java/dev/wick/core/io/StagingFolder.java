package dev.wick.core.io;

import dev.wick.core.WickException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The parts of an {@link Output} in its staging folder, named by relative paths such as {@code
 * keys} or {@code fields/x} ({@code ""} is the folder itself): where each part goes, and the small
 * file operations on parts that an output offers.
 */
final class StagingFolder {
  private final FileSystem fs;
  private final Path root;
  private final Path destination;

  /** The staging folder {@code root} of the output {@code destination}. */
  StagingFolder(FileSystem fs, Path root, Path destination) {
    this.fs = fs;
    this.root = root;
    this.destination = destination;
  }

  /** The staging path of a part ({@code ""} is the output's root). */
  Path part(String relative) {
    if (relative.isEmpty()) {
      return root;
    }
    Path p = root;
    for (String name : relative.split("/")) {
      if (!name.isEmpty()) {
        p = Locations.child(p, name);
      }
    }
    return p;
  }

  /** Deletes a part; see {@link Output#delete}. */
  void delete(String relative) {
    if (relative.isEmpty()) {
      throw new IllegalArgumentException("the output's root is not a part");
    }
    Path part = part(relative);
    try {
      fs.delete(part, true);
      Output.step("write.part-deleted", destination);
    } catch (IOException e) {
      throw WickException.internal("Cannot delete " + part + ".", e);
    }
  }

  /** Whether a part exists; see {@link Output#exists}. */
  boolean exists(String relative) {
    Path part = part(relative);
    try {
      return fs.exists(part);
    } catch (IOException e) {
      throw WickException.internal(
          "Cannot look for " + part + " (" + Locations.message(e) + ").", e);
    }
  }

  /** Moves a part to a part that does not exist yet; see {@link Output#move}. */
  boolean move(String from, String to) {
    Path source = part(from);
    Path target = part(to);
    try {
      if (!fs.exists(source)) {
        return false;
      }
      if (fs.exists(target) || !fs.rename(source, target)) {
        throw new IOException("rename refused");
      }
    } catch (IOException e) {
      throw WickException.internal(
          "Cannot move " + source + " to " + target + " (" + Locations.message(e) + ").", e);
    }
    return true;
  }

  /** Writes a small text file as a part; see {@link Output#writeString}. */
  void writeString(String relative, String content) {
    try (OutputStream out = fs.create(part(relative), false)) {
      out.write(content.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw WickException.internal("Cannot write " + relative + " to " + root + ".", e);
    }
    Output.step("write.string-written", destination);
  }
}
