package dev.wick.examples.adspend;

import dev.wick.typed.WickRecord;
import org.jspecify.annotations.Nullable;

/**
 * One started ad: the advertiser's name (or its id, or {@code Unknown}) and what the ad cost, null
 * when no decision matched the event.
 */
@WickRecord
public record AdSpendRow(String advertiser_name, @Nullable Long micros_usd) {}
