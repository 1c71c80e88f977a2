package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.job.Sandbox;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SandboxCommandTest {
  @Test
  void listsAndCleansRuns(@TempDir Path tmp) {
    String root = tmp.resolve("sb").toString();
    assertThat(CliRun.wick("sandbox", "list", "--root", root).out())
        .isEqualTo("no sandbox runs under " + root + "\n");

    Sandbox.open(root, "ana", "dev.wick.examples.SomeJob", List.of("--out=x"), new Configuration());
    CliRun list = CliRun.wick("sandbox", "list", "--root", root);
    assertThat(list.exitCode()).isZero();
    assertThat(list.out()).contains("USER").contains("ana").contains("dev.wick.examples.SomeJob");

    CliRun keep = CliRun.wick("sandbox", "clean", "--root", root, "--older-than", "7d");
    assertThat(keep.out()).isEqualTo("0 runs deleted from " + root + "\n");
    CliRun clean = CliRun.wick("sandbox", "clean", "--root", root, "--older-than", "0s");
    assertThat(clean.exitCode()).isZero();
    assertThat(clean.out())
        .startsWith("deleted " + root)
        .doesNotContain("file:")
        .endsWith("1 run deleted from " + root + "\n");
    assertThat(Sandbox.list(root, new Configuration())).isEmpty();
  }

  @Test
  void badAgeAndMissingActionAreUsageErrors(@TempDir Path tmp) {
    CliRun bad = CliRun.wick("sandbox", "clean", "--root", tmp.toString(), "--older-than", "soon");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err())
        .isEqualTo(
            "error: Age 'soon' is not of the form 7d, 12h, 30m or 0s; give a number and a unit.\n");
    CliRun none = CliRun.wick("sandbox");
    assertThat(none.exitCode()).isEqualTo(2);
    assertThat(none.err()).contains("Name a sandbox action");
  }
}
