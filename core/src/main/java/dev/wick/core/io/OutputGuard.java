package dev.wick.core.io;

import dev.wick.core.WickException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The refusals of an {@link Output}'s location: an empty location, a table, the root of a file
 * system, a location below a file, an existing output without overwriting, and, with overwriting,
 * anything but a dataset folder (one holding {@link Output#SUCCESS}). {@link Overlap} refuses an
 * output that touches an input.
 */
final class OutputGuard {
  private OutputGuard() {}

  /** Refuses a location that is empty or names a table, before it is redirected or qualified. */
  static void refuseLocation(String destination) {
    if (destination == null || destination.isBlank()) {
      throw WickException.usage("The output location is empty; give the path of a folder.");
    }
    if (DatasetReader.isTable(destination)) {
      throw WickException.usage(
          "Output "
              + destination
              + " is a table, but Wick writes its outputs as a folder of files; give a folder"
              + " path.");
    }
  }

  /** Refuses the root of a file system. */
  static void refuseRoot(Path qualified, String display) {
    if (qualified.getParent() == null) {
      throw WickException.usage(
          "Output " + display + " is the root of its file system; give a folder below it.");
    }
  }

  /**
   * Refuses an output that exists, unless {@code overwrite} is set and it is a dataset folder; as
   * {@link Output#create} opens it.
   */
  static void refuseExisting(FileSystem fs, Path dest, String display, boolean overwrite)
      throws IOException {
    if (!fs.exists(dest)) {
      return;
    }
    if (!overwrite) {
      throw existing(display, " already exists");
    }
    refuseNonDataset(fs, dest, display, "");
  }

  /**
   * Refuses an output that appeared while it was written, unless {@code overwrite} is set and it is
   * a dataset folder; as {@link Output#commit} moves it into place.
   */
  static void refuseAppeared(FileSystem fs, Path dest, String display, boolean overwrite)
      throws IOException {
    if (fs.exists(dest)) {
      if (!overwrite) {
        throw existing(display, " appeared while Wick was writing it");
      }
      refuseNonDataset(fs, dest, display, " appeared while Wick was writing it and");
    }
  }

  /** The refusal of an output that exists, which overwriting would replace. */
  private static WickException existing(String display, String how) {
    return WickException.usage(
            "Output "
                + display
                + how
                + "; "
                + Output.ALLOW_OVERWRITE
                + " to replace it, or choose another path.")
        .about(Output.OVERWRITE, Output.ALLOW_OVERWRITE);
  }

  /** Refuses to replace anything but a dataset folder: a folder holding {@link Output#SUCCESS}. */
  private static void refuseNonDataset(FileSystem fs, Path dest, String display, String when)
      throws IOException {
    FileStatus status = fs.getFileStatus(dest);
    if (!status.isDirectory()) {
      throw WickException.usage(
          "Output "
              + display
              + when
              + " is a file, not a dataset folder; Wick replaces only folders that Wick or Spark"
              + " wrote, so delete it yourself or choose another path.");
    }
    if (!fs.exists(Locations.child(dest, Output.SUCCESS))) {
      List<String> names = new ArrayList<>();
      for (FileStatus child : fs.listStatus(dest)) {
        if (!child.getPath().getName().endsWith(".crc")) {
          names.add(child.getPath().getName());
        }
      }
      Collections.sort(names);
      String held =
          names.isEmpty()
              ? "it is empty"
              : "it holds "
                  + String.join(", ", names.subList(0, Math.min(3, names.size())))
                  + (names.size() > 3 ? " and " + (names.size() - 3) + " more" : "");
      throw WickException.usage(
          "Output "
              + display
              + when
              + " is not a dataset folder ("
              + held
              + ", and no "
              + Output.SUCCESS
              + " marker); Wick replaces only folders that Wick or Spark wrote, so delete it"
              + " yourself or choose another path.");
    }
  }

  /** Creates the output's parent folder, refusing when a file stands in the way. */
  static void makeParent(FileSystem fs, Path dest, String display) throws IOException {
    Path parent = dest.getParent();
    for (Path p = parent; p != null; p = p.getParent()) {
      FileStatus s;
      try {
        s = fs.getFileStatus(p);
      } catch (java.io.FileNotFoundException e) {
        continue;
      }
      if (!s.isDirectory()) {
        throw WickException.usage(
            "Output "
                + display
                + " cannot be created: "
                + Locations.display(p)
                + " is a file, not a folder.");
      }
      break;
    }
    IOException failure = null;
    try {
      if (fs.mkdirs(parent) && fs.getFileStatus(parent).isDirectory()) {
        return;
      }
    } catch (IOException e) {
      failure = e;
    }
    throw WickException.usage(
        "Output "
            + display
            + " cannot be created: its folder "
            + Locations.display(parent)
            + " cannot be made"
            + (failure == null ? "" : " (" + Locations.message(failure) + ")")
            + "; check the path and its permissions.",
        failure);
  }
}
