package dev.wick.cli;

import dev.wick.core.Durations;
import dev.wick.core.WickException;
import dev.wick.core.gate.Verdict;
import dev.wick.core.notify.Delivery;
import dev.wick.core.notify.Notification;
import dev.wick.core.notify.Webhook;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * {@code --notify URL}: a gated command's verdict posted as JSON to webhooks (Slack's incoming
 * webhooks, or anything that takes a JSON POST) once the outputs are written. Everything is checked
 * before any work; a notification that fails prints one warning and never changes the exit code or
 * the outputs.
 *
 * <p>Webhook addresses and tokens are secrets: {@code --notify env:NAME} reads the address from an
 * environment variable and {@code --notify-auth-env NAME} the bearer token, and every line printed
 * names an address by its scheme, host and path only, or by its variable.
 */
final class NotifyOptions {
  private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  @Option(
      names = "--notify",
      paramLabel = "URL",
      description =
          "Post the verdict as JSON (Slack-compatible) to URL once the outputs are written; repeat"
              + " for more receivers. env:NAME reads the URL from environment variable NAME, which"
              + " keeps a secret webhook off the command line. A failed notification prints a"
              + " warning and never changes the exit code.")
  List<String> targets = new ArrayList<>();

  @Option(
      names = "--notify-on",
      paramLabel = "fail|always",
      description =
          "When to notify: fail (the default) when the verdict is FAILED, always for every"
              + " verdict, passed and not judged too.")
  String on;

  @Option(
      names = "--notify-timeout",
      paramLabel = "DURATION",
      description =
          "How long each try may take to connect and then to be answered (default 10s); a"
              + " notification is tried 3 times on no answer or a 5xx answer.")
  String timeout;

  @Option(
      names = "--notify-auth-env",
      paramLabel = "NAME",
      description =
          "Send 'Authorization: Bearer TOKEN' with the notification, TOKEN read from environment"
              + " variable NAME.")
  String authEnv;

  private final Function<String, String> env;

  /** The receivers {@link #check()} found, so that sending cannot fail on a setting. */
  private List<Receiver> checked;

  NotifyOptions() {
    this(System::getenv);
  }

  /** The options reading environment variables through {@code env} (tests give their own). */
  NotifyOptions(Function<String, String> env) {
    this.env = env;
  }

  /** A receiver: its webhook, and how lines name it without its secrets. */
  private record Receiver(String name, Webhook webhook) {}

  /** Refuses, before any work, what could not be sent or would print a secret. */
  void check() {
    checked = receivers();
  }

  /**
   * {@link #check()} for a command that reaches a verdict only with {@code needed} ({@code
   * --baseline}), which {@code judges} says was given.
   */
  void check(boolean judges, String needed) {
    if (!judges && !targets.isEmpty()) {
      throw WickException.usage(
          "--notify sends a verdict, which this command reaches only with "
              + needed
              + "; pass it, or drop --notify.");
    }
    check();
  }

  /**
   * Sends {@code verdict}, with where its report is ({@code report} in {@code folder}; no report
   * when {@code folder} is null), to every receiver when {@code --notify-on} asks for it: one line
   * on {@code out} for each delivered, one warning on {@code err} for each not.
   */
  void send(Verdict verdict, String folder, String report, PrintWriter out, PrintWriter err) {
    List<Receiver> receivers = checked == null ? receivers() : checked;
    if (receivers.isEmpty() || failOnly() && verdict.outcome() != Verdict.Outcome.FAILED) {
      return;
    }
    Notification message =
        Notification.of(
            verdict,
            Optional.ofNullable(folder).map(f -> f.replaceFirst("/+$", "") + "/" + report));
    for (Receiver r : receivers) {
      Delivery d = r.webhook().send(message);
      if (d.delivered()) {
        out.println("Sent the " + verdict.outcome().word() + " verdict to " + r.name() + ".");
        out.flush();
      } else {
        err.println(
            "warning: could not notify "
                + r.name()
                + " ("
                + d.summary()
                + "); the verdict stands.");
        err.flush();
      }
    }
  }

  private boolean failOnly() {
    return on == null || on.strip().toLowerCase(Locale.ROOT).equals("fail");
  }

