package dev.wick.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WickExceptionTest {
  private static final Map<String, String> CLI =
      Map.of("ignore", "--ignore", "overwrite", "pass --overwrite");

  @Test
  void aFrontEndSpellsTheSettingsItKnowsAndKeepsTheLibrarysWordsForTheRest() {
    WickException e =
        WickException.usage("Field 'id' is a key; drop it from the ignored fields or name keys.")
            .about("ignore", "the ignored fields")
            .about("key", "name keys");

    assertThat(e.getMessage())
        .isEqualTo("Field 'id' is a key; drop it from the ignored fields or name keys.");
    assertThat(e.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(e.settings())
        .containsExactly(
            new WickException.Setting("ignore", "the ignored fields"),
            new WickException.Setting("key", "name keys"));
    assertThat(e.message(name -> Optional.ofNullable(CLI.get(name))))
        .isEqualTo("Field 'id' is a key; drop it from --ignore or name keys.");
  }

  @Test
  void onlyTheLastOccurrenceOfTheWordsIsReplacedSoAPathHoldingThemStays() {
    WickException e =
        WickException.usage(
                "Output /data/allow overwriting already exists; allow overwriting to replace it.")
            .about("overwrite", "allow overwriting");

    assertThat(e.message(name -> Optional.ofNullable(CLI.get(name))))
        .isEqualTo(
            "Output /data/allow overwriting already exists; pass --overwrite to replace it.");
  }

  @Test
  void aSettingWhoseWordsAreNotInTheMessageIsABug() {
    assertThatThrownBy(() -> WickException.usage("Output x exists.").about("overwrite", "allow"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("setting overwrite's words 'allow' are not in: Output x exists.");
  }

  @Test
  void namingASettingKeepsTheCauseAndTheExitCode() {
    IllegalStateException cause = new IllegalStateException("x");
    WickException e =
        new WickException(ExitCode.CHECK_FAILED, "Drift; raise the threshold.", cause)
            .about("threshold", "the threshold");

    assertThat(e.getCause()).isSameAs(cause);
    assertThat(e.exitCode()).isEqualTo(ExitCode.CHECK_FAILED);
  }
}
