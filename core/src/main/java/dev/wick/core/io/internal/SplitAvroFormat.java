package dev.wick.core.io.internal;

import org.apache.hadoop.mapreduce.Job;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.types.StructType;

/** Avro, written as a {@link SplitWrite}: Spark creates it by its class name. */
public class SplitAvroFormat extends org.apache.spark.sql.avro.AvroFileFormat {
  @Override
  public OutputWriterFactory prepareWrite(
      SparkSession session,
      Job job,
      scala.collection.immutable.Map<String, String> options,
      StructType dataSchema) {
    return SplitWrite.prepare(super::prepareWrite, session, job, options, dataSchema);
  }
}
