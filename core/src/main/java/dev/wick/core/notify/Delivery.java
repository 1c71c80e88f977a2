package dev.wick.core.notify;

import java.util.Objects;

/**
 * What came of sending a notification: delivered (the receiver answered 2xx) or not, after how many
 * tries, and why in a few words ({@code HTTP 200}, {@code HTTP 500}, {@code no answer within 10s},
 * {@code connection refused}). The reason never holds the address or a header, which may be
 * secrets.
 *
 * @param delivered whether the receiver accepted the message
 * @param tries how many requests were made (0 when none could be)
 * @param reason the last answer or failure, in a few words
 */
public record Delivery(boolean delivered, int tries, String reason) {
  public Delivery {
    Objects.requireNonNull(reason, "reason");
  }

  /** The reason and, after more than one try, how many: {@code HTTP 500 after 3 tries}. */
  public String summary() {
    return tries > 1 ? reason + " after " + tries + " tries" : reason;
  }
}
