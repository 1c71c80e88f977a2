package dev.wick.testkit.generators.internal;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.BooleanType;
import dev.wick.core.schema.DataType.BytesType;
import dev.wick.core.schema.DataType.DateType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.DoubleType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.FixedType;
import dev.wick.core.schema.DataType.FloatType;
import dev.wick.core.schema.DataType.IntType;
import dev.wick.core.schema.DataType.LongType;
import dev.wick.core.schema.DataType.StringType;
import dev.wick.core.schema.DataType.TimeType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.schema.DataType.UuidType;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.validation.SemanticType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/**
 * Builds the value domain of a whole schema: one {@link Domain} per position, composed the way the
 * schema nests, drawing records in the target's Java form (Avro generic records or Spark rows).
 *
 * <p>Each field's values come from its type's domain, or from its semantic type when it has one
 * (from the schema or given here by path): a semantic type on an array or map field applies to its
 * elements or values. Recursive records nest at most {@link GenerationSettings#maxDepth()} levels;
 * then a nullable field is null, an array or map is empty, a union takes another branch, and a
 * recursion with none of these ways out is an error naming the record.
 */
public final class SchemaDomains {
  private SchemaDomains() {}

  /** Records of an Avro record schema, as {@code GenericData.Record}s. */
  @SuppressWarnings("unchecked")
  public static Domain<GenericRecord> avro(
      org.apache.avro.Schema avro,
      GenerationSettings settings,
      Map<FieldPath, SemanticType> semanticTypes) {
    return avro(avro, settings, semanticTypes, null);
  }

  /** Records of an Avro record schema whose values follow {@code like}'s profile (or null). */
  @SuppressWarnings("unchecked")
  public static Domain<GenericRecord> avro(
      org.apache.avro.Schema avro,
      GenerationSettings settings,
      Map<FieldPath, SemanticType> semanticTypes,
      ProfileShape like) {
    Schema model = Schemas.fromAvro(avro);
    return (Domain<GenericRecord>)
        (Domain<?>)
            new DomainBuilder(AvroForm.INSTANCE, settings, semanticTypes)
                .like(like)
                .root(model, avro);
  }

  /**
   * Records of an Avro record schema for bulk generation, as {@code GenericData.Record}s: no field
   * slots, and the identifiers and keys unique per record index.
   */
  @SuppressWarnings("unchecked")
  static Domain<GenericRecord> bulkAvro(
      org.apache.avro.Schema avro, GenerationSettings settings, BulkShape.Task task) {
    Schema model = Schemas.fromAvro(avro);
    return (Domain<GenericRecord>)
        (Domain<?>)
            new DomainBuilder(AvroForm.INSTANCE, settings, Map.of(), false)
                .bulk(task)
                .root(model, avro);
  }

  /** Rows of a model for bulk generation, shaped as {@code struct}: no slots, keys unique. */
  @SuppressWarnings("unchecked")
  static Domain<Row> bulkRows(
      Schema model, StructType struct, GenerationSettings settings, BulkShape.Task task) {
    return (Domain<Row>)
        (Domain<?>)
            new DomainBuilder(RowForm.INSTANCE, settings, Map.of(), false)
                .bulk(task)
                .root(model, struct);
  }

  /** Rows of a model, shaped as {@code Schemas.toSpark(model)}. */
  public static Domain<Row> rows(
      Schema model, GenerationSettings settings, Map<FieldPath, SemanticType> semanticTypes) {
    return rows(model, Schemas.toSpark(model), settings, semanticTypes);
  }

  /**
   * Rows of a model shaped as {@code struct}, a Spark schema the model came from ({@code
   * Schemas.fromSpark(struct)}): values fit its exact column types ({@code short}, {@code
   * varchar(n)}).
   */
  public static Domain<Row> rows(
      Schema model,
      StructType struct,
      GenerationSettings settings,
      Map<FieldPath, SemanticType> semanticTypes) {
    return rows(model, struct, settings, semanticTypes, null);
  }

  /** Rows of a model shaped as {@code struct}, whose values follow {@code like} (or null). */
  @SuppressWarnings("unchecked")
  public static Domain<Row> rows(
      Schema model,
      StructType struct,
      GenerationSettings settings,
      Map<FieldPath, SemanticType> semanticTypes,
      ProfileShape like) {
    Objects.requireNonNull(struct, "struct");
    return (Domain<Row>)
        (Domain<?>)
            new DomainBuilder(RowForm.INSTANCE, settings, semanticTypes)
                .like(like)
                .root(model, struct);
  }

  /**
   * Rows of a model in Spark's internal format ({@code InternalRow}s), shaped as {@code struct}:
   * what a data source hands to Spark.
   */
  static Domain<?> internalRows(
      Schema model, StructType struct, GenerationSettings settings, BulkShape.Task task) {
    return new DomainBuilder(InternalRowForm.INSTANCE, settings, Map.of(), false)
        .bulk(task)
        .root(model, struct);
  }

  /**
   * The values of one plain field of a schema in Wick's Java form (no target conversion, never
   * null), with the field's semantic type: for a value shared across records, such as a join key.
   */
  public static Domain<Object> javaValues(
      Schema model,
      String path,
      GenerationSettings settings,
      Map<FieldPath, SemanticType> semanticTypes) {
    return new DomainBuilder(RowForm.INSTANCE, settings, semanticTypes)
        .javaValues(model.resolve(path));
  }

  /** The slot of a field path in a domain tree, if the tree has one there. */
  public static Optional<Domain.Slot<?>> findSlot(Domain<?> domain, FieldPath path) {
    if (domain instanceof Domain.Slot<?> s) {
      if (s.path().equals(path)) {
        return Optional.of(s);
      }
      return path.startsWith(s.path()) ? findSlot(s.inner(), path) : Optional.empty();
    }
    List<Domain<?>> children = new ArrayList<>();
    if (domain instanceof Domain.Mapped<?, ?> m) {
      children.add(m.source());
    } else if (domain instanceof Domain.Nullable<?> n) {
      children.add(n.inner());
    } else if (domain instanceof Domain.Filtered<?> f) {
      children.add(f.source());
    } else if (domain instanceof Domain.ListOf<?> l) {
      children.add(l.element());
    } else if (domain instanceof Domain.MapOf<?, ?> m) {
      children.add(m.value());
    } else if (domain instanceof Domain.Struct s) {
      children.addAll(s.fields());
    } else if (domain instanceof Domain.OneOf<?> o) {
      children.addAll(o.branches());
    }
    for (Domain<?> child : children) {
      Optional<Domain.Slot<?>> found = findSlot(child, path);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }

  /** True for types whose values are leaves (not records, arrays, maps or unions). */
  static boolean isLeaf(DataType type) {
    return type instanceof BooleanType
        || type instanceof IntType
        || type instanceof LongType
        || type instanceof FloatType
        || type instanceof DoubleType
        || type instanceof StringType
        || type instanceof UuidType
        || type instanceof BytesType
        || type instanceof FixedType
        || type instanceof DecimalType
        || type instanceof DateType
        || type instanceof TimeType
        || type instanceof TimestampType
        || type instanceof EnumType;
  }
}
