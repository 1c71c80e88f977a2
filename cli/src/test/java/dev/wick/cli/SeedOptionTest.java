package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.sampler.Sampler;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** One default seed for every command that draws at random. */
class SeedOptionTest {
  @Test
  void theDefaultSeedIsTheSamplersAndEveryDrawingCommandTakesIt() {
    assertThat(SeedOption.DEFAULT).isEqualTo(Sampler.DEFAULT_SEED).isEqualTo(42L);
    CommandLine wick = Wick.commandLine(System.out, System.err);
    for (String command : new String[] {"sample", "generate"}) {
      assertThat(wick.getSubcommands().get(command).getUsageMessage())
          .as(command)
          .contains("--seed=N", "The seed (default: 42, never the clock).");
    }
  }

  @Test
  void anUnsetSeedIsTheDefaultAndAGivenOneIsKept() {
    SeedOption unset = new SeedOption();
    SeedOption given = new SeedOption();
    given.seed = 7L;

    assertThat(unset.given()).isFalse();
    assertThat(unset.value()).isEqualTo(42L);
    assertThat(given.given()).isTrue();
    assertThat(given.value()).isEqualTo(7L);
  }
}
