package dev.wick.core.io;

import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/** The rows' schema that Spark's Parquet writer stored in a Parquet input's footer. */
final class ParquetFooterSchema {
  /** The footer key under which Spark's Parquet writer stores the rows' schema as JSON. */
  private static final String SPARK_ROW_METADATA = "org.apache.spark.sql.parquet.row.metadata";

  private ParquetFooterSchema() {}

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
  static Optional<StructType> read(SparkSession spark, String location) {
    if (Boolean.parseBoolean(spark.conf().get("spark.sql.parquet.mergeSchema", "false"))) {
      return Optional.empty();
    }
    try {
      // The context's configuration, loaded once: a new one parses Hadoop's XML defaults again.
      Configuration conf = spark.sparkContext().hadoopConfiguration();
      Path path = Locations.qualified(location, conf);
      if (DataFiles.hasGlob(path)) {
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
}
