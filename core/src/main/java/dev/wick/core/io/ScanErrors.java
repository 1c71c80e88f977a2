package dev.wick.core.io;

import dev.wick.core.WickException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.Path;

/**
 * Spark's failures to read an input, as one sentence each: a source Spark cannot open ({@link
 * #unreadable}) and a scan that met a file it could not read ({@link #explainScanFailure}), naming
 * the corrupt file when Spark's messages name one; and the trimming of Spark's messages to quote.
 */
final class ScanErrors {
  private ScanErrors() {}

  /** What Spark and the format libraries say when a file is not of the format it claims. */
  private static final List<String> CORRUPT_FILE_MARKERS =
      List.of(
          "Not an Avro data file",
          "Not a data file",
          "is not a Parquet file",
          "Could not read footer",
          "CANNOT_READ_FILE_FOOTER",
          "Malformed ORC file",
          "Could not read file");

  private static final Pattern FILE_URI =
      Pattern.compile("\\b[a-z][a-z0-9+.-]*:/[^\\s,;'\"()\\[\\]]+");

  /** Spark's error class for a file a running scan could not read. */
  private static final String FAILED_READ_FILE = "FAILED_READ_FILE";

  private static final Pattern SCANNED_FILE = Pattern.compile("reading file (\\S+?)\\.?(?:\\s|$)");

  /** {@link DatasetReader#explainScanFailure}. */
  static Optional<WickException> explainScanFailure(Throwable failure) {
    if (failure instanceof WickException) {
      return Optional.empty(); // already explained, e.g. by DatasetReader.read()
    }
    Optional<String> file = Optional.empty();
    boolean corrupt = false;
    String innermost = null;
    int depth = 0;
    for (Throwable t = failure; t != null && depth < 20; t = t.getCause(), depth++) {
      String m = t.getMessage();
      if (m == null) {
        continue;
      }
      innermost = m;
      if (file.isEmpty() && m.contains(FAILED_READ_FILE)) {
        Matcher f = SCANNED_FILE.matcher(m);
        if (f.find()) {
          String found = f.group(1);
          file = Optional.of(found.startsWith("file:") ? new Path(found).toUri().getPath() : found);
        }
      }
      corrupt |= CORRUPT_FILE_MARKERS.stream().anyMatch(m::contains);
    }
    if (file.isEmpty()) {
      return Optional.empty();
    }
    String why =
        corrupt
            ? "it is corrupt or not of the format its name says"
            : "it cannot be read (" + withoutErrorClass(firstLine(innermost)) + ")";
    return Optional.of(
        WickException.usage(
            "Cannot read " + file.get() + ": " + why + "; check or remove that file.", failure));
  }

  /** One sentence for a source Spark cannot read, naming the corrupt file when there is one. */
  static WickException unreadable(String location, Format f, Exception e) {
    List<String> messages = new ArrayList<>();
    for (Throwable t = e; t != null && messages.size() < 20; t = t.getCause()) {
      if (t.getMessage() != null) {
        messages.add(0, t.getMessage()); // innermost first: the most specific
      }
    }
    boolean corrupt =
        messages.stream().anyMatch(m -> CORRUPT_FILE_MARKERS.stream().anyMatch(m::contains));
    if (corrupt) {
      String file = corruptFile(messages).orElse(location);
      return WickException.usage(
              "Cannot read "
                  + location
                  + " as "
                  + f.sparkName()
                  + ": "
                  + (samePath(file, location) ? "it" : file)
                  + " is not a readable "
                  + f.sparkName()
                  + " file (corrupt, or another format under that extension); check the file, or "
                  + DatasetReader.NAME_FORMAT
                  + " if the extension misleads.",
              e)
          .about(DatasetReader.FORMAT, DatasetReader.NAME_FORMAT);
    }
    String reason =
        messages.isEmpty() ? e.toString() : withoutErrorClass(firstLine(messages.get(0)));
    return WickException.usage(
            "Cannot read "
                + location
                + " as "
                + f.sparkName()
                + " ("
                + reason
                + "); check the path and "
                + DatasetReader.NAME_FORMAT
                + " if the extension misleads.",
            e)
        .about(DatasetReader.FORMAT, DatasetReader.NAME_FORMAT);
  }

  /** The first file URI a message names (Spark names the file it failed on), as a path. */
  private static Optional<String> corruptFile(List<String> messages) {
    for (String m : messages) {
      Matcher uri = FILE_URI.matcher(m);
      while (uri.find()) {
        String found = uri.group().replaceAll("\\.+$", "");
        if (!found.startsWith("http")) {
          return Optional.of(found.startsWith("file:") ? new Path(found).toUri().getPath() : found);
        }
      }
    }
    return Optional.empty();
  }

  private static boolean samePath(String a, String b) {
    try {
      return new Path(a).toUri().getPath().equals(Locations.path(b).toUri().getPath());
    } catch (RuntimeException e) {
      return a.equals(b);
    }
  }

  /** A Spark message without its {@code [ERROR_CLASS]}, {@code SQLSTATE} and final full stop. */
  static String withoutErrorClass(String message) {
    return message
        .replaceFirst("^\\[[A-Z0-9_.]+\\]\\s*", "")
        .replaceAll("\\s*SQLSTATE: \\w+", "")
        .replaceFirst("\\.$", "");
  }

  static String firstLine(String message) {
    if (message == null) {
      return "unreadable";
    }
    String m = message.strip();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
