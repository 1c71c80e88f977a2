package dev.wick.profiler;

import dev.wick.core.WickException;
import dev.wick.core.io.Locations;
import dev.wick.core.io.Output;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * One profile in a {@link ProfileHistory}: a folder named after its time and optional label ({@code
 * 20261201T060000Z} or {@code 20261201T060000Z_country=DE}) holding {@code profile.json} and the
 * {@code _SUCCESS} marker of a completed write.
 *
 * @param at the time the profile stands for (whole seconds)
 * @param label the partition it profiles ({@code country=DE}), if it names one
 * @param location where the entry's folder is
 */
public record HistoryEntry(Instant at, Optional<String> label, String location) {
  /**
   * The pattern of a label: letters, digits and {@code . _ = -}, starting with a letter or digit.
   */
  public static final String LABEL_PATTERN = "[A-Za-z0-9][A-Za-z0-9._=-]{0,99}";

  private static final DateTimeFormatter NAME_TIME =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
  private static final Pattern NAME =
      Pattern.compile("(\\d{8}T\\d{6}Z)(?:_(" + LABEL_PATTERN + "))?");

  public HistoryEntry {
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(location, "location");
    at = at.truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
  }

  /** The folder name of an entry at {@code at} with {@code label}. */
  static String name(Instant at, Optional<String> label) {
    return NAME_TIME.format(at) + label.map(l -> "_" + l).orElse("");
  }

  /** The folder name of this entry. */
  public String name() {
    return name(at, label);
  }

  /** The entry a folder name stands for, if it is an entry's name. */
  static Optional<HistoryEntry> parse(String name, String location) {
    Matcher m = NAME.matcher(name);
    if (!m.matches()) {
      return Optional.empty();
    }
    try {
      Instant at = Instant.from(NAME_TIME.parse(m.group(1)));
      return Optional.of(new HistoryEntry(at, Optional.ofNullable(m.group(2)), location));
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  /**
   * Writes {@code profile} as this entry's {@code profile.json} to {@code out} (opened at {@link
   * #location}).
   */
  public void write(Output out, Profile profile) {
    out.writeString(ProfileReport.PROFILE_JSON, profile.toJson());
  }

  /**
   * Reads this entry's profile; a missing, unreadable or damaged one is a usage error naming the
   * file.
   */
  public Profile read(Configuration conf) {
    Path file = Locations.child(Locations.path(location), ProfileReport.PROFILE_JSON);
    String where = Locations.display(file);
    try {
      FileSystem fs = Locations.fileSystem(file, location, conf);
      if (!fs.exists(file)) {
        throw WickException.usage(
            "History entry "
                + Locations.display(Locations.path(location))
                + " has no "
                + ProfileReport.PROFILE_JSON
                + "; delete the entry, or profile that run into the history again.");
      }
      try (InputStream in = fs.open(file)) {
        return Profile.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), where);
      }
    } catch (IOException e) {
      throw WickException.usage(
          "History profile " + where + " cannot be read (" + e.getMessage() + "); check it.", e);
    }
  }
}
