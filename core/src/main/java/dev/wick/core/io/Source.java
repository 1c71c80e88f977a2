package dev.wick.core.io;

import dev.wick.core.WickException;
import dev.wick.core.report.DidYouMean;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.SqlTrust;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * What a tool reads, as one immutable value: a location (a file, folder or glob; {@code
 * table:NAME}; {@code delta:PATH[@v12]}; {@code iceberg:PATH_OR_NAME[@SNAPSHOT]}), its format when
 * its files' extensions do not tell, options for Spark's reader, and a SQL predicate that keeps
 * only the rows it holds for.
 *
 * <pre>{@code
 * Dataset<Row> plays = Source.of("raw/plays.csv")
 *     .option("header", "false")
 *     .option("schema", "user_id STRING, ms_played BIGINT")
 *     .where("ms_played > 0")
 *     .read(spark);
 * }</pre>
 *
 * <p>The reader option {@code schema} is the one Wick reads itself: a DDL string ({@code "a INT, b
 * STRING"}) given to the reader as the data's schema, for CSV and JSON files that would otherwise
 * be sampled to infer one. CSV files are read with {@code header=true} and {@code inferSchema=true}
 * unless options say otherwise.
 *
 * <p>The row filter is refused when it reaches beyond the rows (a reflective function, a subquery:
 * see {@link SqlTrust}) unless the source is {@link #trustSql() trusted}.
 */
public record Source(
    String location,
    Optional<Format> format,
    Map<String, String> options,
    Optional<String> where,
    boolean sqlTrusted) {
  /**
   * The name of the setting that gives reader options, as errors about one name it ({@link
   * WickException#settings()}).
   */
  public static final String OPTION = "option";

  /** The name of the row-filter setting, as errors about the predicate name it. */
  public static final String WHERE = "where";

  /**
   * The name of the setting that lets SQL reach beyond the rows (reflection, subqueries), as errors
   * about it name it.
   */
  public static final String TRUST_SQL = "trustSql";

  /** The reader option that gives the data's schema as DDL. */
  public static final String SCHEMA_OPTION = "schema";

  public Source {
    if (location == null || location.isBlank()) {
      throw WickException.usage("A location is empty; give the path of a file or folder.");
    }
    options = Map.copyOf(options);
  }

  /** The dataset at {@code location}, in the format its files' extensions name, every row. */
  public static Source of(String location) {
    return new Source(location, Optional.empty(), Map.of(), Optional.empty(), false);
  }

  /** This source read as {@code format} whatever its files' extensions say. */
  public Source format(Format f) {
    return new Source(location, Optional.of(f), options, where, sqlTrusted);
  }

  /** This source read as {@code format} when present, else as its extensions say. */
  public Source format(Optional<Format> f) {
    return new Source(location, f, options, where, sqlTrusted);
  }

  /** This source with one more option for Spark's reader ({@code header=false}, ...). */
  public Source option(String key, String value) {
    if (key == null || key.isBlank()) {
      throw WickException.usage(
              "A reader option has an empty name; write the reader option as key=value.")
          .about(OPTION, "the reader option");
    }
    if (value == null) {
      throw WickException.usage(
              "The reader option '" + key + "' has no value; write the reader option as key=value.")
          .about(OPTION, "the reader option");
    }
    Map<String, String> more = new LinkedHashMap<>(options);
    more.put(key.strip(), value);
    return new Source(location, format, more, where, sqlTrusted);
  }

  /** This source with {@code options} added. */
  public Source options(Map<String, String> more) {
    Source s = this;
    for (Map.Entry<String, String> e : more.entrySet()) {
      s = s.option(e.getKey(), e.getValue());
    }
    return s;
  }

  /** This source keeping only the rows for which the SQL {@code predicate} is true. */
  public Source where(String predicate) {
    if (predicate == null || predicate.isBlank()) {
      throw WickException.usage(
              "The row filter is empty; give the row filter a SQL predicate such as"
                  + " \"country = 'SE'\".")
          .about(WHERE, "the row filter");
    }
    return new Source(location, format, options, Optional.of(predicate), sqlTrusted);
  }

  /**
   * This source with its row filter trusted: by default a filter that calls a reflective function
   * ({@code reflect}, {@code java_method}: any static Java method) or has a subquery (which can
   * read any table or file) is refused, since whoever writes it runs code in this JVM; trust a
   * filter only when you trust whoever wrote it.
   */
  public Source trustSql() {
    return new Source(location, format, options, where, true);
  }

  /**
   * The version or snapshot this source reads when it is a Delta ({@code v12}) or Iceberg table
   * (the snapshot id): the one it names, else the newest; empty for anything else, or when the
   * table's history cannot be read.
   */
  public Optional<String> tableVersion(SparkSession spark) {
    return LakeTable.parse(location).flatMap(t -> t.version(spark));
  }

  /** Reads the rows, with the filter applied; one clear sentence when any part cannot be read. */
  public Dataset<Row> read(SparkSession spark) {
    return filtered(DatasetReader.read(spark, location, format, options));
  }

  /**
   * The schema of the rows in the model ({@link DatasetReader#schema}: an Avro file's writer
   * schema, else Spark's). A filter does not change it.
   */
  public Schema schema(SparkSession spark) {
    if (options.isEmpty()) {
      return DatasetReader.schema(spark, location, format);
    }
    return Schemas.fromSpark(
        DatasetReader.read(spark, location, format, options).schema(),
        DatasetReader.recordName(location));
  }

  private Dataset<Row> filtered(Dataset<Row> data) {
    if (where.isEmpty()) {
      return data;
    }
    if (!sqlTrusted) {
      Optional<String> beyond = SqlTrust.beyondTheRows(data.sparkSession(), where.get());
      if (beyond.isPresent()) {
        throw WickException.usage(
                "The row filter \""
                    + where.get()
                    + "\" "
                    + beyond.get()
                    + "; a row filter may only compute over the rows, so remove that from the row"
                    + " filter, or trust it with Source.trustSql() if you trust whoever wrote"
                    + " it.")
            .about(WHERE, "the row filter")
            .about(TRUST_SQL, "with Source.trustSql()");
      }
    }
    try {
      return data.where(functions.expr(where.get()));
    } catch (Exception e) {
      // Spark's ParseException and AnalysisException are checked in Scala's eyes only.
      Optional<String> unknown = unknownName(e, data);
      if (unknown.isPresent()) {
        throw WickException.usage(
                "The row filter \""
                    + where.get()
                    + "\" is not a SQL predicate over "
                    + location
                    + "'s columns: "
                    + unknown.get()
                    + "; fix the row filter.",
                e)
            .about(WHERE, "the row filter");
      }
      throw WickException.usage(
              "The row filter \""
                  + where.get()
                  + "\" is not a SQL predicate over "
                  + location
                  + "'s columns ("
                  + ScanErrors.withoutErrorClass(Locations.message(e))
                  + "); fix the row filter.",
              e)
          .about(WHERE, "the row filter");
    }
  }

  /**
   * What a SQL expression named that Spark could not resolve, with the nearest names there are
   * ({@code it names contry, which is not a column (the nearest are country, city, ms)}), from
   * Spark's {@code UNRESOLVED_COLUMN} or {@code FIELD_NOT_FOUND} error; empty for any other
   * failure.
   */
  private static Optional<String> unknownName(Throwable failure, Dataset<Row> data) {
    int depth = 0;
    for (Throwable t = failure; t != null && depth < 8; t = t.getCause(), depth++) {
      if (!(t instanceof org.apache.spark.SparkThrowable spark) || spark.getCondition() == null) {
        continue;
      }
      Map<String, String> parameters = spark.getMessageParameters();
      if (spark.getCondition().startsWith("UNRESOLVED_COLUMN")
          && parameters.get("objectName") != null) {
        String name = unquoted(parameters.get("objectName"));
        return Optional.of(
            "it names "
                + name
                + ", which is not a column (the nearest are "
                + String.join(", ", DidYouMean.nearest(name, columnPaths(data), 3))
                + ")");
      }
      if (spark.getCondition().equals("FIELD_NOT_FOUND")
          && parameters.get("fieldName") != null
          && parameters.get("fields") != null) {
        String name = unquoted(parameters.get("fieldName"));
        java.util.List<String> fields = new java.util.ArrayList<>();
        for (String f : parameters.get("fields").split(",\\s*")) {
          if (!f.isBlank()) {
            fields.add(unquoted(f.strip()));
          }
        }
        return Optional.of(
            "it names the field "
                + name
                + ", which its record does not have (the nearest are "
                + String.join(", ", DidYouMean.nearest(name, fields, 3))
                + ")");
      }
    }
    return Optional.empty();
  }

  /** A name as Spark quotes it in messages ({@code `a`.`b c`}) in plain dotted form. */
  private static String unquoted(String name) {
    if (!name.startsWith("`")) {
      return name;
    }
    java.util.List<String> parts = new java.util.ArrayList<>();
    StringBuilder part = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '`') {
        if (quoted && i + 1 < name.length() && name.charAt(i + 1) == '`') {
          part.append('`');
          i++;
        } else {
          quoted = !quoted;
        }
      } else if (c == '.' && !quoted) {
        parts.add(part.toString());
        part.setLength(0);
      } else {
        part.append(c);
      }
    }
    parts.add(part.toString());
    return String.join(".", parts);
  }

  /** Every column of {@code data} and every field of its records, as dotted paths. */
  private static java.util.List<String> columnPaths(Dataset<Row> data) {
    java.util.List<String> out = new java.util.ArrayList<>();
    addPaths("", data.schema(), out, 0);
    return out;
  }

  private static void addPaths(
      String prefix,
      org.apache.spark.sql.types.StructType struct,
      java.util.List<String> out,
      int depth) {
    for (org.apache.spark.sql.types.StructField f : struct.fields()) {
      String path = prefix + f.name();
      out.add(path);
      if (depth < 8 && f.dataType() instanceof org.apache.spark.sql.types.StructType inner) {
        addPaths(path + ".", inner, out, depth + 1);
      }
    }
  }

  /**
   * One sentence for a job that failed because a SQL expression met a value it cannot take (Spark's
   * SQLSTATE class 22, data exceptions: a malformed cast under ANSI, an overflow, a division by
   * zero), as Spark reports it while the job runs; Wick's own expressions use the {@code try_}
   * forms, so such an error comes from the user's SQL (the row filter, a predicate). Empty for any
   * other failure.
   */
  public static Optional<WickException> explainDataFailure(Throwable failure) {
    int depth = 0;
    for (Throwable t = failure; t != null && depth < 32; t = t.getCause(), depth++) {
      if (t instanceof org.apache.spark.SparkThrowable spark
          && spark.getSqlState() != null
          && spark.getSqlState().startsWith("22")) {
        String message = t.getMessage() == null ? "" : t.getMessage().strip();
        int nl = message.indexOf('\n');
        message = ScanErrors.withoutErrorClass(nl < 0 ? message : message.substring(0, nl));
        int sentence = message.indexOf(". ");
        if (sentence > 0) {
          message = message.substring(0, sentence);
        }
        return Optional.of(
            WickException.usage(
                    "A SQL expression failed on the data ("
                        + message
                        + "); fix the row filter or the SQL that failed, for example with"
                        + " try_cast, which turns a bad value into null.",
                    failure)
                .about(WHERE, "the row filter"));
      }
    }
    return Optional.empty();
  }
}
