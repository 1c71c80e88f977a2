package dev.wick.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Everything a run of the commands of the README and docs/ printed and wrote, in a form that is the
 * same on every run, compared with the copy kept under {@code src/test/resources/readme-golden}:
 * what each command printed, every report and JSON file whole, and each dataset folder as its row
 * count and a digest of its rows in sorted order (the files' bytes hold compression and writer
 * metadata). Times of the run, durations and the temporary folder are masked. With {@code
 * -Dwick.golden=update} the copy is rewritten instead; {@code git diff} then shows what a change
 * did to the outputs.
 */
final class GoldenOutputs {
  static final Path GOLDEN = Path.of("src/test/resources/readme-golden").toAbsolutePath();

  /** Masks for what differs from run to run, applied in order. */
  private static final List<Map.Entry<Pattern, String>> MASKS =
      List.of(
          // a sandbox run's user, id and start, in its folder and as wick sandbox list prints them
          Map.entry(
              Pattern.compile("(?m)^\\S+\\s+\\d{8}T\\d{6}Z-\\w+\\s+\\S+Z\\s+"),
              "<user> <run> <time> "),
          Map.entry(
              Pattern.compile("wick-sandbox/[^/\\s]+/\\d{8}T\\d{6}Z-\\w+"),
              "wick-sandbox/<user>/<run>"),
          // the time a profile, diff or check was made (data holds at most milliseconds)
          Map.entry(
              Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6,9}Z"), "<time>"),
          // the time a report says its profile was made, to the second
          Map.entry(
              Pattern.compile("made \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"), "made <time>"),
          Map.entry(
              Pattern.compile(
                  "(?<=\"(createdAt|created|generatedAt|startedAt|finishedAt)\" ?: ?\")[^\"]+"),
              "<time>"),
          // the age of the newest value at the time the profile was made
          Map.entry(
              Pattern.compile("is [0-9dhms ]+ older than the profile, \\d+ times"),
              "is <age> older than the profile, <n> times"));

  private final Path target;
  private final Path root;
  private final Map<String, String> actual = new TreeMap<>();

  /**
   * Outputs under {@code target}, the README's {@code target/}, of commands run in {@code root}.
   */
  GoldenOutputs(Path target, Path root) {
    this.target = target;
    this.root = root;
  }

  /** Records what the {@code index}-th command printed. */
  void printed(int index, String command, String stdout) {
    actual.put(String.format("console/%02d.txt", index), "$ " + command + "\n" + mask(stdout));
  }

  /** Records every file and dataset left under the README's {@code target/}. */
  void wrote() throws IOException {
    try (Stream<Path> files = Files.walk(target)) {
      for (Path p : files.sorted().toList()) {
        String name = p.getFileName().toString();
        // Kept under written/, not target/: a target/ folder would fall to .gitignore.
        String rel = "written/" + target.relativize(p).toString().replace('\\', '/');
        if (Files.isDirectory(p) && Files.exists(p.resolve("_SUCCESS"))) {
          Dataset<Row> rows = dataset(p);
          if (rows != null) {
            actual.put(rel + ".rows", rows(rows));
          }
        } else if (Files.isRegularFile(p) && isText(name)) {
          actual.put(rel, mask(Files.readString(p, StandardCharsets.UTF_8)));
        }
      }
    }
  }

  /** Compares with the kept copy, or rewrites it when asked. */
  void compare() throws IOException {
    if ("update".equals(System.getProperty("wick.golden"))) {
      if (Files.exists(GOLDEN)) {
        try (Stream<Path> old = Files.walk(GOLDEN)) {
          for (Path p : old.sorted(java.util.Comparator.reverseOrder()).toList()) {
            Files.delete(p);
          }
        }
      }
      for (Map.Entry<String, String> e : actual.entrySet()) {
        Path file = GOLDEN.resolve(e.getKey());
        Files.createDirectories(file.getParent());
        Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
      }
      return;
    }
    Map<String, String> kept = new TreeMap<>();
    try (Stream<Path> files = Files.walk(GOLDEN)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        kept.put(
            GOLDEN.relativize(p).toString().replace('\\', '/'),
            Files.readString(p, StandardCharsets.UTF_8));
      }
    }
    String hint = "; if the change is meant, rerun with -Dwick.golden=update and review git diff";
    assertThat(actual.keySet()).as("the outputs written" + hint).isEqualTo(kept.keySet());
    for (Map.Entry<String, String> e : actual.entrySet()) {
      List<String> got = e.getValue().lines().toList();
      List<String> want = kept.get(e.getKey()).lines().toList();
      int line = 0;
      while (line < Math.min(got.size(), want.size()) && got.get(line).equals(want.get(line))) {
        line++;
      }
      String at = e.getKey() + ", line " + (line + 1) + hint;
      assertThat(line < got.size() ? got.get(line) : "<end>")
          .as(at)
          .isEqualTo(line < want.size() ? want.get(line) : "<end>");
    }
  }

  private static boolean isText(String name) {
    return !name.startsWith(".")
        && Stream.of(".json", ".html", ".md", ".yaml", ".avsc", ".txt", ".csv")
            .anyMatch(name::endsWith);
  }

  /** The dataset in a folder written with {@code _SUCCESS}, in the format of its part files. */
  private static Dataset<Row> dataset(Path folder) throws IOException {
    List<String> formats = new ArrayList<>();
    try (Stream<Path> parts = Files.list(folder)) {
      parts
          .map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("part-"))
          .forEach(
              n -> {
                for (String f : List.of("avro", "parquet", "orc", "json", "csv")) {
                  if (n.contains("." + f) && !formats.contains(f)) {
                    formats.add(f);
                  }
                }
              });
    }
    if (formats.size() != 1) {
      return null;
    }
    return WickSpark.local(2).read().format(formats.get(0)).load(folder.toString());
  }

  /** The row count and a SHA-256 of the rows as sorted JSON lines. */
  private static String rows(Dataset<Row> data) {
    List<String> lines = new ArrayList<>(data.toJSON().collectAsList());
    lines.sort(null);
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String line : lines) {
        sha.update(line.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) '\n');
      }
      return lines.size()
          + " rows, sha-256 of the sorted rows "
          + HexFormat.of().formatHex(sha.digest())
          + "\n"
          + data.schema().treeString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private String mask(String text) {
    String out =
        text.replace(target + "/", "target/")
            .replace(target.toString(), "target")
            .replace(root + "/", "");
    for (Map.Entry<Pattern, String> m : MASKS) {
      out = m.getKey().matcher(out).replaceAll(m.getValue());
    }
    return out;
  }
}
