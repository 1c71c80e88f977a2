package dev.wick.cli;

import java.net.URISyntaxException;
import java.net.URL;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * Spark's own logging in the {@code wick} command: one line per warning or error and no stack trace
 * ({@code wick-log4j2.properties}), or everything from INFO on with stack traces under {@code
 * --verbose} ({@code wick-log4j2-verbose.properties}). The files have names of their own, so that a
 * {@code log4j2.properties} of another jar on the classpath cannot stand in for them.
 */
final class Logging {
  private static final String QUIET = "/wick-log4j2.properties";
  private static final String VERBOSE = "/wick-log4j2-verbose.properties";

  private static String active;

  private Logging() {}

  /** Applies the quiet or the verbose configuration, unless it is the one in use. */
  static synchronized void configure(boolean verbose) {
    String wanted = verbose ? VERBOSE : QUIET;
    if (wanted.equals(active)) {
      return;
    }
    URL resource = Logging.class.getResource(wanted);
    if (resource == null) {
      return; // a build without the configuration: keep log4j's own
    }
    try {
      Configurator.reconfigure(resource.toURI());
      active = wanted;
    } catch (URISyntaxException e) {
      // a resource URL is a URI; keep the configuration in use otherwise
    }
  }

  /** Whether the arguments ask for {@code --verbose}, read before picocli parses them. */
  static boolean verbose(String[] args) {
    for (String a : args) {
      if (a.equals("--")) {
        return false;
      }
      if (a.equals("-v") || a.equals("--verbose")) {
        return true;
      }
    }
    return false;
  }
}
