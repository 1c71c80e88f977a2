package com.example.plays;

import dev.wick.typed.WickTable;

/** One play of a track by a user; the typed API generates {@code Play_} from it. */
@WickTable("plays")
public record Play(String play_id, String track_id, String user_id, long ms_played) {}
