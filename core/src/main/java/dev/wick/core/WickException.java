package dev.wick.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The one exception type Wick raises for problems a user can act on.
 *
 * <p>Its message is a single sentence naming what is wrong and how to fix it, in the library's own
 * terms; the {@link ExitCode} says how the {@code wick} command ends. Code that catches it prints
 * the message alone (no stack trace unless {@code --verbose}).
 *
 * <p>A message whose fix is to change a setting names that {@link Setting}: the library setting
 * (named as the builder method that sets it, such as {@code ignore} or {@code overwrite}) and the
 * words of the message that stand for it. A front end prints {@link #message(Function)} with its
 * own spelling of the settings it knows (the CLI its flags, the job runtime its arguments); a Java
 * caller reads the library's words from {@link #getMessage()}.
 */
public class WickException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * A library setting a message is about.
   *
   * @param name the setting, named as the library's builder method or parameter ({@code ignore},
   *     {@code overwrite}, {@code format})
   * @param words the words of the message that stand for it, which a front end replaces with its
   *     own (the last occurrence in the message)
   */
  public record Setting(String name, String words) implements java.io.Serializable {
    public Setting {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(words, "words");
      if (words.isEmpty()) {
        throw new IllegalArgumentException("a setting's words must not be empty");
      }
    }
  }

  private final ExitCode exitCode;
  private final List<Setting> settings;

  public WickException(ExitCode exitCode, String message) {
    this(exitCode, message, null, List.of());
  }

  public WickException(ExitCode exitCode, String message, Throwable cause) {
    this(exitCode, message, cause, List.of());
  }

  /**
   * An exception whose message names {@code settings}; each setting's words must occur in the
   * message.
   */
  public WickException(ExitCode exitCode, String message, Throwable cause, List<Setting> settings) {
    super(Objects.requireNonNull(message, "message"), cause);
    this.exitCode = Objects.requireNonNull(exitCode, "exitCode");
    this.settings = List.copyOf(settings);
    for (Setting s : this.settings) {
      if (!message.contains(s.words())) {
        throw new IllegalArgumentException(
            "setting " + s.name() + "'s words '" + s.words() + "' are not in: " + message);
      }
    }
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

  /**
   * This exception, also naming the setting {@code name} whose {@code words} occur in its message:
   * {@code usage("... drop it from the ignored fields.").about("ignore", "the ignored fields")}.
   */
  public WickException about(String name, String words) {
    List<Setting> more = new ArrayList<>(settings);
    more.add(new Setting(name, words));
    WickException copy = new WickException(exitCode, getMessage(), getCause(), more);
    copy.setStackTrace(getStackTrace());
    return copy;
  }

  public ExitCode exitCode() {
    return exitCode;
  }

  /** The settings the message is about, in the order they were named. */
  public List<Setting> settings() {
    return settings;
  }

  /**
   * The message in a front end's words: each setting that {@code spelling} knows has its words
   * replaced by the front end's (such as {@code --ignore} for {@code ignore}); the others keep the
   * library's words.
   */
  public String message(Function<String, Optional<String>> spelling) {
    String message = getMessage();
    for (Setting s : settings) {
      Optional<String> own = spelling.apply(s.name());
      int at = message.lastIndexOf(s.words());
      if (own.isPresent() && at >= 0) {
        message = message.substring(0, at) + own.get() + message.substring(at + s.words().length());
      }
    }
    return message;
  }
}
