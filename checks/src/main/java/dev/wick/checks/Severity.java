package dev.wick.checks;

import java.util.Locale;

/** What a failed check does to the gate: {@link #ERROR} fails it, {@link #WARN} only reports. */
public enum Severity {
  /** A failed check fails the gate ({@code wick check} exits 1). */
  ERROR,
  /** A failed check is reported, and the gate still passes. */
  WARN;

  /** The name in a checks file: {@code error} or {@code warn}. */
  public String text() {
    return name().toLowerCase(Locale.ROOT);
  }
}
