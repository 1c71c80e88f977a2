package dev.wick.core.io;

import dev.wick.core.WickException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The lock file {@code .wick-lock-NAME} beside an output, held by the one run writing it. It is
 * created atomically (exclusive creation on local disks, {@code create(path, false)} elsewhere, a
 * conditional write on S3 through S3A, which object stores without conditional writes make a check
 * and then a write), names its owner (host, process and the process's start), and is taken over
 * only when that owner is gone: a process of this host that no longer runs, or a lock older than
 * {@link #STALE_AFTER}.
 */
final class OutputLock {
  /** How old leftovers (a lock of another host, staging and trash folders) must be to be stale. */
  static final Duration STALE_AFTER = Duration.ofDays(1);

  static final String PREFIX = ".wick-lock-";

  /** Hadoop's option of a create that fails at once when the file exists, as one operation. */
  private static final String CONDITIONAL_CREATE = "fs.option.create.conditional.overwrite";

  /** S3A's setting that turns its conditional writes off (for stores without them). */
  private static final String S3A_CONDITIONAL = "fs.s3a.create.conditional.enabled";

  private final FileSystem fs;
  private final Path path;
  private final String content;

  private OutputLock(FileSystem fs, Path path, String content) {
    this.fs = fs;
    this.path = path;
    this.content = content;
  }

  /** The lock of the output {@code destination}. */
  static Path lockPath(Path destination) {
    return Locations.child(destination.getParent(), PREFIX + destination.getName());
  }

  /**
   * Takes the lock of {@code destination}, taking over a stale one; a usage error when a live run
   * holds it.
   */
  static OutputLock acquire(FileSystem fs, Path destination, String display) throws IOException {
    Path lock = lockPath(destination);
    String mine = owner();
    for (int attempt = 0; attempt < 3; attempt++) {
      if (create(fs, lock, mine)) {
        return new OutputLock(fs, lock, mine);
      }
      Optional<String> held = read(fs, lock);
      if (held.isEmpty()) {
        continue; // released meanwhile: try again
      }
      if (!stale(fs, lock, held.get())) {
        Map<String, String> o = parse(held.get());
        throw WickException.usage(
            "Output "
                + display
                + " is being written by another Wick run (process "
                + o.getOrDefault("pid", "?")
                + " on "
                + o.getOrDefault("host", "?")
                + " since "
                + o.getOrDefault("created", "?")
                + "); wait for it to finish, or delete "
                + Locations.display(lock)
                + " if no run is writing it.");
      }
      takeOver(fs, lock, held.get());
    }
    throw WickException.usage(
        "Output "
            + display
            + " is being written by other Wick runs at the same time; run one at a time.");
  }

  /** Removes a stale lock of {@code destination}, if there is one; true when none is left. */
  static boolean clearIfStale(FileSystem fs, Path destination) throws IOException {
    Path lock = lockPath(destination);
    Optional<String> held = read(fs, lock);
    if (held.isEmpty()) {
      return true;
    }
    if (!stale(fs, lock, held.get())) {
      return false;
    }
    takeOver(fs, lock, held.get());
    return !fs.exists(lock);
  }

  /** Releases the lock, unless another run took it over meanwhile. */
  void release() {
    try {
      Optional<String> now = read(fs, path);
      if (now.isPresent() && now.get().equals(content)) {
        fs.delete(path, false);
      }
    } catch (IOException e) {
      // a lock left behind is taken over by the next run once its owner is gone
    }
  }

  /**
   * Moves a stale lock aside and deletes it; when the lock moved aside is not the stale one read
   * before (another run took it over in between), it is put back.
   */
  private static void takeOver(FileSystem fs, Path lock, String stale) throws IOException {
    Path aside = Locations.child(lock.getParent(), lock.getName() + ".stale-" + UUID.randomUUID());
    if (!fs.rename(lock, aside)) {
      return;
    }
    Optional<String> moved = read(fs, aside);
    if (moved.isPresent() && !moved.get().equals(stale) && !fs.exists(lock)) {
      fs.rename(aside, lock);
      return;
    }
    fs.delete(aside, false);
  }

  private static String owner() {
    ProcessHandle self = ProcessHandle.current();
    Map<String, String> o = new LinkedHashMap<>();
    o.put("id", UUID.randomUUID().toString());
    o.put("host", host());
    o.put("pid", Long.toString(self.pid()));
    o.put("start", self.info().startInstant().map(Instant::toString).orElse("?"));
    o.put("created", Instant.now().toString());
    StringBuilder s = new StringBuilder();
    o.forEach((k, v) -> s.append(k).append('=').append(v).append('\n'));
    return s.toString();
  }

  private static String host() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "localhost";
    }
  }

  private static Map<String, String> parse(String content) {
    Map<String, String> o = new LinkedHashMap<>();
    for (String line : content.split("\n")) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        o.put(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    return o;
  }

  /** Whether the run that holds a lock is gone. */
  private static boolean stale(FileSystem fs, Path lock, String content) throws IOException {
    Map<String, String> o = parse(content);
    if (o.containsKey("host") && o.get("host").equals(host()) && o.containsKey("pid")) {
      try {
        Optional<ProcessHandle> p = ProcessHandle.of(Long.parseLong(o.get("pid")));
        if (p.isEmpty() || !p.get().isAlive()) {
          return true;
        }
        String start = p.get().info().startInstant().map(Instant::toString).orElse("?");
        return !start.equals(o.getOrDefault("start", "?")); // the pid now names another process
      } catch (NumberFormatException e) {
        // fall through to the lock's age
      }
    }
    FileStatus s;
    try {
      s = fs.getFileStatus(lock);
    } catch (java.io.FileNotFoundException e) {
      return false;
    }
    return Instant.ofEpochMilli(s.getModificationTime()).isBefore(Instant.now().minus(STALE_AFTER));
  }

  /** Creates {@code lock} holding {@code content}, atomically; false when it exists. */
  private static boolean create(FileSystem fs, Path lock, String content) throws IOException {
    byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
    if (fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem) {
      // Hadoop's local create(path, false) checks and then opens: two runs can both pass.
      java.nio.file.Path local = java.nio.file.Path.of(fs.makeQualified(lock).toUri());
      try {
        Files.write(local, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return true;
      } catch (FileAlreadyExistsException e) {
        return false;
      }
    }
    var create = fs.createFile(lock).overwrite(false).recursive();
    // S3A (from Hadoop 3.4.2) makes this option an atomic conditional write (If-None-Match), where
    // a plain create(path, false) checks before it writes, unless its settings turn conditional
    // writes off for a store without them; other file systems ignore the option.
    if (fs.getConf().getBoolean(S3A_CONDITIONAL, true)) {
      create.opt(CONDITIONAL_CREATE, "true");
    }
    try (OutputStream out = (OutputStream) create.build()) {
      out.write(bytes);
      return true;
    } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
      return false;
    } catch (IOException e) {
      if (fs.exists(lock)) {
        return false;
      }
      throw e;
    }
  }

  private static Optional<String> read(FileSystem fs, Path lock) throws IOException {
    try (InputStream in = fs.open(lock)) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      in.transferTo(b);
      return Optional.of(b.toString(StandardCharsets.UTF_8));
    } catch (java.io.FileNotFoundException e) {
      return Optional.empty();
    }
  }
}
