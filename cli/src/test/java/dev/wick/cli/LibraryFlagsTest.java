package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.WickException;
import dev.wick.core.io.DatasetReader;
import dev.wick.core.io.Output;
import dev.wick.core.io.Source;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Libraries speak in their own terms; only front ends name flags. The main sources of the library
 * modules hold no string literal naming a flag ({@code --name}), and every library setting an error
 * names has a CLI flag.
 */
class LibraryFlagsTest {
  /**
   * The library sources kept free of flag names, relative to the repository root: every main source
   * but the front ends ({@code cli}, and {@code core/job}, the job runtime that names its own
   * arguments).
   */
  static final List<String> LIBRARY_SOURCES =
      List.of(
          "core/src/main/java/dev/wick/core/WickException.java",
          "core/src/main/java/dev/wick/core/ExitCode.java",
          "core/src/main/java/dev/wick/core/explain",
          "core/src/main/java/dev/wick/core/gate",
          "core/src/main/java/dev/wick/core/io",
          "core/src/main/java/dev/wick/core/json",
          "core/src/main/java/dev/wick/core/notify",
          "core/src/main/java/dev/wick/core/report",
          "core/src/main/java/dev/wick/core/schema",
          "core/src/main/java/dev/wick/core/spark",
          "core/src/main/java/dev/wick/core/validation",
          "bigdiff/src/main/java",
          "checks/src/main/java",
          "profiler/src/main/java",
          "sampler/src/main/java",
          "testkit-generators/src/main/java",
          "testkit-jobtest/src/main/java",
          "typed/src/main/java");

  private static final Pattern LITERAL = Pattern.compile("\"(?:[^\"\\\\\\n]|\\\\.)*\"");
  private static final Pattern FLAG = Pattern.compile("--[a-zA-Z]");
  private static final Pattern ABOUT = Pattern.compile("\\.about\\(");

