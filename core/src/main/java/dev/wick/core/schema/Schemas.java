package dev.wick.core.schema;

import dev.wick.core.WickException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.types.StructType;

/**
 * Converters between the Wick schema model and Avro schemas, Spark {@code StructType}s and Java
 * record classes. A conversion that would lose information the target cannot hold fails with a
 * {@link WickException} naming the field and why.
 */
public final class Schemas {
  private Schemas() {}

  /**
   * The model of an Avro record schema. Semantic types come from the {@code wick.semantic}
   * property.
   */
  public static Schema fromAvro(org.apache.avro.Schema avro) {
    return AvroConverter.toModel(avro);
  }

  /** The Avro schema of a model; nullable fields become unions with null first and default null. */
  public static org.apache.avro.Schema toAvro(Schema schema) {
    return AvroConverter.toAvro(schema);
  }

  /** The model of a Spark struct, named {@code name}. */
  public static Schema fromSpark(StructType struct, String name) {
    return SparkConverter.toModel(struct, name);
  }

  /** The model of a Spark struct, named {@code Record}. */
  public static Schema fromSpark(StructType struct) {
    return SparkConverter.toModel(struct, "Record");
  }

  /**
   * The Spark struct of a model (see {@link SparkConverter} for how Avro-only types are stored).
   */
  public static StructType toSpark(Schema schema) {
    return SparkConverter.toSpark(schema);
  }

  /** The Spark type of one model type; {@code path} names it in errors. */
  public static org.apache.spark.sql.types.DataType toSpark(DataType type, String path) {
    return SparkConverter.type(type, path);
  }

  /** The model of a Java record class. */
  public static Schema fromRecord(Class<? extends Record> type) {
    return RecordConverter.toModel(type);
  }

  /**
   * The semantic type an annotated element (a record component, a field) carries through {@link
   * Semantic} or an annotation marked {@link SemanticAnnotation}, as {@link #fromRecord} reads it.
   */
  public static java.util.Optional<SemanticSpec> semanticOf(
      java.lang.reflect.AnnotatedElement element) {
    return RecordConverter.semantic(element.getAnnotations());
  }

  /** Parses an Avro schema file ({@code .avsc}), failing with a clear message. */
  public static org.apache.avro.Schema parseAvsc(Path file) {
    if (file.toString().isBlank()) {
      throw WickException.usage(
          "The schema file's path is empty; pass the path of an Avro .avsc file.");
    }
    if (!Files.isRegularFile(file)) {
      throw WickException.usage(
          "Schema file " + file + " does not exist; pass the path of an Avro .avsc file.");
    }
    try {
      return new org.apache.avro.Schema.Parser().parse(file.toFile());
    } catch (IOException | org.apache.avro.AvroRuntimeException e) {
      // SchemaParseException for bad JSON or names, AvroTypeException for unknown type names
      throw WickException.usage(
          "Schema file "
              + file
              + " is not a valid Avro schema ("
              + firstLine(e.getMessage())
              + "); fix the JSON or the type names.",
          e);
    }
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unreadable";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }
}
