package dev.wick.core;

import java.util.Objects;

/**
 * The one exception type Wick raises for problems a user can act on.
 *
 * <p>Its message is a single sentence naming what is wrong and how to fix it; the {@link ExitCode}
 * says how the {@code wick} command ends. Code that catches it prints the message alone (no stack
 * trace unless {@code --verbose}).
 */
public class WickException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ExitCode exitCode;

  public WickException(ExitCode exitCode, String message) {
    super(Objects.requireNonNull(message, "message"));
    this.exitCode = Objects.requireNonNull(exitCode, "exitCode");
  }

  public WickException(ExitCode exitCode, String message, Throwable cause) {
    super(Objects.requireNonNull(message, "message"), cause);
    this.exitCode = Objects.requireNonNull(exitCode, "exitCode");
  }

  /**
   * A bad flag, a missing path, an unknown field, a schema mismatch: the user can fix it (exit 2).
   */
  public static WickException usage(String message) {
    return new WickException(ExitCode.USAGE, message);
  }

  /** Like {@link #usage(String)}, keeping the underlying cause for {@code --verbose}. */
  public static WickException usage(String message, Throwable cause) {
    return new WickException(ExitCode.USAGE, message, cause);
  }

  /**
   * The check ran and failed: a diff beyond its threshold, drift, too many invalid records (exit
   * 1).
   */
  public static WickException checkFailed(String message) {
    return new WickException(ExitCode.CHECK_FAILED, message);
  }

  /** Anything else: a bug or an environment failure (exit 3). */
  public static WickException internal(String message, Throwable cause) {
    return new WickException(ExitCode.INTERNAL, message, cause);
  }

  public ExitCode exitCode() {
    return exitCode;
  }
}
