package dev.wick.testkit.jobtest.jobs;

import dev.wick.testkit.jobtest.avro.Device;
import dev.wick.testkit.jobtest.avro.Play;
import java.time.Instant;

/** Test plays. */
public final class Plays {
  private Plays() {}

  public static final Instant T0 = Instant.parse("2024-05-01T12:00:00Z");

  public static Play play(String track, long msPlayed) {
    return Play.newBuilder()
        .setTrackId(track)
        .setUserId("u1")
        .setCountry("SE")
        .setMsPlayed(msPlayed)
        .setPlayedAt(T0)
        .setPlatform(Device.IOS)
        .build();
  }
}
