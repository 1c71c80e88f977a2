package dev.wick.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wick.core.spark.WickSpark;
import dev.wick.profiler.internal.ProfileHtml;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens the HTML report in headless Chromium (Debian's {@code chromium}): the rendered DOM holds
 * the charts, and a screenshot shows bars in the current profile's colour and the baseline's
 * overlay in its own. Skipped when Chromium is not installed, unless the environment variable
 * {@value #REQUIRE} is {@code 1}: then a missing browser fails the test. CI ({@code .ci/run}) and
 * {@code profiler/check-html.sh} install Chromium and set it, so the test cannot silently skip
 * there. {@code WICK_CHROMIUM} names the browser to use (and then no other is looked for).
 */
class ProfileHtmlBrowserTest {
  /** With this environment variable set to {@code 1}, a missing Chromium fails the test. */
  static final String REQUIRE = "WICK_REQUIRE_BROWSER";

  /** The browser names looked up on the {@code PATH}, in order. */
  static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome");

  static Optional<String> chromium = find();
  static String html;

  static Optional<String> find() {
    return find(System.getenv("WICK_CHROMIUM"), System.getenv("PATH"));
  }

  /**
   * The browser {@code .ci/run} finds: {@code env} if set (this browser and no other), else the
   * first of {@link #NAMES} executable in a folder of {@code path}, as {@code command -v} finds it.
   */
  static Optional<String> find(String env, String path) {
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

  @BeforeAll
  static void render() {
    if (chromium.isEmpty() && "1".equals(System.getenv(REQUIRE))) {
      fail(
          REQUIRE
              + "=1 but no Chromium was found (at $WICK_CHROMIUM if set, else chromium,"
              + " chromium-browser or google-chrome on the PATH); install Debian's chromium.");
    }
    assumeTrue(chromium.isPresent(), "Chromium is not installed; run profiler/check-html.sh");
    TestTypes.register();
    var spark = WickSpark.local(2);
    Profile base =
        Profiler.defaults().profile(Plays.generate(1500, 31, 0, 0).dataset(spark, 2), "old");
    Profile now =
        Profiler.defaults().profile(Plays.generate(1500, 32, 0.5, 0.1).dataset(spark, 2), "new");
    html = ProfileHtml.render(now, Optional.of(base), Optional.of(Drift.compare(base, now)));
  }

  private static List<String> command(Path profileDir, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(chromium.orElseThrow());
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
            "--user-data-dir=" + profileDir));
    cmd.addAll(List.of(args));
    return cmd;
  }

  private static String run(List<String> cmd, Path dir) throws Exception {
    Path out = dir.resolve("stdout.txt");
    Process p =
        new ProcessBuilder(cmd)
            .redirectOutput(out.toFile())
            .redirectError(dir.resolve("stderr.txt").toFile())
            .start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("Chromium did not finish within 120 seconds: " + cmd);
    }
    return Files.readString(out, StandardCharsets.UTF_8);
  }

  @Test
  void theRenderedPageHoldsTheCharts(@TempDir Path dir) throws Exception {
    Path page = dir.resolve("profile.html");
    Files.writeString(page, html);
    String dom = run(command(dir.resolve("chrome"), "--dump-dom", page.toUri().toString()), dir);
    assertThat(dom).contains("<svg class=\"chart histogram\"", "<svg class=\"chart topvalues\"");
    assertThat(dom.split("<rect class=\"bar\"", -1).length - 1).isGreaterThan(50);
    assertThat(dom).contains("<path class=\"baseline\"");
  }

  @Test
  void aScreenshotShowsBarsAndTheBaselineOverlay(@TempDir Path dir) throws Exception {
    Path page = dir.resolve("profile.html");
    Files.writeString(page, html);
    Path png = dir.resolve("shot.png");
    run(
        command(
            dir.resolve("chrome"),
            "--screenshot=" + png,
            "--window-size=1400,4000",
            page.toUri().toString()),
        dir);
    assertThat(png).exists();
    BufferedImage image = ImageIO.read(png.toFile());
    assertThat(image.getWidth()).isEqualTo(1400);
    long current = pixels(image, 0x4e, 0x79, 0xa7);
    long baseline = pixels(image, 0xf2, 0x8e, 0x2b);
    long white = pixels(image, 0xff, 0xff, 0xff);
    // Bars of a dozen charts cover tens of thousands of pixels; the overlay thousands.
    assertThat(current).isGreaterThan(20_000);
    assertThat(baseline).isGreaterThan(2_000);
    assertThat(white).isLessThan((long) image.getWidth() * image.getHeight());
  }

  private static long pixels(BufferedImage image, int r, int g, int b) {
    long n = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        int rgb = image.getRGB(x, y);
        if (Math.abs(((rgb >> 16) & 0xff) - r) <= 6
            && Math.abs(((rgb >> 8) & 0xff) - g) <= 6
            && Math.abs((rgb & 0xff) - b) <= 6) {
          n++;
        }
      }
    }
    return n;
  }
}
