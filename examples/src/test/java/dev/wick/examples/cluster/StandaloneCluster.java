package dev.wick.examples.cluster;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Spark standalone cluster on 127.0.0.1 (one master, one worker) started from the Spark jars of
 * this JVM's classpath, with no Spark distribution: {@code SPARK_HOME} is a folder whose {@code
 * jars/} links to those jars, which is all the worker needs to launch executors. Wick's own classes
 * are left out, so that a job only runs if its application jars carry what it needs.
 */
final class StandaloneCluster implements AutoCloseable {
  static final List<String> JAVA_OPENS =
      List.of(
          "--add-opens=java.base/java.lang=ALL-UNNAMED",
          "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
          "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
          "--add-opens=java.base/java.io=ALL-UNNAMED",
          "--add-opens=java.base/java.net=ALL-UNNAMED",
          "--add-opens=java.base/java.nio=ALL-UNNAMED",
          "--add-opens=java.base/java.util=ALL-UNNAMED",
          "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
          "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
          "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
          "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
          "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
          "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED");

  private final Path home;
  private final Path logs;
  private final int port;
  private final List<Process> processes = new ArrayList<>();

  private StandaloneCluster(Path home, Path logs, int port) {
    this.home = home;
    this.logs = logs;
    this.port = port;
  }

  /**
   * Starts a master and a worker with {@code cores} cores, and waits until the worker registered.
   */
  static StandaloneCluster start(Path dir, int cores) throws Exception {
    Path home = dir.resolve("spark-home");
    Path jars = home.resolve("jars");
    Files.createDirectories(jars);
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path p = Path.of(entry);
      String name = p.getFileName().toString();
      // Spark and its dependencies only: no Wick module, no test framework.
      if (!name.endsWith(".jar") || entry.contains("/dev/wick/") || entry.contains("/target/")) {
        continue;
      }
      Path link = jars.resolve(name);
      if (!Files.exists(link)) {
        Files.createSymbolicLink(link, p.toAbsolutePath());
      }
    }
    Path logs = dir.resolve("logs");
    Files.createDirectories(logs);
    StandaloneCluster cluster = new StandaloneCluster(home, logs, freePort());
    try {
      cluster.launch(
          "master",
          List.of(
              "org.apache.spark.deploy.master.Master",
              "--host",
              "127.0.0.1",
              "--port",
              String.valueOf(cluster.port),
              "--webui-port",
              String.valueOf(freePort())));
      cluster.awaitLog("master", "I have been elected leader", Duration.ofMinutes(3));
      cluster.launch(
          "worker",
          List.of(
              "org.apache.spark.deploy.worker.Worker",
              "--host",
              "127.0.0.1",
              "--webui-port",
              String.valueOf(freePort()),
              "--cores",
              String.valueOf(cores),
              "--memory",
              "2g",
              "--work-dir",
              dir.resolve("work").toString(),
              cluster.masterUrl()));
      cluster.awaitLog("worker", "Successfully registered with master", Duration.ofMinutes(3));
      return cluster;
    } catch (Exception e) {
      cluster.close();
      throw e;
    }
  }

  String masterUrl() {
    return "spark://127.0.0.1:" + port;
  }

  /**
   * Runs {@code spark-submit} (the {@code SparkSubmit} class on the cluster's jars) in client mode
   * and returns its exit code; its output goes to {@code logs/NAME.log}.
   */
  Submission submit(String name, List<String> submitArgs) throws Exception {
    List<String> args = new ArrayList<>();
    args.add("org.apache.spark.deploy.SparkSubmit");
    args.add("--master");
    args.add(masterUrl());
    args.add("--conf");
    args.add("spark.driver.host=127.0.0.1");
    args.add("--conf");
    args.add("spark.driver.bindAddress=127.0.0.1");
    args.add("--conf");
    args.add("spark.ui.enabled=false");
    args.add("--executor-memory");
    args.add("1g");
    args.addAll(submitArgs);
    Process p = launch(name, args);
    if (!p.waitFor(10, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new IllegalStateException(
          name + " did not finish in 10 minutes; see " + logs.resolve(name + ".log"));
    }
    processes.remove(p);
    return new Submission(
        p.exitValue(), Files.readString(logs.resolve(name + ".log"), StandardCharsets.UTF_8));
  }

  /** What a submission printed (stdout and stderr) and how it ended. */
  record Submission(int exitCode, String output) {}

  private Process launch(String name, List<String> mainAndArgs) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx1g");
    cmd.addAll(JAVA_OPENS);
    cmd.add("-cp");
    cmd.add(home.resolve("jars") + "/*");
    cmd.addAll(mainAndArgs);
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("SPARK_HOME", home.toString());
    pb.environment().put("SPARK_SCALA_VERSION", "2.13");
    pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    pb.redirectErrorStream(true);
    pb.redirectOutput(logs.resolve(name + ".log").toFile());
    Process p = pb.start();
    processes.add(p);
    return p;
  }

  private void awaitLog(String name, String line, Duration timeout) throws Exception {
    Path log = logs.resolve(name + ".log");
    Instant deadline = Instant.now().plus(timeout);
    while (Instant.now().isBefore(deadline)) {
      if (Files.exists(log) && Files.readString(log, StandardCharsets.ISO_8859_1).contains(line)) {
        return;
      }
      Thread.sleep(500);
    }
    String tail =
        Files.exists(log) ? Files.readString(log, StandardCharsets.ISO_8859_1) : "(no log)";
    throw new IllegalStateException(
        "Spark "
            + name
            + " did not log '"
            + line
            + "' within "
            + timeout
            + ":\n"
            + tail.substring(Math.max(0, tail.length() - 3000)));
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** Stops the worker and the master (and anything still submitting). */
  @Override
  public void close() {
    for (int i = processes.size() - 1; i >= 0; i--) {
      Process p = processes.get(i);
      p.destroy();
      try {
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
          p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        p.destroyForcibly();
      }
    }
    processes.clear();
  }
}