  /** The receivers the options name; refuses a setting that could not be sent. */
  private List<Receiver> receivers() {
    if (targets.isEmpty()) {
      for (String[] given :
          new String[][] {
            {"--notify-on", on}, {"--notify-timeout", timeout}, {"--notify-auth-env", authEnv}
          }) {
        if (given[1] != null) {
          throw WickException.usage(
              given[0] + " has nothing to act on; add --notify URL, or drop " + given[0] + ".");
        }
      }
      return List.of();
    }
    if (on != null && !List.of("fail", "always").contains(on.strip().toLowerCase(Locale.ROOT))) {
      throw WickException.usage(
          "--notify-on "
              + on
              + " is neither fail nor always; pass --notify-on fail (the default) or --notify-on"
              + " always.");
    }
    Duration wait = timeout == null ? Webhook.TIMEOUT : Durations.parse(timeout).orElse(null);
    if (wait == null || wait.isNegative() || wait.isZero()) {
      throw WickException.usage(
          "--notify-timeout "
              + timeout
              + " is not a duration longer than zero; write one such as 10s or 500ms.");
    }
    Optional<String> token = Optional.empty();
    if (authEnv != null) {
      token =
          Optional.of(
              variable(
                  authEnv, "--notify-auth-env " + authEnv, "WEBHOOK_TOKEN", "the bearer token"));
    }
    List<Receiver> receivers = new ArrayList<>();
    for (String target : targets) {
      Receiver r = receiver(target);
      Webhook w = r.webhook().timeout(wait);
      receivers.add(new Receiver(r.name(), token.isPresent() ? w.bearerToken(token.get()) : w));
    }
    return receivers;
  }

  private Receiver receiver(String target) {
    if (target.startsWith("env:")) {
      String name = target.substring("env:".length());
      String url = variable(name, "--notify " + target, "env:SLACK_WEBHOOK", "the webhook's URL");
      return new Receiver(target, webhook(url, "The URL in environment variable " + name, true));
    }
    String shown = shown(target);
    return new Receiver(shown, webhook(target, "--notify " + shown, false));
  }

  /**
   * The value of environment variable {@code name}, which {@code flag} names and should hold {@code
   * what}; refused when the name is not one ({@code example} is one) or the variable is unset or
   * empty.
   */
  private String variable(String name, String flag, String example, String what) {
    if (!VARIABLE.matcher(name).matches()) {
      throw WickException.usage(
          flag
              + " does not name an environment variable; give a name of letters, digits and _,"
              + " such as "
              + example
              + ".");
    }
    String value = env.apply(name);
    if (value == null || value.isBlank()) {
      throw WickException.usage(
          flag
              + " names environment variable "
              + name
              + ", which is unset or empty; export "
              + name
              + " with "
              + what
              + ".");
    }
    return value.strip();
  }

  /**
   * The webhook at {@code url}; refused, naming it as {@code subject} (never by a URL read from the
   * environment, which is a secret), when it is not http(s) or holds a user and password.
   */
  private static Webhook webhook(String url, String subject, boolean fromEnvironment) {
    Optional<URI> uri = parsed(url);
    if (uri.map(u -> u.getRawUserInfo() != null).orElse(withoutQuery(url).contains("@"))) {
      throw WickException.usage(
          subject
              + (fromEnvironment
                  ? " has a user and password in it; drop them, and pass a token with"
                      + " --notify-auth-env NAME if the receiver needs one."
                  : " has a user and password in it; put the URL in an environment variable and"
                      + " pass --notify env:NAME."));
    }
    String scheme = uri.map(u -> u.getScheme().toLowerCase(Locale.ROOT)).orElse("");
    if (!(scheme.equals("http") || scheme.equals("https"))) {
      throw WickException.usage(
          subject
              + " is not an http or https URL; give the webhook's address, such as"
              + " https://hooks.example.com/wick.");
    }
    return Webhook.to(uri.get());
  }

  /** {@code url} as a URI with a scheme and a host, if it is one. */
  private static Optional<URI> parsed(String url) {
    try {
      URI uri = new URI(url);
      return uri.getScheme() != null && uri.getHost() != null ? Optional.of(uri) : Optional.empty();
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
  }

  /** {@code url} up to its query or fragment. */
  private static String withoutQuery(String url) {
    int end = url.length();
    for (char c : new char[] {'?', '#'}) {
      int at = url.indexOf(c);
      end = at >= 0 ? Math.min(end, at) : end;
    }
    return url.substring(0, end);
  }

  /**
   * A URL given on the command line as lines show it: scheme, host, port and path, without a user,
   * a query or a fragment, which may hold secrets.
   */
  static String shown(String url) {
    Optional<URI> uri = parsed(url);
    if (uri.isPresent()) {
      URI u = uri.get();
      return u.getScheme()
          + "://"
          + u.getHost()
          + (u.getPort() < 0 ? "" : ":" + u.getPort())
          + Optional.ofNullable(u.getRawPath()).orElse("");
    }
    // Not a URL: everything up to the last @ may be a user and password.
    String s = withoutQuery(url);
    int scheme = s.indexOf("://");
    int start = scheme < 0 ? 0 : scheme + 3;
    int user = s.lastIndexOf('@');
    return user >= start ? s.substring(0, start) + s.substring(user + 1) : s;
  }
}
