package dev.wick.core;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as users write them, read the same way by every option and file that takes one (a
 * freshness check's {@code maxAge}, a diff's time tolerance, the age of sandbox runs, how long a
 * profile history keeps entries): a whole number and a unit, {@code 250ms}, {@code 30s}, {@code
 * 90m}, {@code 36h}, {@code 7d} (a space between them and capitals allowed), or ISO-8601 ({@code
 * PT36H}, {@code P7D}). Each caller words its own refusal, since only it knows what the duration is
 * for.
 */
public final class Durations {
  private static final Pattern SHORT = Pattern.compile("(\\d{1,18})\\s*(ms|s|m|h|d)");

  private Durations() {}

  /** The duration {@code text} writes, or empty when it writes none (or one beyond any clock). */
  public static Optional<Duration> parse(String text) {
    if (text == null) {
      return Optional.empty();
    }
    String t = text.strip().toLowerCase(Locale.ROOT);
    try {
      Matcher m = SHORT.matcher(t);
      if (m.matches()) {
        long n = Long.parseLong(m.group(1));
        return Optional.of(
            switch (m.group(2)) {
              case "ms" -> Duration.ofMillis(n);
              case "s" -> Duration.ofSeconds(n);
              case "m" -> Duration.ofMinutes(n);
              case "h" -> Duration.ofHours(n);
              default -> Duration.ofDays(n);
            });
      }
      return t.startsWith("p") || t.startsWith("-p")
          ? Optional.of(Duration.parse(t.toUpperCase(Locale.ROOT)))
          : Optional.empty();
    } catch (DateTimeParseException | ArithmeticException | NumberFormatException e) {
      return Optional.empty();
    }
  }
}
