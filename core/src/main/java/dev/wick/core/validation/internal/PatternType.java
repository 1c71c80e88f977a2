package dev.wick.core.validation.internal;

import dev.wick.core.schema.DataType;
import dev.wick.core.spark.UnsupportedPatternException;
import dev.wick.core.spark.WholeMatch;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.spark.sql.Column;

/**
 * A string rule that whole-value regular expressions decide, in Java and on Spark with the same
 * {@link WholeMatch} (a code-generated automaton, linear in the value, with the answers of Java's
 * {@code \A(?:pattern)\z} with {@code find}): uuid, email, url, base62 ids, non-empty strings and
 * user patterns. A rule of several patterns (email: its lengths, and its shape) needs the whole
 * value to match every one.
 */
final class PatternType extends BuiltinType {
  private static final String BASE62 =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  private static final String LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
  private static final String ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
  private static final List<String> TLDS = List.of("com", "org", "net", "io", "se", "dev", "co");
  private static final String NOISE = " @#:/.-_~!é\t";

  /** Patterns the whole value must match, every one of them. */
  private final List<WholeMatch> wholeValue;

  private final boolean acceptsUuidStorage;
  private final Function<SplittableRandom, String> generator;

  private PatternType(
      String name,
      String tail,
      List<String> wholeValuePatterns,
      boolean acceptsUuidStorage,
      Function<SplittableRandom, String> generator) {
    super(name, tail);
    this.wholeValue = wholeValuePatterns.stream().map(WholeMatch::of).toList();
    this.acceptsUuidStorage = acceptsUuidStorage;
    this.generator = generator;
  }

  static PatternType uuid() {
    String hex = "[0-9a-fA-F]";
    return new PatternType(
        "uuid",
        "is not a UUID",
        List.of(hex + "{8}-" + hex + "{4}-" + hex + "{4}-" + hex + "{4}-" + hex + "{12}"),
        true,
        r -> new UUID(r.nextLong(), r.nextLong()).toString());
  }

  static PatternType email() {
    return new PatternType(
        "email",
        "is not an email address",
        // a local part of at most 64 characters and a domain of at most 253, and the shape
        List.of(
            "[^@]{1,64}@.{1,253}",
            ATOM + "(?:\\." + ATOM + ")*@(?:" + LABEL + "\\.)+[A-Za-z]{2,63}"),
        false,
        r -> {
          String local = word(r, 1 + r.nextInt(10));
          if (r.nextInt(3) == 0) {
            local += (r.nextBoolean() ? "." : "+") + word(r, 1 + r.nextInt(6));
          }
          return local + "@" + host(r) + "." + TLDS.get(r.nextInt(TLDS.size()));
        });
  }

  static PatternType url() {
    return new PatternType(
        "url",
        "is not an http, https or ftp URL",
        List.of(
            "(?:https?|ftp)://(?:" + LABEL + "\\.)*" + LABEL + "(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?"),
        false,
        r -> {
          StringBuilder u = new StringBuilder(List.of("http", "https", "ftp").get(r.nextInt(3)));
          u.append("://").append(host(r)).append('.').append(TLDS.get(r.nextInt(TLDS.size())));
          if (r.nextInt(4) == 0) {
            u.append(':').append(1 + r.nextInt(65535));
          }
          int segments = r.nextInt(4);
          for (int i = 0; i < segments; i++) {
            u.append('/').append(word(r, 1 + r.nextInt(8)));
          }
          if (r.nextInt(4) == 0) {
            u.append("?q=").append(word(r, 1 + r.nextInt(5)));
          }
          return u.toString();
        });
  }

  static PatternType base62(int length) {
    return new PatternType(
        "base62_id",
        "is not a base62 id of " + length + " characters",
        List.of("[0-9A-Za-z]{" + length + "}"),
        false,
        r -> {
          StringBuilder id = new StringBuilder(length);
          for (int i = 0; i < length; i++) {
            id.append(BASE62.charAt(r.nextInt(BASE62.length())));
          }
          return id.toString();
        });
  }

  static PatternType nonEmpty() {
    return new PatternType(
        "non_empty",
        "is empty or only whitespace",
        List.of("\\s*\\S[\\s\\S]*"),
        false,
        r -> {
          String w = word(r, 1 + r.nextInt(12));
          return r.nextInt(4) == 0 ? " " + w + " " + word(r, 1 + r.nextInt(5)) : w;
        });
  }

