package dev.wick.profiler;

import dev.wick.core.WickException;
import dev.wick.core.io.Locations;
import dev.wick.core.io.Output;
import dev.wick.core.job.Sandbox;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A folder of profiles, one per run, each with the time it stands for and an optional partition
 * label: the memory that {@link Anomalies} judges today against. The folder may be on any Hadoop
 * file system ({@code hdfs:}, {@code s3a:}, local).
 *
 * <pre>{@code
 * ProfileHistory history = ProfileHistory.at("hdfs:///profiles/plays");
 * HistoryEntry entry = history.entry(Instant.parse("2026-12-01T00:00:00Z"));
 * try (Output out = Output.create(spark, entry.location(), false, List.of("plays/"))) {
 *   entry.write(out, profile);  // the caller owns the output: an existing entry is refused
 *   out.commit();
 * }
 * List<TimedProfile> points = history.load(conf, Optional.empty(), 60);
 * }</pre>
 *
 * <p>Each entry is a folder {@code yyyyMMddTHHmmssZ} (UTC, whole seconds), or {@code
 * yyyyMMddTHHmmssZ_LABEL}, holding {@code profile.json}; it is written through {@link Output}, so
 * it appears whole or not at all, and an existing entry is replaced only when the caller asks
 * {@link Output} to overwrite. Other names in the folder (hidden ones, notes) are ignored. A
 * history is immutable; {@link #label} narrows it to one partition.
 */
public final class ProfileHistory {
  private final String location;
  private final Optional<String> label;
  private final boolean everyLabel;

  private ProfileHistory(String location, Optional<String> label, boolean everyLabel) {
    this.location = location;
    this.label = label;
    this.everyLabel = everyLabel;
  }

  /** The history in the folder {@code location} (created by the first entry written to it). */
  public static ProfileHistory at(String location) {
    if (location == null || location.isBlank()) {
      throw WickException.usage("The history location is empty; give the path of a folder.")
          .about("history", "the history location");
    }
    return new ProfileHistory(location, Optional.empty(), true);
  }

  /**
   * This history narrowed to the entries of one partition label ({@code null}: the entries without
   * a label); new entries get this label.
   */
  public ProfileHistory label(String label) {
    if (label != null && !label.matches(HistoryEntry.LABEL_PATTERN)) {
      throw WickException.usage(
              "Label '"
                  + label
                  + "' cannot name a history entry; use letters, digits and . _ = - (such as"
                  + " country=DE), at most 100 characters.")
          .about("label", "Label");
    }
    return new ProfileHistory(location, Optional.ofNullable(label), false);
  }

  /** The folder. */
  public String location() {
    return location;
  }

  /** The label this history is narrowed to, if any (empty also when it covers every label). */
  public Optional<String> labelFilter() {
    return label;
  }

  /** The entry at {@code at} (to whole seconds) with this history's label, to write. */
  public HistoryEntry entry(Instant at) {
    Objects.requireNonNull(at, "at");
    String name = HistoryEntry.name(at.truncatedTo(ChronoUnit.SECONDS), label);
    return new HistoryEntry(at, label, Locations.forSpark(child(name)));
  }

  private Path child(String name) {
    return Locations.child(Locations.path(location), name);
  }

  /**
   * The entries, oldest first (ties by label); a usage error when the folder does not exist, is a
   * file, or holds an entry folder without its {@code _SUCCESS} marker (not written by Wick).
   */
  public List<HistoryEntry> entries(Configuration conf) {
    Path dir = Locations.path(location);
    FileSystem fs = Locations.fileSystem(dir, location, conf);
    String display = Locations.display(dir);
    List<HistoryEntry> out = new ArrayList<>();
    try {
      FileStatus status;
      try {
        status = fs.getFileStatus(dir);
      } catch (FileNotFoundException e) {
        throw WickException.usage(
                "History "
                    + display
                    + " does not exist; give the folder that profiles were written to with"
                    + " the history location, or write a first one there.")
            .about("history", "the history location");
      }
      if (!status.isDirectory()) {
        throw WickException.usage(
            "History " + display + " is a file, not a folder of profiles; give the folder.");
      }
      for (FileStatus child : fs.listStatus(dir)) {
        String name = child.getPath().getName();
        if (!child.isDirectory() || name.startsWith(".") || name.startsWith("_")) {
          continue;
        }
        Optional<HistoryEntry> entry =
            HistoryEntry.parse(name, Locations.forSpark(child.getPath()));
        if (entry.isEmpty()) {
          continue;
        }
        if (!fs.exists(Locations.child(child.getPath(), Output.SUCCESS))) {
          throw WickException.usage(
              "History entry "
                  + Locations.display(child.getPath())
                  + " is incomplete (it has no "
                  + Output.SUCCESS
                  + " marker, so Wick did not write it); delete it and profile that run again.");
        }
        if (everyLabel || entry.get().label().equals(label)) {
          out.add(entry.get());
        }
      }
    } catch (IOException e) {
      throw WickException.usage(
          "History " + display + " cannot be listed (" + e.getMessage() + "); check it.", e);
    }
    out.sort(
        Comparator.comparing(HistoryEntry::at)
            .thenComparing(e -> e.label().orElse(""), Comparator.naturalOrder()));
    return out;
  }

  /**
   * The profiles of the last {@code last} entries at or before {@code upTo} (every entry when
   * empty), oldest first; entries are read in parallel. A damaged profile is a usage error naming
   * its file.
   */
  public List<TimedProfile> load(Configuration conf, Optional<Instant> upTo, int last) {
    List<HistoryEntry> entries = new ArrayList<>(entries(conf));
    upTo.ifPresent(t -> entries.removeIf(e -> e.at().isAfter(t)));
    List<HistoryEntry> chosen =
        entries.subList(Math.max(0, entries.size() - Math.max(0, last)), entries.size());
    return chosen.parallelStream()
        .map(e -> new TimedProfile(e.at(), e.label(), e.read(conf)))
        .toList();
  }

  /**
   * Deletes the entries older than {@code keep} before {@code now} and returns them; each is first
   * renamed to a hidden name (atomic), then deleted, so a killed prune never leaves half an entry.
   */
  public List<HistoryEntry> prune(Configuration conf, Duration keep, Instant now) {
    Instant cutoff = now.minus(keep);
    List<HistoryEntry> removed = new ArrayList<>();
    for (HistoryEntry e : entries(conf)) {
      if (!e.at().isBefore(cutoff)) {
        continue;
      }
      Path dir = Locations.path(e.location());
      FileSystem fs = Locations.fileSystem(dir, e.location(), conf);
      Path hidden =
          Locations.child(dir.getParent(), ".wick-pruned-" + e.name() + "-" + UUID.randomUUID());
      try {
        if (!fs.rename(dir, hidden)) {
          throw new IOException("rename refused");
        }
        fs.delete(hidden, true);
      } catch (IOException ex) {
        throw WickException.usage(
            "History entry "
                + Locations.display(dir)
                + " cannot be deleted ("
                + ex.getMessage()
                + "); check the folder's permissions.",
            ex);
      }
      removed.add(e);
    }
    return removed;
  }

  /**
   * The merge, through the sketches, of the entries from {@code from} (inclusive) to {@code to}
   * (exclusive), oldest first: the profile of all their data together, such as a week's.
   */
  public Profile merge(Configuration conf, Instant from, Instant to) {
    if (!from.isBefore(to)) {
      throw WickException.usage(
          "The merged range from "
              + from
              + " to "
              + to
              + " is empty; give a start before its end.");
    }
    List<HistoryEntry> chosen =
        entries(conf).stream().filter(e -> !e.at().isBefore(from) && e.at().isBefore(to)).toList();
    if (chosen.isEmpty()) {
      throw WickException.usage(
          "History "
              + location
              + " has no entry from "
              + from
              + " to "
              + to
              + "; list it to see its times.");
    }
    List<Profile> profiles = chosen.parallelStream().map(e -> e.read(conf)).toList();
    Profile merged = profiles.get(0);
    for (Profile p : profiles.subList(1, profiles.size())) {
      merged = merged.merge(p);
    }
    return merged;
  }

  /**
   * Parses a time: an ISO-8601 instant ({@code 2026-12-01T06:00:00Z}), a date and time with an
   * offset ({@code 2026-12-01T07:00+01:00}), or in UTC without one ({@code 2026-12-01T06:00}), or a
   * date (its midnight UTC).
   */
  public static Instant parseTime(String text) {
    String t = text == null ? "" : text.trim();
    try {
      return Instant.parse(t);
    } catch (DateTimeParseException e) {
      // try the other forms
    }
    try {
      return OffsetDateTime.parse(t).toInstant();
    } catch (DateTimeParseException e) {
      // try the other forms
    }
    try {
      return LocalDateTime.parse(t).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      // try the other forms
    }
    try {
      return LocalDate.parse(t).atStartOfDay(ZoneOffset.UTC).toInstant();
    } catch (DateTimeParseException e) {
      throw WickException.usage(
              "Time '"
                  + text
                  + "' is not a time; give an ISO-8601 date or time such as 2026-12-01 or"
                  + " 2026-12-01T06:00:00Z.")
          .about("at", "Time");
    }
  }

  /** Parses how long to keep entries: {@code 90d}, {@code 12h}, {@code 30m}, {@code 0s}. */
  public static Duration parseKeep(String text) {
    return Sandbox.parseAge(text == null ? "" : text);
  }
}
