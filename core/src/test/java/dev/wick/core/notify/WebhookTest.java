package dev.wick.core.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.wick.core.gate.Verdict;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Posting to a real server on the loopback: what is sent, what is retried, what is reported. */
class WebhookTest {
  static final Notification MESSAGE =
      Notification.of(
          Verdict.notJudged("diff", "a vs b", "No threshold.", List.of()), Optional.empty());

  /** A server answering {@code status}, counting requests and keeping their bodies and headers. */
  record Server(HttpServer http, AtomicInteger requests, List<String> seen)
      implements AutoCloseable {
    static Server answering(int status) throws IOException {
      HttpServer http =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      AtomicInteger requests = new AtomicInteger();
      List<String> seen = new CopyOnWriteArrayList<>();
      http.createContext(
          "/",
          ex -> {
            requests.incrementAndGet();
            seen.add(
                ex.getRequestMethod()
                    + " "
                    + ex.getRequestHeaders().getFirst("Content-Type")
                    + " "
                    + ex.getRequestHeaders().getFirst("Authorization")
                    + " "
                    + new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            ex.sendResponseHeaders(status, -1);
            ex.close();
          });
      http.start();
      return new Server(http, requests, seen);
    }

    URI url() {
      return URI.create("http://127.0.0.1:" + http.getAddress().getPort() + "/hook?key=s3cret");
    }

    @Override
    public void close() {
      http.stop(0);
    }
  }

  @Test
  void aTwoHundredIsDeliveredAtTheFirstTryWithTheJsonAndTheToken() throws IOException {
    try (Server s = Server.answering(200)) {
      Delivery d = Webhook.to(s.url()).bearerToken("t0ken").send(MESSAGE);
      assertThat(d).isEqualTo(new Delivery(true, 1, "HTTP 200"));
      assertThat(s.seen())
          .singleElement()
          .asString()
          .startsWith("POST application/json Bearer t0ken {");
      assertThat(s.seen().get(0)).endsWith(MESSAGE.json());
    }
  }

  @Test
  void aServerErrorIsTriedAgainAndAClientErrorIsNot() throws IOException {
    try (Server s = Server.answering(503)) {
      Delivery d = Webhook.to(s.url()).attempts(3).backoff(Duration.ofMillis(10)).send(MESSAGE);
      assertThat(d).isEqualTo(new Delivery(false, 3, "HTTP 503"));
      assertThat(d.summary()).isEqualTo("HTTP 503 after 3 tries");
      assertThat(s.requests()).hasValue(3);
    }
    try (Server s = Server.answering(404)) {
      Delivery d = Webhook.to(s.url()).backoff(Duration.ofMillis(10)).send(MESSAGE);
      assertThat(d.summary()).isEqualTo("HTTP 404");
      assertThat(s.requests()).hasValue(1);
    }
  }

  @Test
  void aServerThatNeverAnswersTimesOutEveryTryAndNothingIsThrown() throws IOException {
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      long start = System.nanoTime();
      Delivery d =
          Webhook.to(URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/"))
              .timeout(Duration.ofMillis(300))
              .attempts(2)
              .backoff(Duration.ofMillis(10))
              .send(MESSAGE);
      assertThat(d).isEqualTo(new Delivery(false, 2, "no answer within 300ms"));
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }
  }

  @Test
  void nothingListeningIsAFailureNotAnException() throws IOException {
    int port;
    try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = closed.getLocalPort();
    }
    Delivery d =
        Webhook.to(URI.create("http://127.0.0.1:" + port + "/"))
            .backoff(Duration.ZERO)
            .send(MESSAGE);
    assertThat(d.delivered()).isFalse();
    assertThat(d.summary()).isEqualTo("connection refused after 3 tries");
  }

  @Test
  void onlyHttpAddressesWithoutCredentialsAreWebhooksAndNoneIsPrinted() {
    assertThatThrownBy(() -> Webhook.to(URI.create("ftp://example.com/x")))
        .hasMessageContaining("http or https");
    assertThatThrownBy(() -> Webhook.to(URI.create("https://u:p@example.com/x")))
        .hasMessageContaining("user and password")
        .hasMessageNotContaining("u:p");
    assertThat(
            Webhook.to(URI.create("https://hooks.example.com/services/SECRET"))
                .bearerToken("t0k3n-xyz"))
        .asString()
        .doesNotContain("SECRET")
        .doesNotContain("t0k3n")
        .startsWith("Webhook[https://hooks.example.com");
  }
}
