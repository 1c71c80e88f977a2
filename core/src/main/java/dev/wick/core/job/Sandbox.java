package dev.wick.core.job;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.WickException;
import dev.wick.core.io.Locations;
import dev.wick.core.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A sandbox for end-to-end test runs: every output location of a run is rewritten below {@code
 * ROOT/USER/RUN_ID/}, so engineers testing at the same time never collide and test output never
 * lands in a production location. {@link #list} and {@link #clean} manage the runs kept there.
 *
 * <p>A production location keeps its shape under the run's folder: {@code gs://bucket/counts}
 * becomes {@code ROOT/USER/RUN_ID/gs/bucket/counts}, {@code /data/out} becomes {@code
 * ROOT/USER/RUN_ID/data/out}. Catalog tables cannot be sandboxed and are refused.
 */
public final class Sandbox {
  /** The file in each run's folder that records what ran. */
  public static final String RUN_FILE = "_wick_run.json";

  private static final DateTimeFormatter RUN_TIME =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

  private final Path runDir;
  private final FileSystem fs;

  private Sandbox(Path runDir, FileSystem fs) {
    this.runDir = runDir;
    this.fs = fs;
  }

  /** One run kept in a sandbox. */
  public record Run(
      String user, String runId, String location, Instant started, long bytes, String job) {}

  /** Opens a new run for {@code user} below {@code root}, recording the job and its arguments. */
  public static Sandbox open(
      String root, String user, String job, List<String> args, Configuration conf) {
    if (user.isBlank() || user.contains("/") || user.startsWith(".")) {
      throw WickException.usage(
          "Sandbox user '" + user + "' is not a plain name; set --wick.sandbox.user.");
    }
    Instant now = Instant.now();
    String runId =
        RUN_TIME.format(now)
            + "-"
            + Long.toHexString(new SplittableRandom().nextLong() & 0xffffffL);
    try {
      Path rootPath = Locations.path(root);
      FileSystem fs = rootPath.getFileSystem(conf);
      Path runDir = fs.makeQualified(Locations.child(Locations.child(rootPath, user), runId));
      fs.mkdirs(runDir);
      ObjectNode record = Json.object();
      record.put("user", user);
      record.put("runId", runId);
      record.put("started", now.toString());
      record.put("job", job);
      args.forEach(record.putArray("args")::add);
      String json = Json.write(record);
      try (OutputStream out = fs.create(new Path(runDir, RUN_FILE), false)) {
        out.write(json.getBytes(StandardCharsets.UTF_8));
      }
      return new Sandbox(runDir, fs);
    } catch (IOException e) {
      throw WickException.usage(
          "Cannot create the sandbox run folder under " + root + " (" + e.getMessage() + ").", e);
    }
  }

  /** The run's folder. */
  public String runLocation() {
    return runDir.toString();
  }

  /**
   * The sandboxed location of an output: below the run folder, keeping the original's scheme, host
   * and path as folders. Refuses anything that would escape the run folder.
   */
  public String rewrite(String location) {
    Path given = Locations.path(location);
    try {
      String qualified = fs.makeQualified(given).toString();
      if (qualified.startsWith(runDir + "/")) {
        return location; // already in this run's folder
      }
    } catch (IllegalArgumentException e) {
      // another file system: rewritten below
    }
    URI uri = given.toUri();
    StringBuilder rel = new StringBuilder();
    if (uri.getScheme() != null && !uri.getScheme().equals("file")) {
      rel.append(uri.getScheme()).append('/');
    }
    if (uri.getAuthority() != null) {
      rel.append(uri.getAuthority()).append('/');
    }
    String path = uri.getPath() == null ? "" : uri.getPath();
    while (path.startsWith("/")) {
      path = path.substring(1);
    }
    rel.append(path);
    for (String part : rel.toString().split("/")) {
      if (part.equals("..")) {
        throw WickException.usage(
            "Output "
                + location
                + " climbs out with '..'; sandboxed runs write only below "
                + runDir
                + ".");
      }
    }
    if (rel.length() == 0) {
      throw WickException.usage(
          "Output location '" + location + "' is empty; give the job an output path.");
    }
    return new Path(runDir, new Path(null, null, rel.toString())).toString();
  }

  /** Every run below {@code root}, oldest first. */
  public static List<Run> list(String root, Configuration conf) {
    List<Run> runs = new ArrayList<>();
    try {
      Path rootPath = Locations.path(root);
      FileSystem fs = rootPath.getFileSystem(conf);
      if (!fs.exists(rootPath)) {
        return runs;
      }
      for (FileStatus user : fs.listStatus(rootPath)) {
        if (!user.isDirectory()) {
          continue;
        }
        for (FileStatus run : fs.listStatus(user.getPath())) {
          Path runFile = new Path(run.getPath(), RUN_FILE);
          if (!run.isDirectory() || !fs.exists(runFile)) {
            continue;
          }
          JsonNode json;
          try (InputStream in = fs.open(runFile)) {
            json =
                Json.read(
                    new String(in.readAllBytes(), StandardCharsets.UTF_8), runFile.toString());
          } catch (WickException e) {
            continue; // not a run this version of Wick wrote
          }
          Instant started =
              json.hasNonNull("started")
                  ? Instant.parse(json.get("started").asText())
                  : Instant.ofEpochMilli(run.getModificationTime());
          long bytes = fs.getContentSummary(run.getPath()).getLength();
          runs.add(
              new Run(
                  user.getPath().getName(),
                  run.getPath().getName(),
                  run.getPath().toString(),
                  started,
                  bytes,
                  json.path("job").asText("?")));
        }
      }
    } catch (IOException e) {
      throw WickException.usage(
          "Cannot list the sandbox " + root + " (" + e.getMessage() + ").", e);
    }
    runs.sort(Comparator.comparing(Run::started));
    return runs;
  }

  /** Deletes the runs below {@code root} started more than {@code olderThan} ago; returns them. */
  public static List<Run> clean(
      String root, Duration olderThan, Optional<String> user, Configuration conf) {
    Instant cutoff = Instant.now().minus(olderThan);
    List<Run> deleted = new ArrayList<>();
    try {
      for (Run run : list(root, conf)) {
        if (run.started().isBefore(cutoff) && user.map(u -> u.equals(run.user())).orElse(true)) {
          Path p = new Path(run.location());
          p.getFileSystem(conf).delete(p, true);
          deleted.add(run);
        }
      }
    } catch (IOException e) {
      throw WickException.usage(
          "Cannot clean the sandbox " + root + " (" + e.getMessage() + ").", e);
    }
    return deleted;
  }

  /** The longest age {@link #parseAge} takes: a hundred years. */
  public static final Duration MAX_AGE = Duration.ofDays(36_500);

  /**
   * Parses an age as {@link dev.wick.core.Durations} reads it ({@code 7d}, {@code 12h}, {@code
   * 30m}, {@code 0s}), at most {@link #MAX_AGE} and not negative.
   */
  public static Duration parseAge(String text) {
    java.util.Optional<Duration> age = dev.wick.core.Durations.parse(text);
    if (age.isEmpty() || age.get().isNegative()) {
      throw WickException.usage(
          "Age '" + text + "' is not of the form 7d, 12h, 30m or 0s; give a number and a unit.");
    }
    if (age.get().compareTo(MAX_AGE) > 0) {
      throw WickException.usage(
          "Age '"
              + text
              + "' is longer than any run can be old; give at most "
              + MAX_AGE.toDays()
              + "d.");
    }
    return age.get();
  }
}
