package dev.wick.typed.ads;

import dev.wick.typed.WickTable;

/** An ad server decision, as in the seed's {@code ad_decision_response_f}. */
@WickTable("ad_decision_response_f")
public record AdDecisionResponse(
    int date, int hour, String ad_response_id, String advertiser_id, long micros_usd) {}
