package dev.wick.cli;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Headless Chromium for the report tests: finds the browser as {@code .ci/run} does ({@code
 * WICK_CHROMIUM} if set, else {@code chromium}, {@code chromium-browser} or {@code google-chrome}
 * on the {@code PATH}), dumps a page's DOM after a small measuring script ran, and takes
 * screenshots. A test calls {@link #require()} first: it skips when no browser is installed, unless
 * {@code WICK_REQUIRE_BROWSER=1}, when a missing browser fails it.
 */
final class Chromium {
  /** With this environment variable set to {@code 1}, a missing Chromium fails the test. */
  static final String REQUIRE = "WICK_REQUIRE_BROWSER";

  private static final List<String> NAMES =
      List.of("chromium", "chromium-browser", "google-chrome");

  /**
   * Appended to a page before its DOM is dumped: writes the page's width as laid out, the window's
   * width and the first element that runs past the window or spills out of its own box into a
   * {@code <pre id="wick-measure">}.
   */
  private static final String MEASURE =
      "<script>(function(){var d=document.documentElement,w=window.innerWidth,wide='';"
          + "document.querySelectorAll('body *').forEach(function(e){"
          + "var r=e.getBoundingClientRect(),x=getComputedStyle(e).overflowX;"
          + "var spills=x==='visible'&&e.scrollWidth>e.clientWidth+1&&e.clientWidth>0;"
          + "if(!wide&&(r.right>w+0.5||spills)){"
          + "wide=e.tagName.toLowerCase()+(e.className?'.'+e.className:'')"
          + "+' '+Math.round(r.right)+'/'+e.scrollWidth;}});"
          + "var p=document.createElement('pre');p.id='wick-measure';p.style.display='none';"
          + "p.textContent='scrollWidth='+d.scrollWidth+' innerWidth='+w+' widest='+wide;"
          + "document.body.appendChild(p);})();</script>";

  private static final Pattern MEASURED =
      Pattern.compile("scrollWidth=(\\d+) innerWidth=(\\d+) widest=([^<]*)");

  private final String browser;
  private final Path work;

  private Chromium(String browser, Path work) {
    this.browser = browser;
    this.work = work;
  }

  /**
   * The installed browser, working in {@code work}; skips the calling test when there is none,
   * unless {@value #REQUIRE} is {@code 1}.
   */
  static Chromium require(Path work) {
    Optional<String> found = find(System.getenv("WICK_CHROMIUM"), System.getenv("PATH"));
    if (found.isEmpty() && "1".equals(System.getenv(REQUIRE))) {
      fail(
          REQUIRE
              + "=1 but no Chromium was found (at $WICK_CHROMIUM if set, else chromium,"
              + " chromium-browser or google-chrome on the PATH); install Debian's chromium.");
    }
    assumeTrue(found.isPresent(), "Chromium is not installed");
    return new Chromium(found.orElseThrow(), work);
  }

  private static Optional<String> find(String env, String path) {
    if (env != null && !env.isBlank()) {
      return new File(env).canExecute() ? Optional.of(env) : Optional.empty();
    }
    for (String name : NAMES) {
      for (String folder : (path == null ? "" : path).split(File.pathSeparator)) {
        if (!folder.isEmpty()) {
          File candidate = new File(folder, name);
          if (candidate.isFile() && candidate.canExecute()) {
            return Optional.of(candidate.getPath());
          }
        }
      }
    }
    return Optional.empty();
  }

  /** How a page laid out in a window of a given width. */
  record Layout(int scrollWidth, int innerWidth, String widest, String dom) {}

  /**
   * Opens a copy of {@code page} (with the measuring script appended) in a window {@code width} by
   * {@code height} pixels, writes a screenshot of that window to {@code png} and returns how the
   * page laid out, with its DOM. The script's note is hidden, so the screenshot shows the page as
   * it is.
   */
  Layout open(Path page, int width, int height, Path png) throws Exception {
    Path copy =
        work.resolve("measured-" + page.getParent().getFileName() + "-" + page.getFileName());
    String html = Files.readString(page, StandardCharsets.UTF_8);
    int end = html.lastIndexOf("</body>");
    Files.writeString(
        copy,
        end < 0 ? html + MEASURE : html.substring(0, end) + MEASURE + html.substring(end),
        StandardCharsets.UTF_8);
    Files.createDirectories(png.toAbsolutePath().getParent());
    Files.deleteIfExists(png);
    String dom =
        run(
            "--window-size=" + width + "," + height,
            // Wait for the page to settle (layout, paint, its scripts) before the DOM and the
            // screenshot are taken: a busy machine otherwise paints part of a long page.
            "--virtual-time-budget=1000",
            "--screenshot=" + png.toAbsolutePath(),
            "--dump-dom",
            copy.toUri().toString());
    Matcher m = MEASURED.matcher(dom);
    if (!m.find()) {
      throw new AssertionError("The measuring script did not run in " + page + ":\n" + dom);
    }
    if (!Files.isRegularFile(png)) {
      throw new AssertionError("Chromium wrote no screenshot of " + page);
    }
    return new Layout(
        Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), m.group(3).strip(), dom);
  }

  private String run(String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(browser);
    cmd.addAll(
        List.of(
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--user-data-dir=" + work.resolve("chrome-profile")));
    cmd.addAll(List.of(args));
    Path out = Files.createTempFile(work, "chromium", ".out");
    Path err = Files.createTempFile(work, "chromium", ".err");
    Process p =
        new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("Chromium did not finish within 120 seconds: " + cmd);
    }
    return Files.readString(out, StandardCharsets.UTF_8);
  }
}
