package dev.wick.examples.adspend;

import dev.wick.typed.WickTable;

/**
 * The ad server's answer to "which ad should I show?" ({@code ad_decision_response_f}): the
 * advertiser (a string id) and the price in micro-dollars.
 */
@WickTable("ad_decision_response_f")
public record AdDecisionResponse(
    int date, int hour, String ad_response_id, String advertiser_id, long micros_usd) {}
