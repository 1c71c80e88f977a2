package dev.wick.core.schema;

import dev.wick.core.schema.DataType.RecordType;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The shape of a dataset: a top-level record type with fields. Build one from Avro, Spark or a Java
 * record with {@link Schemas}, resolve field paths against it with {@link #resolve(String)}, and
 * print it with {@link #toNotation()}.
 */
public record Schema(RecordType root) {

  public Schema {
    Objects.requireNonNull(root, "root");
  }

  /** A schema named {@code name} with the given fields. */
  public static Schema of(String name, List<Field> fields) {
    return new Schema(new RecordType(name, "", "", fields));
  }

  public static Schema of(String name, Field... fields) {
    return of(name, List.of(fields));
  }

  public String name() {
    return root.name();
  }

  public List<Field> fields() {
    return root.fields();
  }

  public Optional<Field> field(String name) {
    return root.fields().stream().filter(f -> f.name().equals(name)).findFirst();
  }

  /**
   * Resolves a field path ({@code a.b}, {@code a[]}, {@code m{}}), failing with a clear message.
   */
  public ResolvedPath resolve(String path) {
    return FieldPath.parse(path).resolve(this);
  }

  /** Resolves a field path, failing with a clear message. */
  public ResolvedPath resolve(FieldPath path) {
    return path.resolve(this);
  }

  /**
   * The error for a field path, named in {@code setting} ("by", "strata"), that steps into an array
   * or map where one value per record is needed (a key, a stratum); the caller adds the setting's
   * {@link dev.wick.core.WickException#about}.
   */
  public static dev.wick.core.WickException manyValuesPerRecord(String path, String setting) {
    return dev.wick.core.WickException.usage(
        "Field '"
            + path
            + "' steps into an array or map, so a record holds many values there; name a"
            + " field with one value per record in "
            + setting
            + ".");
  }

  /** Every leaf and inner field path of this schema, depth first, with its resolution. */
  public List<ResolvedPath> allPaths() {
    return FieldPath.enumerate(this);
  }

  /** The schema in Wick's readable notation (what {@code wick schema} prints). */
  public String toNotation() {
    return SchemaNotation.print(this);
  }

  @Override
  public String toString() {
    return toNotation();
  }
}
