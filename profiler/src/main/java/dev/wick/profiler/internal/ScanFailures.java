package dev.wick.profiler.internal;

import dev.wick.core.WickException;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a profile scan that failed on a file Spark could not read (a corrupt or truncated file
 * among good ones, found only when the scan reaches it) into a usage error naming that file. {@code
 * DatasetReader} already does this for the files it opens to learn the schema; these are the ones
 * it did not open.
 */
final class ScanFailures {
  /** Spark's error class for a file a scan could not read. */
  private static final String FAILED_READ = "FAILED_READ_FILE";

  /** What Spark and the format libraries say when a file is not of the format it claims. */
  private static final List<String> CORRUPT_MARKERS =
      List.of(
          "is not a Parquet file",
          "Not an Avro data file",
          "Not a data file",
          "Could not read footer",
          "CANNOT_READ_FILE_FOOTER",
          "Malformed ORC file");

  private static final Pattern FILE = Pattern.compile("reading file (\\S+?)\\.?(?:\\s|$)");

  private ScanFailures() {}

  /** A usage error for {@code e} if it says a file of {@code source} could not be read. */
  static Optional<WickException> explain(String source, Exception e) {
    Optional<String> file = Optional.empty();
    boolean corrupt = false;
    String innermost = null;
    int depth = 0;
    for (Throwable t = e; t != null && depth < 20; t = t.getCause(), depth++) {
      String m = t.getMessage();
      if (m == null) {
        continue;
      }
      innermost = m;
      if (file.isEmpty() && m.contains(FAILED_READ)) {
        Matcher f = FILE.matcher(m);
        if (f.find()) {
          file = Optional.of(f.group(1));
        }
      }
      corrupt |= CORRUPT_MARKERS.stream().anyMatch(m::contains);
    }
    if (file.isEmpty()) {
      return Optional.empty();
    }
    String why =
        corrupt
            ? "is corrupt or not of the format its name says"
            : "cannot be read (" + firstLine(innermost) + ")";
    return Optional.of(
        WickException.usage(
            "Cannot read "
                + source
                + ": "
                + file.get()
                + " "
                + why
                + "; check or remove that file.",
            e));
  }

  private static String firstLine(String m) {
    String line = m.lines().findFirst().orElse(m).strip();
    line = line.replaceFirst("^\\[[A-Z0-9_.]+\\]\\s*", "").replaceFirst("\\s*SQLSTATE: \\w+$", "");
    return line.endsWith(".") ? line.substring(0, line.length() - 1) : line;
  }
}
