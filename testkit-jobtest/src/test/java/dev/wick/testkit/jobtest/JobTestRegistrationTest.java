package dev.wick.testkit.jobtest;

import static dev.wick.testkit.jobtest.jobs.Plays.play;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.job.Args;
import dev.wick.core.job.Io;
import dev.wick.core.job.JobContext;
import dev.wick.core.job.WickJob;
import dev.wick.testkit.jobtest.avro.Play;
import dev.wick.testkit.jobtest.jobs.PlayCountJob;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.Test;

/**
 * The rules JobTest checks while a test registers things, before anything runs. (No {@code
 * SparkTest} here: these tests build JobTests that cannot run, on purpose.)
 */
class JobTestRegistrationTest {
  private static final Io<Play> PLAYS = Io.avro("plays.avro", Play.class);

  @Test
  void anInputRegisteredTwiceIsRefusedAtOnce() {
    JobTest test =
        JobTest.of(PlayCountJob.class)
            .input(PLAYS, List.of(play("t1", 1)))
            .input(Io.text("x"), List.of("a"));
    assertThatThrownBy(() -> test.input(Io.avro("plays.avro", Play.class), List.of()))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Input avro(plays.avro, Play) is registered twice; register each input once"
                + " (registered inputs: avro(plays.avro, Play), text(x)).");
  }

  @Test
  void anOutputRegisteredTwiceIsRefusedAtOnce() {
    JobTest test = JobTest.of(PlayCountJob.class).output(Io.text("counts"), lines -> {});
    assertThatThrownBy(() -> test.output(Io.text("counts"), lines -> {}))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Output text(counts) is registered twice; put all its checks in one .output(...)"
                + " (registered outputs: text(counts)).");
    assertThatThrownBy(() -> test.outputDataset(Io.text("counts"), ds -> {}))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("Output text(counts) is registered twice;");
  }

  @Test
  void aCounterAssertedTwiceIsRefusedAtOnce() {
    JobTest test = JobTest.of(PlayCountJob.class).counter("skipped", n -> {});
    assertThatThrownBy(() -> test.counter("skipped", n -> {}))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Counter 'skipped' is asserted twice; put both checks in one .counter(...) (asserted"
                + " counters: skipped).");
  }

  @Test
  void malformedArgumentsAreRefusedAtOnce() {
    assertThatThrownBy(() -> JobTest.of(PlayCountJob.class).args("plays.avro"))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Argument 'plays.avro' is not of the form --name=value; write it as --name=value.");
  }

  @Test
  void inputValuesAreCheckedAgainstTheSchemaWhenRegistered() {
    Play noTrack = play("t", 1);
    noTrack.setTrackId(null);
    JobTest test = JobTest.of(PlayCountJob.class);
    assertThatThrownBy(() -> test.input(PLAYS, List.of(play("t", 1), noTrack)))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Field 'track_id' is null but not nullable in the schema; give it a value or make it"
                + " nullable.");
    assertThatThrownBy(() -> test.input(Io.text("lines"), Arrays.asList("a", null)))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Input text(lines) holds null at index 1; text inputs take one non-null String per"
                + " line.");
  }

  @Test
  @SuppressWarnings({"unchecked", "rawtypes"})
  void inputValuesOfTheWrongTypeAreRefused() {
    Io raw = PLAYS;
    JobTest test = JobTest.of(PlayCountJob.class);
    assertThatThrownBy(() -> test.input(raw, List.of("not a play")))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Input avro(plays.avro, Play) holds a java.lang.String at index 0, but its elements"
                + " are dev.wick.testkit.jobtest.avro.Play; register values of that type.");
  }

  @Test
  void rowsWithoutASchemaAreRefused() {
    JobTest test = JobTest.of(PlayCountJob.class);
    assertThatThrownBy(() -> test.input(Io.parquet("p"), List.of(RowFactory.create("a", 1L))))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Row 0 of input parquet(p) has no schema; register a Dataset<Row>"
                + " (spark.createDataFrame(rows, schema)) or rows collected from one.");
    assertThatThrownBy(() -> test.input(Io.parquet("p"), List.of()))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Input parquet(p) is an empty list of Rows, which says nothing of its columns;"
                + " register an empty Dataset<Row> with the schema instead.");
  }

  /** Needs an argument to be built. */
  static final class NoDefaultConstructorJob implements WickJob {
    NoDefaultConstructorJob(String unused) {}

    @Override
    public void run(JobContext ctx, Args args) {}
  }

  /** Cannot be built at all. */
  abstract static class AbstractJob implements WickJob {}

  @Test
  void aJobClassThatCannotBeBuiltIsRefused() {
    assertThatThrownBy(() -> JobTest.of(NoDefaultConstructorJob.class))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "NoDefaultConstructorJob has no no-argument constructor; add one, or pass an instance:"
                + " JobTest.of(new NoDefaultConstructorJob(...)).");
    assertThatThrownBy(() -> JobTest.of(AbstractJob.class))
        .isInstanceOf(WickException.class)
        .hasMessage("AbstractJob is abstract; pass a concrete job class or an instance.");
  }

  @Test
  void nullsAreRefusedWithTheirName() {
    JobTest test = JobTest.of(PlayCountJob.class);
    assertThatThrownBy(() -> test.input(null, List.of())).hasMessage("io");
    assertThatThrownBy(() -> test.output(Io.text("x"), null)).hasMessage("assertion");
    assertThatThrownBy(() -> test.counter(null, n -> {})).hasMessage("name");
  }
}
