package dev.wick.profiler.internal;

import dev.wick.profiler.FieldKind;
import java.io.Serializable;

/**
 * One profiled path as the executors see it: where its values sit in the projected row, how to read
 * them, and what to compute. Serializable: it travels with the profiling task.
 *
 * @param path the field path
 * @param kind which statistics the path gets
 * @param valueType how to read a value
 * @param precision decimal precision (decimals only)
 * @param scale decimal scale (decimals only)
 * @param ordinal the projected column holding the value (or, when {@code repeated}, the array of
 *     values)
 * @param repeated whether the path steps into arrays or maps, so one row holds many values
 * @param topValues whether to track frequent values
 * @param redacted whether the path's top values are withheld
 * @param validOrdinal the projected column holding the semantic type's Catalyst verdict, or -1
 * @param semantic the field's semantic type as text, or null; checked in the loop when there is no
 *     {@code validOrdinal}
 * @param shippedType the semantic type itself when it is serializable and checked in the loop, else
 *     null (the executor then resolves {@code semantic} through the registry)
 */
record ColumnSpec(
    String path,
    FieldKind kind,
    ValueType valueType,
    int precision,
    int scale,
    int ordinal,
    boolean repeated,
    boolean topValues,
    boolean redacted,
    int validOrdinal,
    String semantic,
    Serializable shippedType)
    implements Serializable {}
