package dev.wick.examples.adspend;

import dev.wick.typed.WickTable;

/**
 * A client-side ad event ({@code ad_event_f}): an ad started, completed or was clicked, for the ad
 * server response {@code ad_response_id}.
 */
@WickTable("ad_event_f")
public record AdEvent(int date, int hour, String ad_response_id, String event_type) {}
