package dev.wick.typed.shapes;

import dev.wick.typed.WickTable;
import org.jspecify.annotations.Nullable;

/** A person. */
@WickTable("people")
public record Person(long id, String name, @Nullable String city, int age) {}
