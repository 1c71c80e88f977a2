package dev.wick.examples.adspend;

import dev.wick.typed.WickTable;
import org.jspecify.annotations.Nullable;

/**
 * An advertiser ({@code ad_advertiser_d}). Its id is a number, while decisions carry it as a
 * string: a join needs an explicit conversion.
 */
@WickTable("ad_advertiser_d")
public record AdAdvertiser(long advertiser_id, @Nullable String name) {}
