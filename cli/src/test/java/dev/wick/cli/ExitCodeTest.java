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
    assertThat(Wick.exitCode(new OutOfMemoryError("Java heap space"))).isEqualTo(2);
    assertThat(Wick.exitCode(new StackOverflowError())).isEqualTo(2);
    assertThat(Wick.exitCode(new java.io.IOException("No space left on device"))).isEqualTo(2);
  }

  @Test
  void outOfMemoryNamesWickJavaOptsEvenWhenWrapped() {
    String expected =
        "Java ran out of memory; give it more with WICK_JAVA_OPTS (such as"
            + " WICK_JAVA_OPTS=-Xmx8g), or work on a smaller input.";
    assertThat(Wick.explained(new OutOfMemoryError("Java heap space")))
        .hasMessage(expected)
        .isInstanceOf(WickException.class);
    assertThat(
            Wick.explained(
                new SparkException("Job aborted", new OutOfMemoryError("GC overhead limit"))))
        .hasMessage(expected);
    // A task's error that reached the driver only as text.
    assertThat(
            Wick.explained(
                new SparkException(
                    "Job aborted due to stage failure: Lost task 0.0: java.lang.OutOfMemoryError:"
                        + " Java heap space")))
        .hasMessage(expected);
  }

  @Test
  void theEnvironmentsOtherFailuresNameTheirCauseAndFix() {
    assertThat(
            Wick.explained(
                new SparkException(
                    "Job aborted due to stage failure: Task 0 in stage 0.0 failed 1 times, most"
                        + " recent failure: Lost task 0.0 in stage 0.0 (TID 0) (localhost"
                        + " executor driver): java.lang.StackOverflowError")))
        .hasMessage(
            "A record is nested too deeply for Java's thread stack (a StackOverflowError while"
                + " reading or comparing it); give threads a larger stack with WICK_JAVA_OPTS"
                + " (such as WICK_JAVA_OPTS=\"-Xmx4g -Xss64m\"), or flatten the input.");
    assertThat(
            Wick.explained(
                new SparkException(
                    "[TASK_WRITE_FAILED] Task failed while writing rows to file:/tmp/o.",
                    new java.io.IOException("No space left on device"))))
        .hasMessage(
            "The disk ran out of space while Wick was writing (No space left on device), and"
                + " nothing was written; free space on that disk, or write the output (or"
                + " Spark's scratch folder, spark.local.dir) to another one.");
    assertThat(
            Wick.explained(
                new IllegalArgumentException(
                    "[INVALID_DRIVER_MEMORY] System memory 209715200 must be at least 471859200."
                        + " Please increase heap size using the --driver-memory option.")))
        .hasMessage(
            "Java's heap (200 MB) is too small for Spark, which needs at least 450 MB; give"
                + " Wick more with WICK_JAVA_OPTS (such as WICK_JAVA_OPTS=-Xmx4g).");
    assertThat(Wick.explained(new IllegalStateException("bug")))
        .isInstanceOf(IllegalStateException.class);
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
