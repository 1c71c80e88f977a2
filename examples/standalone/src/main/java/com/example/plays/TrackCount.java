package com.example.plays;

import dev.wick.typed.WickRecord;

/** Plays, distinct listeners and total time of one track. */
@WickRecord
public record TrackCount(String track_id, long plays, long listeners, long total_ms) {}
