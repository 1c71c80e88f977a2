package dev.wick.cli;

import dev.wick.core.io.Format;
import dev.wick.core.io.Source;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Option;

/**
 * How {@code wick diff} reads its two sides: {@code --in-format} (or its old spelling {@code
 * --input-format}) and Spark reader options for both sides ({@code --in-option}) or one ({@code
 * --lhs-option}, {@code --rhs-option}).
 */
final class DiffInputOptions {
  @Option(
      names = "--in-format",
      paramLabel = "FORMAT",
      converter = FormatConverter.class,
      description = "The inputs' format when their file extensions do not tell.")
  Format format;

  @Option(
      names = "--in-option",
      paramLabel = "KEY=VALUE",
      description =
          "An option for Spark's reader of both sides (repeatable), as for other commands.")
  Map<String, String> inOptions = new LinkedHashMap<>();

  @Option(
      names = "--lhs-option",
      paramLabel = "KEY=VALUE",
      description = "An option for Spark's reader of the baseline only (repeatable).")
  Map<String, String> lhsOptions = new LinkedHashMap<>();

  @Option(
      names = "--rhs-option",
      paramLabel = "KEY=VALUE",
      description = "An option for Spark's reader of the candidate only (repeatable).")
  Map<String, String> rhsOptions = new LinkedHashMap<>();

  @Option(names = "--input-format", hidden = true, converter = FormatConverter.class)
  void inputFormat(Format f) {
    format = f;
  }

  /** The baseline at {@code path}, read with the shared and the baseline's reader options. */
  Dataset<Row> lhs(SparkSession session, String path) {
    return read(session, path, lhsOptions);
  }

  /** The candidate at {@code path}, read with the shared and the candidate's reader options. */
  Dataset<Row> rhs(SparkSession session, String path) {
    return read(session, path, rhsOptions);
  }

  private Dataset<Row> read(SparkSession session, String path, Map<String, String> side) {
    return Source.of(path)
        .format(Optional.ofNullable(format))
        .options(inOptions)
        .options(side)
        .read(session);
  }
}
