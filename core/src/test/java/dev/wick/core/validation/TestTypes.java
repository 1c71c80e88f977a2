package dev.wick.core.validation;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.jspecify.annotations.Nullable;

/** Records, value types and nested shapes the validation tests share. */
final class TestTypes {
  private TestTypes() {}

  private static final List<String> COUNTRIES = List.of(Locale.getISOCountries());
  private static final Set<String> COUNTRY_SET = Set.copyOf(COUNTRIES);

  /** A value type that checks itself and knows how to make valid instances. */
  record HomeCountry(String value) implements Validated {
    public static HomeCountry generate(SplittableRandom random) {
      return new HomeCountry(COUNTRIES.get(random.nextInt(COUNTRIES.size())));
    }

    @Override
    public Optional<String> invalidReason() {
      return COUNTRY_SET.contains(value) ? Optional.empty() : Optional.of("unknown country");
    }
  }

  /** A value type whose component carries a semantic annotation. */
  record TrackId(@Base62Id String value) implements Validated {
    @Override
    public Optional<String> invalidReason() {
      return Optional.empty();
    }
  }

  /** A value type whose constructor rejects bad values by throwing. */
  record Volume(int value) implements Validated {
    Volume {
      if (value < 0 || value > 11) {
        throw new IllegalArgumentException("volume goes from 0 to 11");
      }
    }

    @Override
    public Optional<String> invalidReason() {
      return Optional.empty();
    }
  }

  record Device(
      @OneOf(values = {"ios", "android", "web"}) String os, @Nullable @LanguageTag String locale) {}

  record Event(
      @Range(min = "0", max = "100") int volume,
      @CountryCode String country,
      @Nullable Device device,
      List<@Nullable String> tags) {}

  record Play(
      TrackId trackId,
      @Email String email,
      @Positive long msPlayed,
      List<Event> events,
      Map<String, Device> devices,
      @Nullable HomeCountry home,
      @Uuid String sessionId,
      @CurrencyCode @Nullable String currency) {}
}
