package dev.wick.cli;

import dev.wick.core.io.DatasetReader;
import dev.wick.core.io.Format;
import dev.wick.core.io.Source;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * The options of a command that reads one dataset: {@code --in}, {@code --in-format} when its
 * files' extensions do not tell ({@code --format} is its old spelling, kept hidden), {@code
 * --in-option} for Spark's reader, {@code --where} to keep some rows and {@code --trust-sql} to let
 * SQL reach beyond the rows.
 */
final class InputOptions {
  /** The help text of {@code --in}, shared with commands that read two datasets. */
  static final String LOCATIONS =
      "The dataset: a file, folder or glob, or a table: table:NAME, delta:PATH or"
          + " iceberg:TABLE, each Delta or Iceberg one with @VERSION or @TIME if wanted.";

  @Option(names = "--in", required = true, paramLabel = "PATH", description = LOCATIONS)
  String in;

  @Option(
      names = "--in-option",
      paramLabel = "KEY=VALUE",
      mapFallbackValue = "",
      description =
          "An option for Spark's reader (repeatable): header=false, sep=;, multiLine=true,"
              + " schema=\"a INT, b STRING\" (DDL) for CSV and JSON, ...")
  Map<String, String> inOptions = new LinkedHashMap<>();

  @Option(
      names = "--where",
      paramLabel = "PREDICATE",
      description = "Keep only the rows this SQL predicate holds for: \"country = 'SE'\".")
  String where;

  @Option(
      names = "--trust-sql",
      description =
          "Let SQL from --where (and from the checks file of wick check) call reflective"
              + " functions (reflect, java_method) and use subqueries, which run Java code and read"
              + " any table or file; only for SQL whose writer you trust.")
  boolean trustSql;

  private Format format;

  @Option(
      names = "--in-format",
      paramLabel = "FORMAT",
      converter = FormatConverter.class,
      description =
          "The input's format when its file extensions do not tell: avro, parquet, orc, json, csv"
              + " or text.")
  void inFormat(Format f) {
    format = f;
  }

  @Option(names = "--format", hidden = true, converter = FormatConverter.class)
  void format(Format f) {
    format = f;
  }

  /** The format given with --in-format, if any. */
  Optional<Format> format() {
    return Optional.ofNullable(format);
  }

  /**
   * The format of rows written from the input, which keeps the input's: Parquet for CSV, text and
   * tables, which cannot hold every column a row may gain (such as a reasons column).
   */
  Format keptFormat(org.apache.spark.sql.SparkSession session) {
    if (DatasetReader.isTable(in)) {
      return Format.PARQUET;
    }
    Format read = format().orElseGet(() -> DatasetReader.detect(session, in));
    return read == Format.CSV || read == Format.TEXT ? Format.PARQUET : read;
  }

  /**
   * The input's own Avro schema when its rows are kept as Avro files ({@code format}), so that rows
   * written from it keep its record names, enums and logical types; else empty.
   */
  java.util.Optional<org.apache.avro.Schema> keptAvroSchema(
      org.apache.spark.sql.SparkSession session, Format format) {
    return format == Format.AVRO && !DatasetReader.isTable(in)
        ? java.util.Optional.of(DatasetReader.avroSchema(session, in))
        : java.util.Optional.empty();
  }

  /** What the options name: the location, its format, reader options and row filter. */
  Source source() {
    Source s = Source.of(in).format(format()).options(inOptions);
    if (trustSql) {
      s = s.trustSql();
    }
    return where == null ? s : s.where(where);
  }
}
