package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.wick.core.json.Json;
import dev.wick.core.spark.WickSpark;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --notify}: the verdict posted to real servers on the loopback, started here: one that
 * answers 200 and keeps what it received, one that answers 500, and one that accepts connections
 * and never answers. A notification that fails warns once and changes nothing else; secrets given
 * through the environment never reach the console or a file; bad settings are refused before any
 * work.
 */
class NotifyCommandTest {
  static final String PLAYS = "../examples/data/track_plays";
  static final String PASSING = "../examples/checks/track_plays.yaml";
  static final String WEBHOOK_SECRET = "T0000/B0000/hunter2-webhook-key";
  static final String TOKEN_SECRET = "sk-bearer-0123456789";

  @TempDir static Path tmp;

  static HttpServer ok;
  static HttpServer broken;
  static ServerSocket silent;
  static final List<Received> received = new CopyOnWriteArrayList<>();
  static final List<String> brokenPaths = new CopyOnWriteArrayList<>();
  static final List<Socket> held = new CopyOnWriteArrayList<>();
  static Path failing;

  /** A request the 200 server received. */
  record Received(String path, String contentType, String authorization, JsonNode body) {}

  @BeforeAll
  static void servers() throws IOException {
    WickSpark.local(2);
    InetSocketAddress loopback = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    ok = HttpServer.create(loopback, 0);
    ok.createContext(
        "/",
        ex -> {
          String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          received.add(
              new Received(
                  ex.getRequestURI().getPath(),
                  ex.getRequestHeaders().getFirst("Content-Type"),
                  ex.getRequestHeaders().getFirst("Authorization"),
                  Json.read(body, "the notification")));
          ex.sendResponseHeaders(200, -1);
          ex.close();
        });
    ok.start();
    broken = HttpServer.create(loopback, 0);
    broken.createContext(
        "/",
        ex -> {
          brokenPaths.add(ex.getRequestURI().getPath());
          ex.getRequestBody().readAllBytes();
          ex.sendResponseHeaders(500, -1);
          ex.close();
        });
    broken.start();
    silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor =
        new Thread(
            () -> {
              while (!silent.isClosed()) {
                try {
                  held.add(silent.accept()); // kept open, never answered
                } catch (IOException e) {
                  return;
                }
              }
            },
            "silent-webhook");
    acceptor.setDaemon(true);
    acceptor.start();
    failing =
        Files.writeString(
            tmp.resolve("failing.yaml"),
            "checks:\n"
                + "  - {check: rowCount, min: 1000000}\n"
                + "  - {check: unique, fields: [play_id]}\n");
  }

  @AfterAll
  static void stop() throws IOException {
    ok.stop(0);
    broken.stop(0);
    silent.close();
    for (Socket s : held) {
      s.close();
    }
  }

