package dev.wick.core.io;

import dev.wick.core.WickException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The crash-safe commit of one {@link Output} run, and the recovery of what killed runs left.
 *
 * <p>A run writes into a hidden staging sibling {@code .wick-staging-NAME-ID} of its output {@code
 * NAME}. Its commit gives the staged output its {@link Output#SUCCESS} marker, then creates a
 * journal file {@code .wick-commit-NAME-ID} saying that the staged output is complete; the old
 * output is moved aside to {@code .wick-trash-NAME-ID}, which the journal then records, the new one
 * into place, the old one deleted, and the journal last. Every step after the journal can be
 * repeated, so a run killed anywhere in between is finished by the next write of the output (or
 * {@link Output#recover}); a run killed before the journal leaves the old output as it was. {@link
 * OutputLock} keeps one run at a time on an output.
 *
 * <p>On a local disk or HDFS each move is one atomic rename. On an object store (S3A) a folder's
 * rename copies and deletes object by object, so a run killed during one leaves the folder half
 * here, half there: the journal's record of which move is under way lets the next write finish that
 * move by moving what is left, so the output still ends up whole, the old one or the new one.
 * Readers that list the output while a commit moves it can see it half moved.
 */
final class CommitJournal {
  static final String STAGING = ".wick-staging-";
  static final String TRASH = ".wick-trash-";
  static final String JOURNAL = ".wick-commit-";

  /** A random run id's length: a UUID. */
  private static final int ID_LENGTH = 36;

  private final FileSystem fs;
  private final Path destination;
  private final String id;
  private final Path staging;

  /** The commit of run {@code id} to {@code destination}, staged beside it. */
  CommitJournal(FileSystem fs, Path destination, String id) {
    this.fs = fs;
    this.destination = destination;
    this.id = id;
    this.staging = sibling(destination, STAGING, id);
  }

  /** The staging folder the run writes its parts to. */
  Path staging() {
    return staging;
  }

  /**
   * The file system Wick's own files (locks, journals, markers) are written with: the local file
   * system without its checksum files, which they need none of and which Hadoop cannot name for a
   * name with a colon; any other file system as it is.
   */
  static FileSystem fileSystem(Path qualified, String text, Configuration conf) {
    FileSystem fs = Locations.fileSystem(qualified, text, conf);
    return fs instanceof LocalFileSystem local ? local.getRaw() : fs;
  }

  /** Gives the staged output its {@link Output#SUCCESS} marker (staging it empty if need be). */
  void markComplete() throws IOException {
    if (!fs.exists(staging)) {
      fs.mkdirs(staging);
    }
    Path marker = Locations.child(staging, Output.SUCCESS);
    if (!fs.exists(marker)) {
      fs.create(marker, false).close();
    }
    Output.step("commit.marker", destination);
  }

  /** Journals the complete staged output, then moves it into place. */
  void commit() throws IOException {
    fs.create(sibling(destination, JOURNAL, id), false).close();
    Output.step("commit.journal", destination);
    finish(fs, destination, id, false);
  }

  /**
   * Abandons the run: deletes its staging folder, or, when its commit failed after its journal,
   * finishes that commit.
   */
  void abandon() throws IOException {
    if (fs.exists(sibling(destination, JOURNAL, id))) {
      finish(fs, destination, id, true);
    } else {
      fs.delete(staging, true);
    }
  }

  /** {@code PREFIX + NAME + "-" + id} beside {@code destination}. */
  private static Path sibling(Path destination, String prefix, String id) {
    return Locations.child(destination.getParent(), prefix + destination.getName() + "-" + id);
  }

  /** The run id of a sibling named {@code PREFIX + NAME + "-" + id}, if the name is one. */
  private static Optional<String> idOf(String sibling, String prefix, String name) {
    String head = prefix + name + "-";
    if (sibling.startsWith(head) && sibling.length() == head.length() + ID_LENGTH) {
      String id = sibling.substring(head.length());
      try {
        return Optional.of(UUID.fromString(id).toString()).filter(id::equals);
      } catch (IllegalArgumentException e) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /**
   * Takes the lock of {@code dest}, recovers it and releases the lock; does nothing when its folder
   * does not exist or a live run holds the lock.
   */
  static void recoverUnlessHeld(FileSystem fs, Path dest) throws IOException {
    if (dest.getParent() == null || !fs.exists(dest.getParent())) {
      return;
    }
    OutputLock lock;
    try {
      lock = OutputLock.acquire(fs, dest, Locations.display(dest));
    } catch (WickException busy) {
      return;
    }
    try {
      recover(fs, dest);
    } finally {
      lock.release();
    }
  }

  /**
   * With the output's lock held: finishes every commit a killed run journaled (its staged output is
   * complete), deletes what killed runs staged or set aside for this output, and deletes other
   * outputs' leftovers in the same folder once they are a day old and no run holds their lock.
   */
  static void recover(FileSystem fs, Path dest) throws IOException {
    Path parent = dest.getParent();
    String name = dest.getName();
    FileStatus[] siblings = fs.listStatus(parent);
    for (FileStatus s : siblings) {
      Optional<String> journaled = idOf(s.getPath().getName(), JOURNAL, name);
      if (journaled.isPresent()) {
        Output.step("recover.begin", dest);
        finish(fs, dest, journaled.get(), true);
      }
    }
    for (FileStatus s : siblings) {
      String n = s.getPath().getName();
      if (idOf(n, STAGING, name).isPresent() || idOf(n, TRASH, name).isPresent()) {
        fs.delete(s.getPath(), true);
      }
    }
    Instant cutoff = Instant.now().minus(OutputLock.STALE_AFTER);
    for (FileStatus s : siblings) {
      String n = s.getPath().getName();
      Optional<String> other = leftoverOf(n);
      if (other.isEmpty()
          || other.get().equals(name)
          || Instant.ofEpochMilli(s.getModificationTime()).isAfter(cutoff)) {
        continue;
      }
      Path otherDest = Locations.child(parent, other.get());
      if (OutputLock.clearIfStale(fs, otherDest)) {
        if (n.startsWith(JOURNAL)) {
          finish(fs, otherDest, n.substring(n.length() - ID_LENGTH), true);
        } else if (fs.exists(s.getPath())) {
          fs.delete(s.getPath(), true);
        }
      }
    }
  }

  /** The output name of a staging, trash or journal entry {@code PREFIX + NAME + "-" + id}. */
  private static Optional<String> leftoverOf(String entry) {
    for (String prefix : List.of(STAGING, TRASH, JOURNAL)) {
      if (entry.startsWith(prefix) && entry.length() > prefix.length() + ID_LENGTH + 1) {
        String name = entry.substring(prefix.length(), entry.length() - ID_LENGTH - 1);
        if (idOf(entry, prefix, name).isPresent()) {
          return Optional.of(name);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The commit from its journal on: the complete staged output of run {@code id} replaces the old
   * one. Every step can be repeated after a crash, so a killed commit is finished by running this
   * again; the journal goes last.
   */
  private static void finish(FileSystem fs, Path dest, String id, boolean recovering)
      throws IOException {
    Path staging = sibling(dest, STAGING, id);
    Path trash = sibling(dest, TRASH, id);
    Path journal = sibling(dest, JOURNAL, id);
    String phase = recovering ? "recover." : "commit.";
    if (fs.exists(staging)) {
      // Until the journal records the old output as set aside, whatever is at dest is old (the
      // staged output moves only after): all of it goes aside, what a killed move left included.
      if (!setAside(fs, journal)) {
        if (fs.exists(dest)) {
          move(fs, dest, trash);
          Output.step(phase + "old-aside", dest);
        }
        try (var out = fs.create(journal, true)) {
          out.write(ASIDE);
        }
      }
      move(fs, staging, dest);
      Output.step(phase + "new-in-place", dest);
    }
    if (fs.exists(trash)) {
      fs.delete(trash, true);
      Output.step(phase + "old-deleted", dest);
    }
    fs.delete(journal, false);
    Output.step(phase + "journal-deleted", dest);
  }

  /** What the journal holds once the old output is set aside; it is empty before. */
  private static final byte[] ASIDE = "old output set aside\n".getBytes(StandardCharsets.UTF_8);

  /** Whether the journal records the old output as set aside. */
  private static boolean setAside(FileSystem fs, Path journal) throws IOException {
    return fs.getFileStatus(journal).getLen() > 0;
  }

  /**
   * Moves the folder {@code from} to {@code to}. When {@code to} exists, a move that a killed run
   * began and whose every entry at {@code to} came from {@code from}, it moves what is left, entry
   * by entry, and deletes {@code from}.
   */
  private static void move(FileSystem fs, Path from, Path to) throws IOException {
    if (!fs.exists(to)) {
      rename(fs, from, to);
      return;
    }
    for (FileStatus entry : fs.listStatus(from)) {
      Path target = Locations.child(to, entry.getPath().getName());
      if (entry.isDirectory()) {
        move(fs, entry.getPath(), target);
      } else if (fs.exists(target)) {
        // Copied before the kill, not yet deleted here: the copy is the same object.
        fs.delete(entry.getPath(), false);
      } else {
        rename(fs, entry.getPath(), target);
      }
    }
    fs.delete(from, true);
  }

  /**
   * Renames {@code from} to {@code to}, which must not exist: a rename onto an existing folder
   * would move {@code from} inside it.
   */
  private static void rename(FileSystem fs, Path from, Path to) throws IOException {
    if (fs.exists(to)) {
      throw new IOException("cannot move " + from + " to " + to + ": something is there");
    }
    if (!fs.rename(from, to)) {
      throw new IOException("cannot move " + from + " to " + to);
    }
    Path nested = Locations.child(to, from.getName());
    if (fs.exists(nested) && !fs.exists(from)) {
      // Something appeared at the target meanwhile and the rename moved into it: undo.
      fs.rename(nested, from);
      throw new IOException("cannot move " + from + " to " + to + ": something appeared there");
    }
  }
}
