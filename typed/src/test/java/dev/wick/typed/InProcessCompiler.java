package dev.wick.typed;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles Java sources in-process with javac, on the test classpath, with annotation processors
 * discovered from it as Maven would (so Wick's processor runs through its service registration).
 */
final class InProcessCompiler {
  private InProcessCompiler() {}

  /** One compiler message. */
  record Message(Diagnostic.Kind kind, String file, long line, String text) {
    @Override
    public String toString() {
      return file + ":" + line + ": " + kind + ": " + text;
    }
  }

  /** The result of a compilation: whether it succeeded, its messages, and the generated sources. */
  record Result(boolean success, List<Message> messages, Path generated) {
    List<Message> errors() {
      return messages.stream().filter(m -> m.kind() == Diagnostic.Kind.ERROR).toList();
    }
  }

  /** Compiles {@code sources} (file name, such as {@code snippet/Job.java}, to text). */
  static Result compile(Map<String, String> sources) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try {
      Path out = Files.createTempDirectory("wick-javac");
      Path generated = Files.createDirectories(out.resolve("generated"));
      Path classes = Files.createDirectories(out.resolve("classes"));
      List<JavaFileObject> units = new ArrayList<>();
      sources.forEach((name, text) -> units.add(new Source(name, text)));
      List<String> options =
          List.of(
              "-classpath",
              classpath(),
              "-d",
              classes.toString(),
              "-s",
              generated.toString(),
              "--release",
              "17",
              "-Xmaxerrs",
              "1000");
      try (StandardJavaFileManager files =
          javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
        boolean ok = javac.getTask(null, files, diagnostics, options, null, units).call();
        List<Message> messages = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
          String file = d.getSource() == null ? "" : d.getSource().getName();
          messages.add(
              new Message(d.getKind(), file, d.getLineNumber(), d.getMessage(Locale.ROOT)));
        }
        return new Result(ok, messages, generated);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The test classpath; surefire puts it in a system property when it forks. */
  static String classpath() {
    String cp = System.getProperty("surefire.test.class.path");
    if (cp == null || cp.isBlank()) {
      cp = System.getProperty("java.class.path");
    }
    return cp;
  }

  private static final class Source extends SimpleJavaFileObject {
    private final String text;

    Source(String name, String text) {
      super(URI.create("string:///" + name.replace(File.separatorChar, '/')), Kind.SOURCE);
      this.text = text;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return text;
    }
  }
}