  static String url(HttpServer server, String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  static List<Received> receivedAt(String path) {
    return received.stream().filter(r -> r.path().equals(path)).toList();
  }

  /** Runs {@code wick} with environment {@code env}, capturing the console. */
  static CliRun wick(Map<String, String> env, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Wick.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            env::get);
    return new CliRun(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  static String[] check(String checks, Path out, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of("check", "--in", PLAYS, "--checks", checks, "--out", out.toString()));
    args.addAll(List.of(more));
    return args.toArray(new String[0]);
  }

  @Test
  void aFailedCheckIsPostedWithItsFailuresReportAndTokenAndNoSecretIsPrintedOrWritten()
      throws IOException {
    Path out = tmp.resolve("failed");
    Map<String, String> env =
        Map.of(
            "WICK_HOOK",
            url(ok, "/failed/" + WEBHOOK_SECRET) + "?key=" + WEBHOOK_SECRET,
            "WICK_TOKEN",
            TOKEN_SECRET);
    Path xml = tmp.resolve("failed.xml");
    CliRun run =
        wick(
            env,
            check(
                failing.toString(),
                out,
                "--junit-xml",
                xml.toString(),
                "--notify",
                "env:WICK_HOOK",
                "--notify-auth-env",
                "WICK_TOKEN"));

    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.out()).contains("Sent the FAILED verdict to env:WICK_HOOK.");
    assertThat(run.err()).doesNotContain("warning");
    List<Received> got = receivedAt("/failed/" + WEBHOOK_SECRET);
    assertThat(got).hasSize(1);
    Received r = got.get(0);
    assertThat(r.contentType()).isEqualTo("application/json");
    assertThat(r.authorization()).isEqualTo("Bearer " + TOKEN_SECRET);
    assertThat(r.body().get("text").asText())
        .startsWith("*wick check: FAILED*")
        .contains("• rowCount: the input has 20,000 rows; it must have at least 1000000.");
    JsonNode wick = r.body().get("wick");
    assertThat(wick.get("command").asText()).isEqualTo("check");
    assertThat(wick.get("outcome").asText()).isEqualTo("FAILED");
    assertThat(wick.get("subject").asText()).isEqualTo(PLAYS);
    assertThat(wick.get("failures").get(0).get("subject").asText()).isEqualTo("rowCount");
    Path report = Path.of(wick.get("report").asText());
    assertThat(report).isAbsolute().isRegularFile().hasFileName("checks.html");
    assertThat(report.getParent()).isEqualTo(out.toAbsolutePath().normalize());
    assertThat(r.body().get("text").asText()).endsWith("Report: " + report);

    List<Path> written = new ArrayList<>(List.of(xml));
    try (Stream<Path> files = Files.walk(out)) {
      files.filter(Files::isRegularFile).forEach(written::add);
    }
    for (String secret : List.of(WEBHOOK_SECRET, TOKEN_SECRET, "hunter2")) {
      assertThat(run.out() + run.err()).doesNotContain(secret);
      for (Path f : written) {
        assertThat(Files.readAllBytes(f))
            .as(f.toString())
            .asString(StandardCharsets.ISO_8859_1)
            .doesNotContain(secret);
      }
    }
  }

  @Test
  void aServerErrorIsTriedThreeTimesThenWarnedOnceAndTheExitCodeStands() {
    Path out = tmp.resolve("server-error");
    CliRun run =
        wick(
            Map.of(),
            check(
                failing.toString(), out, "--notify", url(broken, "/hook") + "?token=query-secret"));

    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(brokenPaths).containsExactly("/hook", "/hook", "/hook");
    assertThat(run.err().lines().filter(l -> l.startsWith("warning:")))
        .containsExactly(
            "warning: could not notify "
                + url(broken, "/hook")
                + " (HTTP 500 after 3 tries); the verdict stands.");
    assertThat(run.err()).contains("dataset check failed: ");
    assertThat(run.out() + run.err()).doesNotContain("query-secret");
    assertThat(out.resolve("checks.html")).isRegularFile();
  }

