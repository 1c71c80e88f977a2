package dev.wick.typed.shapes;

import dev.wick.typed.WickRecord;
import java.util.List;

/** A purchase by a person. */
@WickRecord
public record Purchase(long purchase_id, long person_id, double amount, List<String> items) {}
