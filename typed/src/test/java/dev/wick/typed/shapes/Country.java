package dev.wick.typed.shapes;

import dev.wick.typed.WickRecord;

/** A country. */
@WickRecord
public record Country(String country, long population) {}
