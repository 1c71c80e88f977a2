package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.WickException;
import org.apache.spark.SparkException;
import org.junit.jupiter.api.Test;

/** Every failure maps to an exit code and one line: the table of {@code wick}'s exit codes. */
class ExitCodeTest {
  @Test
  void everyThrowableMapsToOneTwoOrThree() {
    assertThat(Wick.exitCode(WickException.checkFailed("drift"))).isEqualTo(1);
    assertThat(Wick.exitCode(WickException.usage("bad flag"))).isEqualTo(2);
    assertThat(Wick.exitCode(new IllegalStateException("bug"))).isEqualTo(3);
    assertThat(Wick.exitCode(new OutOfMemoryError("Java heap space"))).isEqualTo(3);
    assertThat(Wick.exitCode(new StackOverflowError())).isEqualTo(3);
  }

  @Test
  void outOfMemoryNamesWickJavaOptsEvenWhenWrapped() {
    String expected =
        "wick ran out of memory; give it more with WICK_JAVA_OPTS (such as"
            + " WICK_JAVA_OPTS=-Xmx8g), or work on a smaller input.";
    assertThat(Wick.explain(new OutOfMemoryError("Java heap space"))).isEqualTo(expected);
    assertThat(
            Wick.explain(
                new SparkException("Job aborted", new OutOfMemoryError("GC overhead limit"))))
        .isEqualTo(expected);
  }

  @Test
  void anUnexpectedFailureIsOneLine() {
    String line = Wick.explain(new IllegalStateException("first line\n\tat somewhere\nmore"));

    assertThat(line)
        .isEqualTo(
            "wick failed unexpectedly (IllegalStateException: first line); run again with"
                + " --verbose for details.");
  }
}
