/**
 * The decision of a gate as a value: a tool's result plus its thresholds gives a {@link
 * dev.wick.core.gate.GateResult}, the list of {@link dev.wick.core.gate.Violation}s that make it
 * fail. Front ends map it to an outcome (the {@code wick} command to exit code 1, or 2 for an input
 * error) and add the names of their own flags when they print it.
 */
package dev.wick.core.gate;
