package dev.wick.core.io;

import dev.wick.core.WickException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The data formats Wick reads and writes, with the file extensions that identify them. */
public enum Format {
  AVRO("avro", List.of(".avro")),
  PARQUET("parquet", List.of(".parquet")),
  ORC("orc", List.of(".orc")),
  JSON("json", List.of(".json", ".jsonl", ".ndjson")),
  CSV("csv", List.of(".csv")),
  TEXT("text", List.of(".txt"));

  private final String sparkName;
  private final List<String> extensions;

  Format(String sparkName, List<String> extensions) {
    this.sparkName = sparkName;
    this.extensions = extensions;
  }

  /** The name Spark's {@code DataFrameReader.format} takes. */
  public String sparkName() {
    return sparkName;
  }

  public List<String> extensions() {
    return extensions;
  }

  /** Parses a format name ({@code avro}, {@code parquet}, ...), case-insensitively. */
  public static Format parse(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    if (n.equals("jsonl") || n.equals("ndjson")) {
      return JSON;
    }
    for (Format f : values()) {
      if (f.sparkName.equals(n)) {
        return f;
      }
    }
    throw WickException.usage(
        "Unknown format '"
            + name
            + "'; use one of "
            + Arrays.stream(values()).map(Format::sparkName).collect(Collectors.joining(", "))
            + ".");
  }

  /** The format a file name's extension (compression suffixes aside) identifies, if any. */
  public static Optional<Format> ofFileName(String fileName) {
    String n = fileName.toLowerCase(Locale.ROOT);
    for (String compression :
        List.of(".gz", ".bz2", ".snappy", ".zstd", ".lz4", ".deflate", ".xz")) {
      if (n.endsWith(compression) && !n.endsWith(".parquet" + compression)) {
        n = n.substring(0, n.length() - compression.length());
      }
    }
    for (Format f : values()) {
      for (String ext : f.extensions) {
        if (n.endsWith(ext)) {
          return Optional.of(f);
        }
      }
    }
    return Optional.empty();
  }

  /** Whether the format's files are binary, with a header of their own (Avro, Parquet, ORC). */
  public boolean isBinary() {
    return this == AVRO || this == PARQUET || this == ORC;
  }

  /** The binary format whose magic bytes {@code head} (a file's first bytes) starts with. */
  public static Optional<Format> ofMagic(byte[] head) {
    if (startsWith(head, new byte[] {'O', 'b', 'j', 1})) {
      return Optional.of(AVRO);
    }
    if (startsWith(head, new byte[] {'P', 'A', 'R', '1'})) {
      return Optional.of(PARQUET);
    }
    if (startsWith(head, new byte[] {'O', 'R', 'C'})) {
      return Optional.of(ORC);
    }
    return Optional.empty();
  }

  private static boolean startsWith(byte[] head, byte[] magic) {
    if (head.length < magic.length) {
      return false;
    }
    for (int i = 0; i < magic.length; i++) {
      if (head[i] != magic[i]) {
        return false;
      }
    }
    return true;
  }
}
