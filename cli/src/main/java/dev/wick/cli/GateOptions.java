package dev.wick.cli;

import java.util.function.UnaryOperator;
import picocli.CommandLine.Mixin;

/**
 * The flags that accept, by name, what a gate would otherwise fail on: {@code
 * --allow-schema-change} and {@code --allow-empty}.
 */
final class GateOptions {
  @Mixin AllowSchemaChangeOption schemaChange;

  @Mixin AllowEmptyOption empty;

  /**
   * {@code thresholds} accepting what the flags accept, through the library's own {@code
   * allowingSchemaChange} and {@code allowingEmpty}.
   */
  <T> T apply(T thresholds, UnaryOperator<T> allowingSchemaChange, UnaryOperator<T> allowingEmpty) {
    T t = schemaChange.allowSchemaChange ? allowingSchemaChange.apply(thresholds) : thresholds;
    return empty.allowEmpty ? allowingEmpty.apply(t) : t;
  }
}
