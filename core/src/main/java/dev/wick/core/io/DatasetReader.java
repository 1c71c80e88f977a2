package dev.wick.core.io;

import dev.wick.core.WickException;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * Reads datasets: a file, a folder or a glob of Avro, Parquet, ORC, JSON lines, CSV or text files,
 * a catalog table written {@code table:NAME}, or a Delta or Iceberg table written {@code
 * delta:PATH} or {@code iceberg:PATH} (with a version after {@code @}; see {@link Source}). The
 * format comes from an explicit option or from the files' extensions; a missing path, an empty or
 * mixed folder, a table's folder read as files, and an unreadable file are errors with one clear
 * sentence.
 */
public final class DatasetReader {
  /** The prefix that names a catalog table instead of a path: {@code table:db.plays}. */
  public static final String TABLE_PREFIX = "table:";

  /**
   * The name of the setting that gives an input's format instead of its files' extensions, as
   * errors about an undetectable format name it ({@link WickException#settings()}).
   */
  public static final String FORMAT = "format";

  /** The words of those errors that stand for {@link #FORMAT}. */
  static final String NAME_FORMAT = "name the format";

  private DatasetReader() {}

  /** Reads {@code location} in {@code format}, or in the format its files' extensions name. */
  public static Dataset<Row> read(SparkSession spark, String location, Optional<Format> format) {
    return read(spark, location, format, Map.of());
  }

  /**
   * Reads {@code location} with {@code options} for Spark's reader (see {@link Source} for the
   * {@code schema} option and the CSV defaults).
   */
  static Dataset<Row> read(
      SparkSession spark, String location, Optional<Format> format, Map<String, String> options) {
    if (location.startsWith(TABLE_PREFIX)) {
      String table = location.substring(TABLE_PREFIX.length());
      requireTable(spark, table);
      return spark.read().options(options).table(table);
    }
    Optional<LakeTable> lake = LakeTable.parse(location);
    if (lake.isPresent()) {
      return lake.get().read(spark, options);
    }
    List<FileStatus> files = dataFiles(spark, location);
    Format f = format.orElseGet(() -> detect(files, location));
    refuseUnreadableFiles(spark, location, f, files);
    Dataset<Row> data = load(spark, location, f, options);
    if (f == Format.JSON && onlyCorruptRecords(spark, data.schema())) {
      throw WickException.usage(
              "Cannot read "
                  + location
                  + " as json: no line of its files is a JSON record; check that they hold JSON"
                  + " lines, or "
                  + NAME_FORMAT
                  + ".")
          .about(FORMAT, NAME_FORMAT);
    }
    return data;
  }

  /** Whether Spark's schema of a JSON read is its corrupt-record column alone. */
  private static boolean onlyCorruptRecords(SparkSession spark, StructType schema) {
    String corrupt = spark.conf().get("spark.sql.columnNameOfCorruptRecord", "_corrupt_record");
    return schema.fields().length == 1 && schema.fields()[0].name().equals(corrupt);
  }

