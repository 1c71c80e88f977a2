package dev.wick.cli;

import picocli.CommandLine.Option;

/** {@code --allow-schema-change}: a gate passes even though the compared schemas differ. */
final class AllowSchemaChangeOption {
  @Option(
      names = "--allow-schema-change",
      description =
          "With a gate: pass even though fields are on one side only or changed type or"
              + " nullability (by default any schema change fails the gate).")
  boolean allowSchemaChange;
}