  /** {@code regex(pattern=...)}: the whole value must match the user's pattern. */
  static PatternType userPattern(String userPattern) {
    try {
      Pattern.compile(userPattern);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(
          "pattern '"
              + userPattern
              + "' is not a valid regular expression ("
              + e.getDescription()
              + " near index "
              + e.getIndex()
              + ")");
    }
    try {
      WholeMatch.of(userPattern);
    } catch (UnsupportedPatternException e) {
      String sentence = e.getMessage();
      throw new IllegalArgumentException(sentence.substring(0, sentence.length() - 1), e);
    }
    Function<SplittableRandom, String> drawing =
        new Function<>() {
          private RegexGenerator generator;

          @Override
          public String apply(SplittableRandom r) {
            if (generator == null) {
              try {
                generator = RegexGenerator.of(userPattern);
              } catch (UnsupportedOperationException | IndexOutOfBoundsException e) {
                throw new IllegalStateException(
                    "Cannot generate values matching the regex '"
                        + userPattern
                        + "': it uses "
                        + (e instanceof UnsupportedOperationException
                            ? e.getMessage()
                            : "syntax the generator does not read")
                        + "; write the pattern without it, or generate this field yourself.");
              }
            }
            return generator.generate(r);
          }
        };
    return new PatternType(
        "regex", "does not match the pattern " + userPattern, List.of(userPattern), false, drawing);
  }

  @Override
  public boolean supports(DataType storage) {
    return isText(storage) || (acceptsUuidStorage && storage instanceof DataType.UuidType);
  }

  @Override
  boolean isValid(Object value) {
    for (WholeMatch m : wholeValue) {
      if (!m.matches((String) value)) {
        return false;
      }
    }
    return true;
  }

  @Override
  Column predicate(Column value) {
    Column all = null;
    for (WholeMatch m : wholeValue) {
      all = all == null ? m.column(value) : all.and(m.column(value));
    }
    return all;
  }

  @Override
  public Optional<Column> everyValidWhen(Column values, DataType storage) {
    Column all = null;
    for (WholeMatch m : wholeValue) {
      all = all == null ? m.everyElement(values) : all.and(m.everyElement(values));
    }
    return Optional.of(all);
  }

  @Override
  public Object generateValid(SplittableRandom random, DataType storage) {
    for (int attempt = 0; attempt < 100; attempt++) {
      String candidate = generator.apply(random);
      if (isValid(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException(
        "Cannot generate a value that passes "
            + name()
            + " "
            + tail().replaceFirst("^(is not|does not match|is) ", "")
            + " after 100 attempts; generate this field yourself.");
  }

  @Override
  public Optional<Object> generateInvalid(SplittableRandom random, DataType storage) {
    for (int attempt = 0; attempt < 200; attempt++) {
      String candidate = mutate(random, attempt < 150 ? safeValid(random, storage) : "");
      if (!isValid(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  private String safeValid(SplittableRandom random, DataType storage) {
    try {
      return (String) generateValid(random, storage);
    } catch (IllegalStateException e) {
      return word(random, random.nextInt(8));
    }
  }

  private static String mutate(SplittableRandom r, String valid) {
    StringBuilder s = new StringBuilder(valid);
    switch (r.nextInt(6)) {
      case 0 -> {
        return "";
      }
      case 1 -> {
        if (s.length() > 0) {
          s.deleteCharAt(r.nextInt(s.length()));
        }
      }
      case 2 -> s.insert(r.nextInt(s.length() + 1), NOISE.charAt(r.nextInt(NOISE.length())));
      case 3 -> {
        if (s.length() > 0) {
          s.setCharAt(r.nextInt(s.length()), NOISE.charAt(r.nextInt(NOISE.length())));
        }
      }
      case 4 -> s.append(s.length() > 0 ? s.charAt(r.nextInt(s.length())) : 'x');
      default -> {
        s.setLength(0);
        int n = r.nextInt(12);
        for (int i = 0; i < n; i++) {
          s.append((char) (' ' + r.nextInt(95)));
        }
      }
    }
    return s.toString();
  }

  private static String word(SplittableRandom r, int n) {
    StringBuilder w = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      w.append((char) ('a' + r.nextInt(26)));
    }
    return w.toString();
  }

  private static String host(SplittableRandom r) {
    String h = word(r, 1 + r.nextInt(10));
    return r.nextInt(3) == 0 ? word(r, 1 + r.nextInt(6)) + "." + h : h;
  }
}
