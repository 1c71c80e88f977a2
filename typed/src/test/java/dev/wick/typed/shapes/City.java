package dev.wick.typed.shapes;

import dev.wick.typed.WickRecord;

/** A city and its country. */
@WickRecord
public record City(String city, String country) {}
