package dev.wick.sampler;

import java.util.List;

/**
 * One stratum as pass 1 found it and the planner shared the target: its key (typed values in the
 * order of {@code --strata}, nulls included), the key as JSON for display, its size, its target,
 * the keep probability (without {@code --exact}) and the candidate bucket bound (with it).
 */
record PlannedStratum(
    int id,
    List<Object> key,
    String keyJson,
    long size,
    double target,
    double probability,
    long maxBucket) {}
