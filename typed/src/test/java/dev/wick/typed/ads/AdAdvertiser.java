package dev.wick.typed.ads;

import dev.wick.typed.WickTable;
import org.jspecify.annotations.Nullable;

/** An advertiser, as in the seed's {@code ad_advertiser_d}. */
@WickTable("ad_advertiser_d")
public record AdAdvertiser(long advertiser_id, @Nullable String name) {}
