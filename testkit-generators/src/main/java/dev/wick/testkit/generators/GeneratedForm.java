package dev.wick.testkit.generators;

import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.RowCodec;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.validation.SemanticType;
import dev.wick.testkit.generators.internal.Domain;
import dev.wick.testkit.generators.internal.GenerationSettings;
import dev.wick.testkit.generators.internal.ProfileShape;
import dev.wick.testkit.generators.internal.SchemaDomains;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecord;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/**
 * What a {@link SchemaArbitrary} makes: the schema, the domain of its records in the target's form,
 * and the last step from that form to the type the test receives.
 */
interface GeneratedForm<T> {
  Schema schema();

  /** A short name for {@code toString}: the record or class name. */
  String name();

  /** The records' domain; their values follow {@code like}'s profile when it is not null. */
  Domain<?> domain(
      GenerationSettings settings, Map<FieldPath, SemanticType> semanticTypes, ProfileShape like);

  T finish(Object value);

  /** Avro generic records of a schema. */
  record Avro(org.apache.avro.Schema avro, Schema schema) implements GeneratedForm<GenericRecord> {
    static Avro of(org.apache.avro.Schema avro) {
      return new Avro(avro, Schemas.fromAvro(avro));
    }

    @Override
    public String name() {
      return avro.getFullName();
    }

    @Override
    public Domain<?> domain(
        GenerationSettings settings, Map<FieldPath, SemanticType> semantics, ProfileShape like) {
      return SchemaDomains.avro(avro, settings, semantics, like);
    }

    @Override
    public GenericRecord finish(Object value) {
      return (GenericRecord) value;
    }
  }

  /**
   * Instances of a generated SpecificRecord class: drawn as generic records of its schema, then
   * read back through Avro's binary encoding, so that the class applies its own logical-type
   * conversions (which a field-by-field copy would skip).
   */
  record Specific<T extends SpecificRecord>(Class<T> type, Avro generic)
      implements GeneratedForm<T> {
    /**
     * A reader that takes each field's conversion from the generated class itself. (Avro's fast
     * reader takes them from the class's model, which can list a decimal conversion for a field the
     * class declares as {@code ByteBuffer}.)
     */
    private SpecificDatumReader<T> reader() {
      SpecificData data = new SpecificData(type.getClassLoader());
      data.setFastReaderEnabled(false);
      return new SpecificDatumReader<>(generic.avro(), generic.avro(), data);
    }

    static <T extends SpecificRecord> Specific<T> of(Class<T> type) {
      return new Specific<>(type, Avro.of(SpecificData.get().getSchema(type)));
    }

    @Override
    public Schema schema() {
      return generic.schema();
    }

    @Override
    public String name() {
      return type.getSimpleName();
    }

    @Override
    public Domain<?> domain(
        GenerationSettings settings, Map<FieldPath, SemanticType> semantics, ProfileShape like) {
      return generic.domain(settings, semantics, like);
    }

    @Override
    public T finish(Object value) {
      try {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
        new GenericDatumWriter<GenericRecord>(generic.avro()).write((GenericRecord) value, encoder);
        encoder.flush();
        return reader().read(null, DecoderFactory.get().binaryDecoder(bytes.toByteArray(), null));
      } catch (IOException e) {
        throw new IllegalStateException("cannot make a " + type.getName() + " from " + value, e);
      }
    }
  }

  /** Spark rows of a struct, with their schema attached. */
  record Rows(StructType struct, Schema schema) implements GeneratedForm<Row> {
    static Rows of(StructType struct) {
      return new Rows(struct, Schemas.fromSpark(struct));
    }

    static Rows of(Schema schema) {
      return new Rows(Schemas.toSpark(schema), schema);
    }

    @Override
    public String name() {
      return "Row";
    }

    @Override
    public Domain<?> domain(
        GenerationSettings settings, Map<FieldPath, SemanticType> semantics, ProfileShape like) {
      return SchemaDomains.rows(schema, struct, settings, semantics, like);
    }

    @Override
    public Row finish(Object value) {
      return (Row) value;
    }
  }

  /** Java records, drawn as rows and built with their canonical constructor by {@code RowCodec}. */
  record Records<R extends Record>(Class<R> type, Rows rows) implements GeneratedForm<R> {
    static <R extends Record> Records<R> of(Class<R> type) {
      return new Records<>(type, Rows.of(Schemas.fromRecord(type)));
    }

    @Override
    public Schema schema() {
      return rows.schema();
    }

    @Override
    public String name() {
      return type.getSimpleName();
    }

    @Override
    public Domain<?> domain(
        GenerationSettings settings, Map<FieldPath, SemanticType> semantics, ProfileShape like) {
      return rows.domain(settings, semantics, like);
    }

    @Override
    public R finish(Object value) {
      return RowCodec.toRecord((Row) value, type);
    }
  }
}
