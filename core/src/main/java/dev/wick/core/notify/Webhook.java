package dev.wick.core.notify;

import dev.wick.core.report.Wording;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A webhook that receives {@link Notification}s: an {@code http} or {@code https} address, posted
 * to with {@code Content-Type: application/json} and, when a token is given, {@code Authorization:
 * Bearer <token>}.
 *
 * <p>Each try must connect and be answered within the timeout (10 seconds unless set). A try that
 * cannot connect, gets no answer in time, or is answered 5xx is tried again, up to {@link
 * #attempts()} tries in all, waiting {@link #backoff()} times the number of tries made so far
 * between them; a 4xx answer is final. {@link #send} never throws: it returns what happened.
 *
 * <p>The address and the token are secrets (a Slack webhook's path is its key): {@link #toString()}
 * and every {@link Delivery} leave them out.
 */
public final class Webhook {
  /** How long a try may take to connect, and then to be answered, unless set. */
  public static final Duration TIMEOUT = Duration.ofSeconds(10);

  /** How many tries a notification gets, unless set. */
  public static final int ATTEMPTS = 3;

  /** The wait after the first failed try (then twice it, ...), unless set. */
  public static final Duration BACKOFF = Duration.ofMillis(500);

  private final URI url;
  private final Optional<String> bearerToken;
  private final Duration timeout;
  private final int attempts;
  private final Duration backoff;

  private Webhook(
      URI url, Optional<String> bearerToken, Duration timeout, int attempts, Duration backoff) {
    this.url = url;
    this.bearerToken = bearerToken;
    this.timeout = timeout;
    this.attempts = attempts;
    this.backoff = backoff;
  }

  /**
   * The webhook at {@code url}.
   *
   * @throws IllegalArgumentException when it is not an absolute {@code http} or {@code https}
   *     address with a host, or holds a user and password
   */
  public static Webhook to(URI url) {
    Objects.requireNonNull(url, "url");
    String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
    if (!(scheme.equals("http") || scheme.equals("https")) || url.getHost() == null) {
      throw new IllegalArgumentException(
          "A webhook needs an http or https address with a host; give one such as"
              + " https://hooks.example.com/wick.");
    }
    if (url.getRawUserInfo() != null) {
      throw new IllegalArgumentException(
          "A webhook address must not hold a user and password; give the token as a bearer token"
              + " instead.");
    }
    return new Webhook(url, Optional.empty(), TIMEOUT, ATTEMPTS, BACKOFF);
  }

  /** This webhook, sending {@code Authorization: Bearer token}. */
  public Webhook bearerToken(String token) {
    if (token == null || token.isBlank() || token.contains("\n") || token.contains("\r")) {
      throw new IllegalArgumentException(
          "A bearer token must be one line of text; give the token alone.");
    }
    return new Webhook(url, Optional.of(token), timeout, attempts, backoff);
  }

  /** This webhook, with {@code timeout} to connect and then to be answered, per try. */
  public Webhook timeout(Duration timeout) {
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException(
          "A webhook's timeout must be longer than zero; give one such as 10 seconds.");
    }
    return new Webhook(url, bearerToken, timeout, attempts, backoff);
  }

  /** This webhook, trying at most {@code attempts} times (at least 1). */
  public Webhook attempts(int attempts) {
    if (attempts < 1) {
      throw new IllegalArgumentException(
          "A webhook is tried at least once; give 1 or more attempts, not " + attempts + ".");
    }
    return new Webhook(url, bearerToken, timeout, attempts, backoff);
  }

  /** This webhook, waiting {@code backoff} times the tries made so far before trying again. */
  public Webhook backoff(Duration backoff) {
    if (backoff == null || backoff.isNegative()) {
      throw new IllegalArgumentException(
          "A webhook's backoff cannot be negative; give zero or more, such as 500 ms.");
    }
    return new Webhook(url, bearerToken, timeout, attempts, backoff);
  }

  /** How long a try may take to connect, and then to be answered. */
  public Duration timeout() {
    return timeout;
  }

  /** How many tries a notification gets at most. */
  public int attempts() {
    return attempts;
  }

  /** The wait after the first failed try; the n-th waits n times it. */
  public Duration backoff() {
    return backoff;
  }

  /**
   * Posts {@code notification}'s JSON, trying again on no connection, no answer and 5xx answers.
   * Never throws; an interrupt ends the tries and is kept on the thread.
   */
  public Delivery send(Notification notification) {
    HttpClient client;
    HttpRequest request;
    try {
      client =
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_1_1)
              .connectTimeout(timeout)
              .followRedirects(HttpClient.Redirect.NEVER)
              .build();
      HttpRequest.Builder b =
          HttpRequest.newBuilder(url)
              .timeout(timeout)
              .header("Content-Type", "application/json")
              .header("User-Agent", "wick")
              .POST(
                  HttpRequest.BodyPublishers.ofString(notification.json(), StandardCharsets.UTF_8));
      bearerToken.ifPresent(t -> b.header("Authorization", "Bearer " + t));
      request = b.build();
    } catch (RuntimeException e) {
      return new Delivery(
          false, 0, "the request could not be made (" + e.getClass().getSimpleName() + ")");
    }
    String reason = "not tried";
    for (int tried = 1; tried <= attempts; tried++) {
      try {
        int status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        reason = "HTTP " + status;
        if (status >= 200 && status < 300) {
          return new Delivery(true, tried, reason);
        }
        if (status < 500) {
          return new Delivery(false, tried, reason);
        }
      } catch (HttpConnectTimeoutException e) {
        reason = "no connection within " + Wording.duration(timeout);
      } catch (HttpTimeoutException e) {
        reason = "no answer within " + Wording.duration(timeout);
      } catch (ConnectException e) {
        reason = "connection refused";
      } catch (IOException e) {
        reason = "connection failed (" + e.getClass().getSimpleName() + ")";
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return new Delivery(false, tried, "interrupted");
      } catch (RuntimeException e) {
        return new Delivery(
            false, tried, "the request failed (" + e.getClass().getSimpleName() + ")");
      }
      if (tried < attempts && !pause(backoff.multipliedBy(tried))) {
        return new Delivery(false, tried, reason + ", then interrupted");
      }
    }
    return new Delivery(false, attempts, reason);
  }

  /** Waits {@code d}; false when interrupted (the interrupt is kept). */
  private static boolean pause(Duration d) {
    try {
      Thread.sleep(d.toMillis());
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** The webhook without its address or token, which may be secrets. */
  @Override
  public String toString() {
    return "Webhook["
        + url.getScheme()
        + "://"
        + url.getHost()
        + ", timeout "
        + Wording.duration(timeout)
        + ", "
        + attempts
        + " attempts"
        + (bearerToken.isPresent() ? ", bearer token" : "")
        + "]";
  }
}
