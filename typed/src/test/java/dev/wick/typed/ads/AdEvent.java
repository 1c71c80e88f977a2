package dev.wick.typed.ads;

import dev.wick.typed.WickTable;

/** An ad event, as in the seed's {@code ad_event_f}. */
@WickTable("ad_event_f")
public record AdEvent(int date, int hour, String ad_response_id, String event_type) {}
