package dev.wick.core.io;

import java.util.Collection;
import java.util.Map;
import org.apache.spark.sql.Dataset;

/** Writes one dataset safely, with the rules of {@link Output}. */
public final class DatasetWriter {
  private DatasetWriter() {}

  /**
   * Writes {@code data} to {@code destination} in {@code format}; returns the qualified location.
   *
   * @param overwrite replace an existing output (never an input)
   * @param inputs the locations the data was read from, which the output must not touch
   */
  public static String write(
      Dataset<?> data,
      String destination,
      Format format,
      boolean overwrite,
      Collection<String> inputs) {
    return write(data, destination, format, overwrite, inputs, Map.of());
  }

  /**
   * Like {@link #write(Dataset, String, Format, boolean, Collection)}, with the data source's
   * writer options (such as spark-avro's {@code avroSchema}).
   */
  public static String write(
      Dataset<?> data,
      String destination,
      Format format,
      boolean overwrite,
      Collection<String> inputs,
      Map<String, String> options) {
    try (Output out = Output.create(data.sparkSession(), destination, overwrite, inputs)) {
      out.writeDataset("", data, format, options);
      return out.commit();
    }
  }
}