  /**
   * Refuses data files that cannot hold rows of {@code f}: an empty file of a binary format (which
   * Spark would skip without a word: a write that stopped before its first byte leaves one), and,
   * for a text format, a file that starts with a binary format's magic bytes (Spark would read its
   * bytes as corrupt lines). Only the first file is opened, so that a folder of many files costs
   * one read.
   */
  private static void refuseUnreadableFiles(
      SparkSession spark, String location, Format f, List<FileStatus> files) {
    if (f.isBinary()) {
      List<String> empty =
          files.stream().filter(s -> s.getLen() == 0).map(s -> s.getPath().getName()).toList();
      if (!empty.isEmpty()) {
        throw WickException.usage(
            "Input "
                + location
                + " holds "
                + (empty.size() == 1 ? "an empty file" : empty.size() + " empty files")
                + " ("
                + String.join(", ", empty.subList(0, Math.min(3, empty.size())))
                + (empty.size() > 3 ? ", ..." : "")
                + ": 0 bytes), which cannot be "
                + f.sparkName()
                + "; remove "
                + (empty.size() == 1 ? "it" : "them")
                + " (a write that stopped early leaves such files).");
      }
      return;
    }
    Optional<FileStatus> first =
        files.stream()
            .filter(s -> s.getLen() > 0)
            .min(java.util.Comparator.comparing(s -> s.getPath().toString()));
    if (first.isEmpty()) {
      return;
    }
    Path path = first.get().getPath();
    byte[] head = new byte[4];
    int read = 0;
    try (java.io.InputStream in =
        path.getFileSystem(spark.sparkContext().hadoopConfiguration()).open(path)) {
      while (read < head.length) {
        int n = in.read(head, read, head.length - read);
        if (n < 0) {
          break;
        }
        read += n;
      }
    } catch (IOException e) {
      return; // Spark's read reports a file it cannot open
    }
    Optional<Format> binary = Format.ofMagic(java.util.Arrays.copyOf(head, read));
    if (binary.isPresent()) {
      throw WickException.usage(
              "Cannot read "
                  + location
                  + " as "
                  + f.sparkName()
                  + ": its file "
                  + path.getName()
                  + " is "
                  + binary.get().sparkName()
                  + " (it starts with that format's magic bytes); "
                  + NAME_FORMAT
                  + " "
                  + binary.get().sparkName()
                  + ".")
          .about(FORMAT, NAME_FORMAT);
    }
  }

  /**
   * True when {@code location} names a table ({@code table:}, {@code delta:} or {@code iceberg:})
   * rather than files.
   */
  public static boolean isTable(String location) {
    return location.startsWith(TABLE_PREFIX) || LakeTable.names(location);
  }

  /** Reads {@code location}, detecting the format from the files' extensions. */
  public static Dataset<Row> read(SparkSession spark, String location) {
    return read(spark, location, Optional.empty());
  }

  /**
   * The schema of a dataset in the model. For Avro files it is the writer schema stored in the
   * files (with its nullability, logical types, enums and {@code wick.semantic} properties), which
   * says more than Spark's reading of it; for every other source it is Spark's schema (file sources
   * read every column as nullable).
   */
  public static Schema schema(SparkSession spark, String location, Optional<Format> format) {
    if (!isTable(location)) {
      Format f = format.orElseGet(() -> detect(spark, location));
      if (f == Format.AVRO) {
        return Schemas.fromAvro(avroSchema(spark, location));
      }
    }
    Dataset<Row> data = read(spark, location, format);
    return Schemas.fromSpark(data.schema(), recordName(location));
  }

  /** The writer schema of the first Avro data file under {@code location}. */
  public static org.apache.avro.Schema avroSchema(SparkSession spark, String location) {
    List<FileStatus> files = dataFiles(spark, location);
    refuseUnreadableFiles(spark, location, Format.AVRO, files);
    FileStatus first = files.get(0);
    try {
      FileSystem fs = first.getPath().getFileSystem(spark.sparkContext().hadoopConfiguration());
      try (var in = fs.open(first.getPath());
          var stream = new DataFileStream<>(in, new GenericDatumReader<Object>())) {
        return stream.getSchema();
      }
    } catch (IOException e) {
      throw WickException.usage(
          "Cannot read the Avro schema of "
              + first.getPath()
              + " ("
              + firstLine(e.getMessage())
              + "); is it an Avro data file?",
          e);
    }
  }

