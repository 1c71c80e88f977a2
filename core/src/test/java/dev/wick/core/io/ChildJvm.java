package dev.wick.core.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** What the tests that kill a writing JVM share: starting it, and fingerprinting a folder. */
final class ChildJvm {
  private ChildJvm() {}

  /**
   * A JVM running {@code main} with the test JVM's classpath and Spark flags (the root pom's
   * surefire argLine), its output in {@code log}.
   */
  static Process start(Class<?> main, Path log, List<String> properties, List<String> args)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx1g");
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("--add-opens")
          || arg.startsWith("-Djdk.reflect")
          || arg.startsWith("-Dio.netty")) {
        command.add(arg);
      }
    }
    command.add("-Duser.timezone=UTC");
    command.addAll(properties);
    String log4j = System.getProperty("log4j2.configurationFile");
    if (log4j != null) {
      command.add("-Dlog4j2.configurationFile=" + log4j);
    }
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(main.getName());
    command.addAll(args);
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
  }

  /** Every file below {@code folder} with a SHA-256 digest of its bytes. */
  static Map<String, String> contents(Path folder) {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        out.put(folder.relativize(p).toString(), digest(Files.readAllBytes(p)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static String digest(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
