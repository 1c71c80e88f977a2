package dev.wick.typed.shapes;

import dev.wick.typed.WickRecord;
import org.jspecify.annotations.Nullable;

/** A record nested in another. */
@WickRecord
public record Address(String city, @Nullable String zip) {}
