package dev.wick.typed.ads;

import dev.wick.typed.WickRecord;
import org.jspecify.annotations.Nullable;

/** Total spend per advertiser. */
@WickRecord
public record AdSpend(String advertiser_name, @Nullable Double total_usd) {}
