package dev.wick.core.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ArgsTest {

  private static void assertUsageError(Runnable call, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOf(WickException.class)
        .hasMessage(message)
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
  }

  @Test
  void parsesNamesValuesAndFlags() {
    Args args =
        Args.parse(
            "--in=data/plays.parquet",
            "--n=3",
            "--big=9000000000",
            "--ratio=-0.25",
            "--dry-run",
            "--expr=a=b",
            "--tags= a, b ,c",
            "--empty=",
            "--wick.master=local[1]");

    assertThat(args.string("in")).isEqualTo("data/plays.parquet");
    assertThat(args.integer("n")).isEqualTo(3);
    assertThat(args.longValue("big")).isEqualTo(9_000_000_000L);
    assertThat(args.doubleValue("ratio")).isEqualTo(-0.25);
    assertThat(args.bool("dry-run", false)).isTrue();
    assertThat(args.string("expr")).isEqualTo("a=b");
    assertThat(args.list("tags")).containsExactly("a", "b", "c");
    assertThat(args.list("empty")).isEmpty();
    assertThat(args.string("empty")).isEmpty();
    assertThat(args.has("wick.master")).isTrue();
    assertThat(args.asMap()).containsEntry("wick.master", "local[1]").hasSize(9);
  }

  @Test
  void defaultsApplyOnlyWhenAbsent() {
    Args args = Args.parse("--n=7", "--verbose=no", "--color=YES", "--quiet=0");

    assertThat(args.integer("n", 1)).isEqualTo(7);
    assertThat(args.integer("m", 1)).isEqualTo(1);
    assertThat(args.longValue("l", 5L)).isEqualTo(5L);
    assertThat(args.doubleValue("d", 0.5)).isEqualTo(0.5);
    assertThat(args.string("s", "fallback")).isEqualTo("fallback");
    assertThat(args.bool("verbose", true)).isFalse();
    assertThat(args.bool("color", false)).isTrue();
    assertThat(args.bool("quiet", true)).isFalse();
    assertThat(args.bool("absent", true)).isTrue();
    assertThat(args.list("absent")).isEmpty();
    assertThat(args.optional("absent")).isEmpty();
    assertThat(args.has("absent")).isFalse();
  }

  @Test
  void malformedArgumentsAreNamed() {
    assertUsageError(
        () -> Args.parse("--in=a", "plays.parquet"),
        "Argument 'plays.parquet' is not of the form --name=value; write it as --name=value.");
    assertUsageError(
        () -> Args.parse("-n=3"),
        "Argument '-n=3' is not of the form --name=value; write it as --name=value.");
    assertUsageError(
        () -> Args.parse("--"),
        "Argument '--' is not of the form --name=value; write it as --name=value.");
    assertUsageError(
        () -> Args.parse("--=3"), "Argument '--=3' has no name; write it as --name=value.");
    assertUsageError(
        () -> Args.parse("--n=1", "--n=2"), "Argument --n is given twice; give it once.");
  }

  @Test
  void missingArgumentsListWhatWasGiven() {
    assertUsageError(
        () -> Args.parse("--plays=p", "--in=i", "--wick.master=local").string("out"),
        "Missing argument --out=VALUE; given: --in, --plays.");
    assertUsageError(
        () -> Args.parse().integer("n"), "Missing argument --n=VALUE; no arguments were given.");
    assertUsageError(
        () -> Args.parse("--wick.verbose").longValue("n"),
        "Missing argument --n=VALUE; no arguments were given.");
    assertUsageError(
        () -> Args.parse("--a=1").doubleValue("rate"),
        "Missing argument --rate=VALUE; given: --a.");
  }

  @Test
  void valuesOfTheWrongTypeAreNamed() {
    Args args =
        Args.parse("--n=three", "--big=1e3", "--rate=fast", "--flag=maybe", "--over=2147483648");

    assertUsageError(
        () -> args.integer("n"), "Argument --n=three is not an integer; give a whole number.");
    assertUsageError(
        () -> args.integer("over"),
        "Argument --over=2147483648 is not an integer; give a whole number.");
    assertUsageError(
        () -> args.integer("n", 1), "Argument --n=three is not an integer; give a whole number.");
    assertUsageError(
        () -> args.longValue("big"), "Argument --big=1e3 is not an integer; give a whole number.");
    assertUsageError(
        () -> args.longValue("big", 1L),
        "Argument --big=1e3 is not an integer; give a whole number.");
    assertUsageError(
        () -> args.doubleValue("rate"),
        "Argument --rate=fast is not a number; give a decimal number.");
    assertUsageError(
        () -> args.doubleValue("rate", 1.0),
        "Argument --rate=fast is not a number; give a decimal number.");
    assertUsageError(
        () -> args.bool("flag", false),
        "Argument --flag=maybe is not a boolean; give true or false.");
    assertThat(args.doubleValue("big")).isEqualTo(1000.0);
  }

  @Test
  void unreadArgumentsAreTheOnesNeverAskedFor() {
    Args args = Args.parse("--in=a", "--out=b", "--typo=c", "--flag", "--wick.overwrite=true");

    args.string("in");
    args.optional("out");
    args.has("flag");
    args.string("missing", "x");

    assertThat(args.unread()).isEqualTo(Set.of("typo"));
  }

  @Test
  void argListAndTextLeaveOutTheRuntimeArguments() {
    Args args = Args.parse("--in=a b", "--wick.master=local[2]", "--flag");

    assertThat(args.toArgList()).containsExactly("--in=a b", "--flag=true");
    assertThat(args).hasToString("--in=a b --flag=true");
    assertThat(Args.parse(args.toArgList().toArray(String[]::new)).asMap())
        .isEqualTo(Map.of("in", "a b", "flag", "true"));
    assertThat(Args.parse().toArgList()).isEqualTo(List.of());
  }
}
