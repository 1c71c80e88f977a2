package dev.wick.typed.ads;

import dev.wick.typed.WickRecord;
import org.jspecify.annotations.Nullable;

/** One ad start with its advertiser's name and spend. */
@WickRecord
public record SpendRow(String advertiser_name, @Nullable Long micros_usd) {}
