package dev.wick.examples.adspend;

import dev.wick.typed.WickRecord;
import org.jspecify.annotations.Nullable;

/** The job's output: total spend per advertiser in dollars, null when no price was known. */
@WickRecord
public record AdSpend(String advertiser_name, @Nullable Double total_usd) {}