  @Test
  void noLibraryStringLiteralNamesAFlag() {
    List<String> found = new ArrayList<>();
    for (Path file : librarySources()) {
      List<String> lines = lines(file);
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i).strip();
        if (line.startsWith("*") || line.startsWith("/*") || line.startsWith("//")) {
          continue;
        }
        Matcher m = LITERAL.matcher(line);
        while (m.find()) {
          if (FLAG.matcher(m.group()).find()) {
            found.add(root().relativize(file) + ":" + (i + 1) + ": " + m.group());
          }
        }
      }
    }
    assertThat(found).as("string literals naming a flag in library code").isEmpty();
  }

  /**
   * The settings library errors name: the first argument of every {@code .about(...)} in the
   * library sources, resolved whether it is a string literal, a constant ({@code WHERE}, {@code
   * Source.OPTION}, read by reflection from the class that declares it) or a method's parameter
   * (the literals and constants its callers in the same file pass). Fails on an argument it cannot
   * resolve, so that no setting escapes the check.
   */
  static Set<String> librarySettings() {
    Set<String> settings = new TreeSet<>();
    List<String> unresolved = new ArrayList<>();
    for (Path file : librarySources()) {
      String text = String.join("\n", lines(file));
      Matcher m = ABOUT.matcher(text);
      while (m.find()) {
        List<String> args = arguments(text, m.end());
        Optional<Set<String>> values = resolve(file, text, args.get(0), m.start());
        if (values.isEmpty()) {
          unresolved.add(root().relativize(file) + ": .about(" + args.get(0) + ", ...)");
        } else {
          settings.addAll(values.get());
        }
      }
    }
    assertThat(unresolved).as("settings named in .about(...) that could not be resolved").isEmpty();
    return settings;
  }

  /** The settings whose errors the CLI cannot put in its own words: those without a flag. */
  static List<String> withoutAFlag(Set<String> settings, Function<String, Optional<String>> flags) {
    return settings.stream().filter(s -> flags.apply(s).isEmpty()).toList();
  }

  @Test
  void everySettingALibraryErrorNamesHasACliFlag() {
    Set<String> settings = librarySettings();
    // Named by literals, by constants of Source, Output and DatasetReader, and through the
    // profiler's parameter 'setting'.
    assertThat(settings)
        .contains("ignore", "key", "unordered", "duplicates")
        .contains(Source.OPTION, Source.WHERE, Output.OVERWRITE, DatasetReader.FORMAT)
        .contains("redact", "fields", "top");
    assertThat(withoutAFlag(settings, Flags::of)).as("settings without a CLI flag").isEmpty();
  }

  @Test
  void aSettingWhoseFlagIsMissingIsFound() {
    Set<String> settings = librarySettings();
    // The CLI's flags with one taken away, as if a flag's entry had been forgotten.
    for (String missing : List.of(Source.WHERE, Source.OPTION, "redact")) {
      Function<String, Optional<String>> planted =
          s -> s.equals(missing) ? Optional.empty() : Flags.of(s);
      assertThat(withoutAFlag(settings, planted)).as(missing).containsExactly(missing);
    }
  }

  private static final Pattern CONSTANT = Pattern.compile("(?:([A-Z]\\w*)\\.)?([A-Z][A-Z0-9_]*)");
  private static final Pattern PARAMETER = Pattern.compile("[a-z]\\w*");

  /**
   * The values a {@code .about} argument at {@code at} in {@code text} of {@code file} can hold.
   */
  private static Optional<Set<String>> resolve(Path file, String text, String arg, int at) {
    if (arg.startsWith("\"") && arg.endsWith("\"") && arg.length() >= 2) {
      return Optional.of(Set.of(arg.substring(1, arg.length() - 1)));
    }
    Matcher c = CONSTANT.matcher(arg);
    if (c.matches()) {
      String owner = c.group(1) == null ? className(file) : c.group(1);
      return constant(owner, c.group(2)).map(Set::of);
    }
    if (PARAMETER.matcher(arg).matches()) {
      return parameter(file, text, arg, at);
    }
    return Optional.empty();
  }

  /** The value of the static String {@code name} of the library class named {@code simple}. */
  private static Optional<String> constant(String simple, String name) {
    for (Path f : librarySources()) {
      if (f.getFileName().toString().equals(simple + ".java")) {
        String relative = f.toString().replace('\\', '/');
        String fqn =
            relative
                .substring(relative.indexOf("/src/main/java/") + "/src/main/java/".length())
                .replace(".java", "")
                .replace('/', '.');
        try {
          java.lang.reflect.Field field = Class.forName(fqn).getDeclaredField(name);
          field.setAccessible(true);
          return Optional.of((String) field.get(null));
        } catch (ReflectiveOperationException e) {
          throw new AssertionError("cannot read " + fqn + "." + name, e);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The values of the parameter {@code name} of the method around {@code at}: what the calls of
   * that method in the same file pass in its place.
   */
  private static Optional<Set<String>> parameter(Path file, String text, String name, int at) {
    Matcher decl =
        Pattern.compile("(\\w+)\\s*\\(([^()]*\\bString\\s+" + name + "\\b[^()]*)\\)\\s*\\{")
            .matcher(text.substring(0, at));
    String method = null;
    int index = -1;
    while (decl.find()) {
      method = decl.group(1);
      List<String> params = List.of(decl.group(2).split(","));
      for (int i = 0; i < params.size(); i++) {
        if (params.get(i).strip().endsWith(" " + name)) {
          index = i;
        }
      }
    }
    if (method == null || index < 0) {
      return Optional.empty();
    }
    Set<String> values = new TreeSet<>();
    Matcher call = Pattern.compile("(?<![\\w.])" + method + "\\(").matcher(text);
    while (call.find()) {
      List<String> args = arguments(text, call.end());
      String arg = args.size() > index ? args.get(index) : "";
      if (arg.contains(" " + name) || arg.startsWith("String")) {
        continue; // the declaration itself
      }
      Optional<Set<String>> v = resolve(file, text, arg, call.start());
      if (v.isEmpty() || PARAMETER.matcher(arg).matches()) {
        return Optional.empty();
      }
      values.addAll(v.get());
    }
    return values.isEmpty() ? Optional.empty() : Optional.of(values);
  }

  /** The arguments of the call whose argument list starts at {@code from}, split at top level. */
  private static List<String> arguments(String text, int from) {
    List<String> args = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    int depth = 0;
    boolean quoted = false;
    for (int i = from; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (quoted) {
        current.append(ch);
        if (ch == '\\') {
          current.append(text.charAt(++i));
        } else if (ch == '"') {
          quoted = false;
        }
        continue;
      }
      if (ch == '"') {
        quoted = true;
      } else if (ch == '(') {
        depth++;
      } else if (ch == ')' && depth-- == 0) {
        args.add(current.toString().strip());
        return args;
      } else if (ch == ',' && depth == 0) {
        args.add(current.toString().strip());
        current.setLength(0);
        continue;
      }
      current.append(ch);
    }
    throw new AssertionError("unclosed call at " + from);
  }

  private static String className(Path file) {
    return file.getFileName().toString().replace(".java", "");
  }

  @Test
  void theCliPrintsItsFlagsInALibraryError() {
    WickException refused =
        WickException.usage("Output x already exists; allow overwriting to replace it.")
            .about(Output.OVERWRITE, Output.ALLOW_OVERWRITE);

    assertThat(Flags.message(refused))
        .isEqualTo("Output x already exists; pass --overwrite to replace it.");
    assertThat(Flags.message(WickException.usage("No setting; allow overwriting.")))
        .isEqualTo("No setting; allow overwriting.");
  }

  private static List<Path> librarySources() {
    List<Path> out = new ArrayList<>();
    for (String s : LIBRARY_SOURCES) {
      Path p = root().resolve(s);
      assertThat(p).as("library source " + s).exists();
      try (Stream<Path> files = Files.walk(p)) {
        files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(out::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The repository root: the cli module's parent (tests run in the module's folder). */
  private static Path root() {
    return Paths.get("").toAbsolutePath().getParent();
  }
}
