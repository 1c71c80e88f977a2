package dev.wick.testkit.generators;

import dev.wick.core.schema.DecimalPrecision;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/** Java records the tests generate; their constructors check what the schema promises. */
final class TestRecords {
  private TestRecords() {}

  enum Tier {
    FREE,
    PREMIUM,
    FAMILY
  }

  record Address(String street, @Nullable String city) {
    Address {
      Objects.requireNonNull(street, "street");
    }
  }

  record User(
      String user_id,
      String name,
      @Nullable String email,
      int age,
      List<String> tags,
      Map<String, Long> counters,
      Address address,
      Tier tier,
      LocalDate since,
      Instant last_seen,
      UUID uuid,
      @DecimalPrecision(precision = 10, scale = 2) BigDecimal balance,
      Optional<String> nickname,
      byte[] avatar) {
    User {
      Objects.requireNonNull(user_id, "user_id");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(tags, "tags");
      Objects.requireNonNull(counters, "counters");
      Objects.requireNonNull(address, "address");
      Objects.requireNonNull(tier, "tier");
      Objects.requireNonNull(since, "since");
      Objects.requireNonNull(last_seen, "last_seen");
      Objects.requireNonNull(uuid, "uuid");
      Objects.requireNonNull(nickname, "nickname");
      Objects.requireNonNull(avatar, "avatar");
      if (balance.scale() != 2 || balance.precision() > 10) {
        throw new IllegalArgumentException("balance " + balance + " is not a decimal(10, 2)");
      }
      if (tags.contains(null)) {
        throw new IllegalArgumentException("tags hold no nulls");
      }
    }
  }

  record Play(String user_id, long track_id, int duration_ms) {}
}