  @Test
  void aReceiverThatNeverAnswersTimesOutWarnsOnceAndTheRunEndsInTime() {
    Path out = tmp.resolve("silent");
    long start = System.nanoTime();
    CliRun run =
        wick(
            Map.of("SILENT_HOOK", "http://127.0.0.1:" + silent.getLocalPort() + "/hook"),
            check(
                failing.toString(),
                out,
                "--notify",
                "env:SILENT_HOOK",
                "--notify-timeout",
                "300ms"));
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.err().lines().filter(l -> l.startsWith("warning:")))
        .containsExactly(
            "warning: could not notify env:SILENT_HOOK (no answer within 300ms after 3 tries); the"
                + " verdict stands.");
    assertThat(run.out() + run.err()).doesNotContain(String.valueOf(silent.getLocalPort()));
    // Three tries of 300 ms and 1.5 s of backoff, beside the check itself.
    assertThat(took).isLessThan(Duration.ofSeconds(20));
    assertThat(held).hasSizeGreaterThanOrEqualTo(1);
  }

  @Test
  void aPassingRunIsSentOnlyWhenAskedForAlways() {
    String hook = url(ok, "/passed");
    CliRun quiet = wick(Map.of(), check(PASSING, tmp.resolve("pass-default"), "--notify", hook));
    assertThat(quiet.exitCode()).as(quiet.err()).isZero();
    assertThat(quiet.out()).doesNotContain("Sent the");
    assertThat(receivedAt("/passed")).isEmpty();

    CliRun always =
        wick(
            Map.of(),
            check(PASSING, tmp.resolve("pass-always"), "--notify", hook, "--notify-on", "always"));
    assertThat(always.exitCode()).as(always.err()).isZero();
    assertThat(always.out()).contains("Sent the PASSED verdict to " + hook + ".");
    assertThat(receivedAt("/passed")).hasSize(1);
    JsonNode wick = receivedAt("/passed").get(0).body().get("wick");
    assertThat(wick.get("outcome").asText()).isEqualTo("PASSED");
    assertThat(wick.get("failures")).isEmpty();
    assertThat(Path.of(wick.get("report").asText())).isRegularFile();
  }

  /** A failing run of a gated command, and the report its notification points to. */
  record Gated(String report, String command, List<String> args) {}

  @Test
  void everyGatedCommandPostsItsFailedVerdictWithItsReport() {
    String baseline = "../examples/data/counts_baseline";
    String candidate = "../examples/data/counts_candidate";
    Path before = tmp.resolve("profile-before");
    Path after = tmp.resolve("gated-profile");
    CliRun profiled = wick(Map.of(), "profile", "--in", baseline, "--out", before.toString());
    assertThat(profiled.exitCode()).as(profiled.err()).isZero();
    String[] diff = {"--lhs", baseline, "--rhs", candidate, "--key", "track_id"};
    String schema = "../examples/src/main/avro/TrackPlay.avsc";
    String oldProfile = before.resolve("profile.json").toString();
    List<Gated> runs =
        List.of(
            new Gated("report.html", "diff", List.of(diff)),
            new Gated(
                "report.html",
                "validate",
                List.of("--in", PLAYS, "--schema", schema, "--max-invalid-fraction", "0.001")),
            new Gated(
                "profile.html",
                "profile",
                List.of(
                    "--in", candidate, "--baseline", oldProfile, "--max-drift", "distinct=0.01")),
            new Gated(
                "drift.html",
                "drift",
                List.of(
                    "--old",
                    before.toString(),
                    "--new",
                    after.toString(),
                    "--max-drift",
                    "distinct=0.01")));
    for (Gated run : runs) {
      Path out = run.command().equals("profile") ? after : tmp.resolve("gated-" + run.command());
      String path = "/gated/" + run.command();
      List<String> args = new ArrayList<>(List.of(run.command()));
      args.addAll(run.args());
      if (run.command().equals("diff")) {
        args.addAll(List.of("--max-diff-fraction", "0.01"));
      }
      args.addAll(List.of("--out", out.toString(), "--notify", url(ok, path)));
      CliRun r = wick(Map.of(), args.toArray(new String[0]));
      assertThat(r.exitCode()).as(args + r.err()).isEqualTo(1);
      assertThat(r.out()).contains("Sent the FAILED verdict to " + url(ok, path) + ".");
      assertThat(receivedAt(path)).as(run.command()).hasSize(1);
      JsonNode wick = receivedAt(path).get(0).body().get("wick");
      assertThat(wick.get("command").asText())
          .isEqualTo(run.command().equals("profile") ? "drift" : run.command());
      assertThat(wick.get("outcome").asText()).isEqualTo("FAILED");
      assertThat(Path.of(wick.get("report").asText()))
          .isRegularFile()
          .isEqualTo(out.toAbsolutePath().normalize().resolve(run.report()));
    }
  }

  @Test
  void badSettingsAreRefusedBeforeAnyWorkAndNoSecretIsEchoed() {
    Map<String, String> env = new HashMap<>();
    env.put("EMPTY_HOOK", " ");
    env.put("FTP_HOOK", "ftp://files.example.com/" + WEBHOOK_SECRET);
    env.put("USER_HOOK", "https://me:" + WEBHOOK_SECRET + "@hooks.example.com/x");
    env.put("GOOD_HOOK", "https://hooks.example.com/x");
    Map<List<String>, String> refusals = new java.util.LinkedHashMap<>();
    refusals.put(
        List.of("--notify", "ftp://files.example.com/drop"),
        "error: --notify ftp://files.example.com/drop is not an http or https URL; give the"
            + " webhook's address, such as https://hooks.example.com/wick.");
    refusals.put(
        List.of("--notify", "https://me:" + WEBHOOK_SECRET + "@hooks.example.com/x?k=1"),
        "error: --notify https://hooks.example.com/x has a user and password in it; put the URL in"
            + " an environment variable and pass --notify env:NAME.");
    refusals.put(
        List.of("--notify", "env:UNSET_HOOK"),
        "error: --notify env:UNSET_HOOK names environment variable UNSET_HOOK, which is unset or"
            + " empty; export UNSET_HOOK with the webhook's URL.");
    refusals.put(
        List.of("--notify", "env:EMPTY_HOOK"),
        "error: --notify env:EMPTY_HOOK names environment variable EMPTY_HOOK, which is unset or"
            + " empty; export EMPTY_HOOK with the webhook's URL.");
    refusals.put(
        List.of("--notify", "env:FTP_HOOK"),
        "error: The URL in environment variable FTP_HOOK is not an http or https URL; give the"
            + " webhook's address, such as https://hooks.example.com/wick.");
    refusals.put(
        List.of("--notify", "env:USER_HOOK"),
        "error: The URL in environment variable USER_HOOK has a user and password in it; drop"
            + " them, and pass a token with --notify-auth-env NAME if the receiver needs one.");
    refusals.put(
        List.of("--notify", "env:GOOD_HOOK", "--notify-auth-env", "UNSET_TOKEN"),
        "error: --notify-auth-env UNSET_TOKEN names environment variable UNSET_TOKEN, which is"
            + " unset or empty; export UNSET_TOKEN with the bearer token.");
    refusals.put(
        List.of("--notify", "env:GOOD_HOOK", "--notify-on", "sometimes"),
        "error: --notify-on sometimes is neither fail nor always; pass --notify-on fail (the"
            + " default) or --notify-on always.");
    refusals.put(
        List.of("--notify", "env:GOOD_HOOK", "--notify-timeout", "soon"),
        "error: --notify-timeout soon is not a duration longer than zero; write one such as 10s"
            + " or 500ms.");
    refusals.put(
        List.of("--notify-on", "always"),
        "error: --notify-on has nothing to act on; add --notify URL, or drop --notify-on.");
    int i = 0;
    for (Map.Entry<List<String>, String> refusal : refusals.entrySet()) {
      Path out = tmp.resolve("refused-" + i++);
      CliRun run =
          wick(env, check(failing.toString(), out, refusal.getKey().toArray(new String[0])));
      assertThat(run.exitCode()).as(refusal.getKey().toString()).isEqualTo(2);
      assertThat(run.err()).isEqualTo(refusal.getValue() + "\n");
      assertThat(run.out()).isEmpty();
      assertThat(run.err()).doesNotContain(WEBHOOK_SECRET);
      assertThat(out).doesNotExist();
    }

    CliRun profile =
        wick(
            env,
            "profile",
            "--in",
            PLAYS,
            "--out",
            tmp.resolve("profile").toString(),
            "--notify",
            "env:GOOD_HOOK");
    assertThat(profile.exitCode()).isEqualTo(2);
    assertThat(profile.err())
        .isEqualTo(
            "error: --notify sends a verdict, which this command reaches only with --baseline"
                + " OLD/profile.json; pass it, or drop --notify.\n");
  }

  @Test
  void aUrlOnTheCommandLineIsShownWithoutItsUserQueryOrFragment() {
    assertThat(NotifyOptions.shown("https://u:p@hooks.example.com:8443/a/b?token=x#frag"))
        .isEqualTo("https://hooks.example.com:8443/a/b");
    assertThat(NotifyOptions.shown("http://127.0.0.1:9/hook")).isEqualTo("http://127.0.0.1:9/hook");
    assertThat(NotifyOptions.shown("hooks.example.com/x?y")).isEqualTo("hooks.example.com/x");
    assertThat(NotifyOptions.shown("https://me:a/b@hooks.example.com/x"))
        .isEqualTo("https://hooks.example.com/x");
  }
}