  /** A record name from a path or table name: {@code data/track_plays.avro -> TrackPlays}. */
  static String recordName(String location) {
    Optional<LakeTable> lake = LakeTable.parse(location);
    if (lake.isPresent()) {
      String table = lake.get().table();
      return lake.get().byPath()
          ? recordName(table)
          : toRecordName(table.substring(table.lastIndexOf('.') + 1));
    }
    if (location.startsWith(TABLE_PREFIX)) {
      String table = location.substring(TABLE_PREFIX.length());
      return toRecordName(table.substring(table.lastIndexOf('.') + 1));
    }
    String path = location.replaceAll("[*?\\[\\]{}]", "");
    while (path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    return toRecordName(path.substring(path.lastIndexOf('/') + 1));
  }

  private static String toRecordName(String base) {
    int dot = base.indexOf('.');
    if (dot > 0) {
      base = base.substring(0, dot);
    }
    StringBuilder out = new StringBuilder();
    boolean upper = true;
    for (char c : base.toCharArray()) {
      if (!Character.isLetterOrDigit(c)) {
        upper = true;
        continue;
      }
      out.append(upper ? Character.toUpperCase(c) : c);
      upper = false;
    }
    if (out.length() == 0 || !Character.isLetter(out.charAt(0))) {
      out.insert(0, "Dataset");
    }
    return out.toString();
  }

  /** Reads a catalog table, failing clearly when it does not exist. */
  public static Dataset<Row> readTable(SparkSession spark, String table) {
    requireTable(spark, table);
    return spark.table(table);
  }

  /** Fails with one sentence when {@code table} is not a table name or not in the catalog. */
  private static void requireTable(SparkSession spark, String table) {
    Tables.identifier(spark, table);
    if (!spark.catalog().tableExists(table)) {
      throw WickException.usage(
          "Table '"
              + table
              + "' does not exist in the catalog; check its name (db.table) or create it.");
    }
  }

  static Dataset<Row> load(SparkSession spark, String location, Format f) {
    return load(spark, location, f, Map.of());
  }

  private static Dataset<Row> load(
      SparkSession spark, String location, Format f, Map<String, String> options) {
    String path = Locations.forSpark(location, spark.sparkContext().hadoopConfiguration());
    DataFrameReader reader = spark.read().format(f.sparkName());
    if (f == Format.CSV) {
      reader = reader.option("header", "true").option("inferSchema", "true");
    }
    for (Map.Entry<String, String> o : options.entrySet()) {
      reader =
          o.getKey().equals(Source.SCHEMA_OPTION)
              ? withSchema(reader, o.getValue())
              : reader.option(o.getKey(), o.getValue());
    }
    if (f == Format.PARQUET && options.isEmpty()) {
      Optional<StructType> written = sparkWrittenSchema(spark, location);
      if (written.isPresent()) {
        reader = reader.schema(written.get());
      }
    }
    try {
      return reader.load(path);
    } catch (Exception e) {
      // SparkException is a checked exception that Scala code throws undeclared.
      throw unreadable(location, f, e);
    }
  }

  /** The footer key under which Spark's Parquet writer stores the rows' schema as JSON. */
  private static final String SPARK_ROW_METADATA = "org.apache.spark.sql.parquet.row.metadata";

  /**
   * The schema Spark's inference would give a Parquet input, read by Wick from one footer instead
   * of by Spark's inference, which runs a Spark job for it (tens of milliseconds before every
   * command's first real job). Spark's inference, without merging schemas, reads the first data
   * file by path (when there is no summary file) and takes the schema Spark's writer stored in its
   * footer. This does the same, only where that is all the inference does: a single Parquet file,
   * or a folder of files with no subfolder (no partitions to discover) and no summary file, whose
   * first file Spark wrote. Anything else, and any failure to read that footer, gives empty:
   * Spark's own inference reads the input, and reports its errors, as it does without this.
   */
  private static Optional<StructType> sparkWrittenSchema(SparkSession spark, String location) {
    if (Boolean.parseBoolean(spark.conf().get("spark.sql.parquet.mergeSchema", "false"))) {
      return Optional.empty();
    }
    try {
      // The context's configuration, loaded once: a new one parses Hadoop's XML defaults again.
      Configuration conf = spark.sparkContext().hadoopConfiguration();
      Path path = Locations.qualified(location, conf);
      if (hasGlob(path)) {
        return Optional.empty();
      }
      FileSystem fs = path.getFileSystem(conf);
      FileStatus status = fs.getFileStatus(path);
      FileStatus first = status.isFile() ? status : null;
      if (first == null) {
        for (FileStatus entry : fs.listStatus(path)) {
          String name = entry.getPath().getName();
          if (entry.isDirectory() || name.equals("_metadata") || name.equals("_common_metadata")) {
            return Optional.empty();
          }
          boolean hidden =
              (name.startsWith("_") && !name.contains("="))
                  || name.startsWith(".")
                  || name.endsWith("._COPYING_");
          if (!hidden
              && (first == null
                  || entry.getPath().toString().compareTo(first.getPath().toString()) < 0)) {
            first = entry;
          }
        }
      }
      if (first == null) {
        return Optional.empty();
      }
      try (ParquetFileReader footer =
          ParquetFileReader.open(HadoopInputFile.fromStatus(first, conf))) {
        String json =
            footer.getFooter().getFileMetaData().getKeyValueMetaData().get(SPARK_ROW_METADATA);
        return json != null && DataType.fromJson(json) instanceof StructType schema
            ? Optional.of(schema)
            : Optional.empty();
      }
    } catch (Exception e) {
      return Optional.empty();
    }
  }

  private static DataFrameReader withSchema(DataFrameReader reader, String ddl) {
    try {
      return reader.schema(StructType.fromDDL(ddl));
    } catch (Exception e) {
      throw WickException.usage(
              "The reader option schema=\""
                  + ddl
                  + "\" is not a schema ("
                  + withoutErrorClass(Locations.message(e))
                  + "); write it as DDL, such as \"user_id STRING, ms_played BIGINT\", in the"
                  + " reader option.",
              e)
          .about(Source.OPTION, "the reader option");
    }
  }

  /** What Spark and the format libraries say when a file is not of the format it claims. */
  private static final List<String> CORRUPT_FILE_MARKERS =
      List.of(
          "Not an Avro data file",
          "Not a data file",
          "is not a Parquet file",
          "Could not read footer",
          "CANNOT_READ_FILE_FOOTER",
          "Malformed ORC file",
          "Could not read file");

  private static final Pattern FILE_URI =
      Pattern.compile("\\b[a-z][a-z0-9+.-]*:/[^\\s,;'\"()\\[\\]]+");

  /** Spark's error class for a file a running scan could not read. */
  private static final String FAILED_READ_FILE = "FAILED_READ_FILE";

  private static final Pattern SCANNED_FILE = Pattern.compile("reading file (\\S+?)\\.?(?:\\s|$)");

  /**
   * One sentence for a job that failed because its scan met a file Spark could not read. Spark
   * learns a schema from the first files only, so a corrupt or truncated file among good ones is
   * found only when a task reaches it, long after {@link #read} returned; every command and job
   * turns such a failure into this usage error naming the file. Empty when {@code failure} is
   * something else, or a {@link WickException} already.
   */
  public static Optional<WickException> explainScanFailure(Throwable failure) {
    if (failure instanceof WickException) {
      return Optional.empty(); // already explained, e.g. by read()
    }
    Optional<String> file = Optional.empty();
    boolean corrupt = false;
    String innermost = null;
    int depth = 0;
    for (Throwable t = failure; t != null && depth < 20; t = t.getCause(), depth++) {
      String m = t.getMessage();
      if (m == null) {
        continue;
      }
      innermost = m;
      if (file.isEmpty() && m.contains(FAILED_READ_FILE)) {
        Matcher f = SCANNED_FILE.matcher(m);
        if (f.find()) {
          String found = f.group(1);
          file = Optional.of(found.startsWith("file:") ? new Path(found).toUri().getPath() : found);
        }
      }
      corrupt |= CORRUPT_FILE_MARKERS.stream().anyMatch(m::contains);
    }
    if (file.isEmpty()) {
      return Optional.empty();
    }
    String why =
        corrupt
            ? "it is corrupt or not of the format its name says"
            : "it cannot be read (" + withoutErrorClass(firstLine(innermost)) + ")";
    return Optional.of(
        WickException.usage(
            "Cannot read " + file.get() + ": " + why + "; check or remove that file.", failure));
  }

  /** One sentence for a source Spark cannot read, naming the corrupt file when there is one. */
  private static WickException unreadable(String location, Format f, Exception e) {
    List<String> messages = new ArrayList<>();
    for (Throwable t = e; t != null && messages.size() < 20; t = t.getCause()) {
      if (t.getMessage() != null) {
        messages.add(0, t.getMessage()); // innermost first: the most specific
      }
    }
    boolean corrupt =
        messages.stream().anyMatch(m -> CORRUPT_FILE_MARKERS.stream().anyMatch(m::contains));
    if (corrupt) {
      String file = corruptFile(messages).orElse(location);
      return WickException.usage(
              "Cannot read "
                  + location
                  + " as "
                  + f.sparkName()
                  + ": "
                  + (samePath(file, location) ? "it" : file)
                  + " is not a readable "
                  + f.sparkName()
                  + " file (corrupt, or another format under that extension); check the file, or "
                  + NAME_FORMAT
                  + " if the extension misleads.",
              e)
          .about(FORMAT, NAME_FORMAT);
    }
    String reason =
        messages.isEmpty() ? e.toString() : withoutErrorClass(firstLine(messages.get(0)));
    return WickException.usage(
            "Cannot read "
                + location
                + " as "
                + f.sparkName()
                + " ("
                + reason
                + "); check the path and "
                + NAME_FORMAT
                + " if the extension misleads.",
            e)
        .about(FORMAT, NAME_FORMAT);
  }

  /** The first file URI a message names (Spark names the file it failed on), as a path. */
  private static Optional<String> corruptFile(List<String> messages) {
    for (String m : messages) {
      Matcher uri = FILE_URI.matcher(m);
      while (uri.find()) {
        String found = uri.group().replaceAll("\\.+$", "");
        if (!found.startsWith("http")) {
          return Optional.of(found.startsWith("file:") ? new Path(found).toUri().getPath() : found);
        }
      }
    }
    return Optional.empty();
  }

  private static boolean samePath(String a, String b) {
    try {
      return new Path(a).toUri().getPath().equals(Locations.path(b).toUri().getPath());
    } catch (RuntimeException e) {
      return a.equals(b);
    }
  }

  /** The format a path's data files' extensions name; an error when none or several do. */
  public static Format detect(SparkSession spark, String location) {
    return detect(dataFiles(spark, location), location);
  }

  private static Format detect(List<FileStatus> files, String location) {
    Set<String> unknown = new TreeSet<>();
    Set<Format> formats = new TreeSet<>();
    for (FileStatus s : files) {
      Optional<Format> f = Format.ofFileName(s.getPath().getName());
      if (f.isPresent()) {
        formats.add(f.get());
      } else {
        unknown.add(s.getPath().getName());
      }
    }
    if (formats.size() > 1) {
      throw WickException.usage(
              "Input "
                  + location
                  + " mixes formats ("
                  + formats.stream().map(Format::sparkName).collect(Collectors.joining(", "))
                  + "); point at a folder of one format, or "
                  + NAME_FORMAT
                  + ".")
          .about(FORMAT, NAME_FORMAT);
    }
    if (formats.isEmpty()) {
      throw WickException.usage(
              "Cannot tell the format of "
                  + location
                  + " from its file names ("
                  + unknown.stream().limit(3).collect(Collectors.joining(", "))
                  + "); "
                  + NAME_FORMAT
                  + " (avro, parquet, orc, json, csv, text).")
          .about(FORMAT, NAME_FORMAT);
    }
    if (!unknown.isEmpty()) {
      throw WickException.usage(
              "Input "
                  + location
                  + " holds files of no known format ("
                  + unknown.stream().limit(3).collect(Collectors.joining(", "))
                  + ") beside "
                  + formats.iterator().next().sparkName()
                  + " files; remove them or "
                  + NAME_FORMAT
                  + ".")
          .about(FORMAT, NAME_FORMAT);
    }
    return formats.iterator().next();
  }

  /** Fails with a clear sentence when nothing exists at {@code location}. */
  public static void requireExists(SparkSession spark, String location) {
    dataFiles(spark, location);
  }

  /**
   * The data files below a file, folder or glob, skipping hidden and marker files ({@code _*},
   * {@code .*}) as Spark does.
   */
  public static List<FileStatus> dataFiles(SparkSession spark, String location) {
    if (isTable(location)) {
      throw WickException.usage(
          "Input "
              + location
              + " is a catalog table, which has no files to list here; give a path.");
    }
    Path path = Locations.qualified(location, spark.sparkContext().hadoopConfiguration());
    FileSystem fs =
        Locations.fileSystem(path, location, spark.sparkContext().hadoopConfiguration());
    try {
      FileStatus[] matched = glob(fs, path);
      if (matched == null || matched.length == 0) {
        throw WickException.usage(
            "Input " + location + " does not exist; check the path (a file, a folder or a glob).");
      }
      refuseTableFolders(fs, location, matched);
      List<FileStatus> files = new ArrayList<>();
      for (FileStatus s : matched) {
        collect(fs, s, files);
      }
      if (files.isEmpty()) {
        throw WickException.usage(
            "Input " + location + " holds no data files; point at a folder that contains some.");
      }
      return files;
    } catch (IOException e) {
      throw WickException.usage(
          "Cannot list input " + location + " (" + Locations.message(e) + ").", e);
    }
  }

  /**
   * The entries a path names: itself, or what its glob matches. A path without glob characters is
   * looked up directly, since Hadoop's globber cannot name an entry with a colon.
   */
  private static FileStatus[] glob(FileSystem fs, Path path) throws IOException {
    if (hasGlob(path)) {
      String text = path.toUri().getPath();
      try {
        return fs.globStatus(path);
      } catch (IllegalArgumentException e) {
        throw WickException.usage(
            "Cannot expand the glob "
                + text
                + ": Hadoop's globbing fails on an entry with a colon in its name ("
                + Locations.message(e).replaceFirst("^.*: ", "")
                + "); give that path without a glob, or rename the entry.",
            e);
      }
    }
    try {
      return new FileStatus[] {fs.getFileStatus(path)};
    } catch (java.io.FileNotFoundException e) {
      return null;
    }
  }

  /** Whether {@code path} holds a character of Hadoop's glob syntax. */
  private static boolean hasGlob(Path path) {
    String text = path.toUri().getPath();
    for (int i = 0; i < text.length(); i++) {
      if ("*?[{\\".indexOf(text.charAt(i)) >= 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Refuses files of a Delta or Iceberg table read as plain files: a table's folder holds data
   * files its log no longer lists (removed, replaced or not yet committed), which a file read would
   * include without a word. Looks at each matched entry and the two folders above it.
   */
  private static void refuseTableFolders(FileSystem fs, String location, FileStatus[] matched)
      throws IOException {
    Set<Path> seen = new java.util.HashSet<>();
    for (int i = 0; i < Math.min(matched.length, 100); i++) {
      Path p = matched[i].isDirectory() ? matched[i].getPath() : matched[i].getPath().getParent();
      for (int up = 0; up < 3 && p != null; up++, p = p.getParent()) {
        if (!seen.add(p)) {
          break;
        }
        boolean itself = up == 0 && matched[i].isDirectory();
        if (fs.exists(Locations.child(p, "_delta_log"))) {
          throw tableFolder(location, "a Delta table", "delta:", p, itself);
        }
        Path metadata = Locations.child(p, "metadata");
        if (fs.isDirectory(metadata)
            && fs.globStatus(Locations.child(metadata, "*.metadata.json")).length > 0) {
          throw tableFolder(location, "an Iceberg table", "iceberg:", p, itself);
        }
      }
    }
  }

  private static WickException tableFolder(
      String location, String what, String prefix, Path t, boolean itself) {
    String table = Locations.display(t);
    return WickException.usage(
        "Input "
            + location
            + (itself ? " is " : " lies in " + table + ", ")
            + what
            + "; reading its files directly would include files its log no longer lists, so read"
            + " it as "
            + prefix
            + table
            + ".");
  }

  private static void collect(FileSystem fs, FileStatus s, List<FileStatus> out)
      throws IOException {
    String name = s.getPath().getName();
    if (name.startsWith("_") || name.startsWith(".")) {
      return;
    }
    if (s.isDirectory()) {
      for (FileStatus child : fs.listStatus(s.getPath())) {
        collect(fs, child, out);
      }
    } else {
      out.add(s);
    }
  }

  /** A Spark message without its {@code [ERROR_CLASS]}, {@code SQLSTATE} and final full stop. */
  static String withoutErrorClass(String message) {
    return message
        .replaceFirst("^\\[[A-Z0-9_.]+\\]\\s*", "")
        .replaceAll("\\s*SQLSTATE: \\w+", "")
        .replaceFirst("\\.$", "");
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unreadable";
    }
    String m = message.strip();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
