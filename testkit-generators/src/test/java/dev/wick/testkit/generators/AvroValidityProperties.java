package dev.wick.testkit.generators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.testkit.generators.internal.Domain;
import dev.wick.testkit.generators.internal.GenerationSettings;
import dev.wick.testkit.generators.internal.SchemaDomains;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomGenerator;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;

/**
 * Every generated Avro record validates against its schema ({@code GenericData.validate}) and
 * survives Avro's binary encoding unchanged, for the corpus files and for random schemas, from both
 * backends (jqwik arbitraries and bulk draws).
 */
class AvroValidityProperties {

  @Provide
  Arbitrary<Schema> randomSchemas() {
    return SchemaCorpus.randomSchemas();
  }

  @Property(tries = 150)
  void recordsOfRandomSchemasValidate(@ForAll("randomSchemas") Schema schema) throws IOException {
    checkJqwikRecords(schema, 15);
    checkBulkRecords(schema, 60);
  }

  @Example
  void recordsOfTheCorpusFilesValidate() throws IOException {
    for (Schema schema : SchemaCorpus.files()) {
      checkJqwikRecords(schema, 150);
      checkBulkRecords(schema, 1500);
    }
  }

  @Example
  void everyBranchOfAUnionComesUp() {
    Schema schema = SchemaCorpus.file("unions.avsc");
    Domain<GenericRecord> domain =
        SchemaDomains.avro(schema, GenerationSettings.defaults(), Map.of());
    SplittableRandom random = new SplittableRandom(3);
    java.util.Set<String> kinds = new java.util.TreeSet<>();
    for (int i = 0; i < 500; i++) {
      Object payload = domain.draw(random).get("payload");
      kinds.add(GenericData.get().resolveUnion(schema.getField("payload").schema(), payload) + "");
    }
    assertThat(kinds).containsExactly("0", "1", "2", "3", "4", "5");
  }

  private static void checkJqwikRecords(Schema schema, int count) throws IOException {
    RandomGenerator<GenericRecord> generator = Generators.avro(schema).generator(1000);
    Random random = new Random(schema.toString().hashCode());
    for (int i = 0; i < count; i++) {
      check(schema, generator.next(random).value());
    }
  }

  private static void checkBulkRecords(Schema schema, int count) throws IOException {
    Domain<GenericRecord> domain =
        SchemaDomains.avro(schema, GenerationSettings.defaults(), Map.of());
    SplittableRandom random = new SplittableRandom(schema.toString().hashCode());
    for (int i = 0; i < count; i++) {
      check(schema, domain.draw(random));
    }
  }

  private static void check(Schema schema, GenericRecord record) throws IOException {
    // Descriptions are built only on failure: formatting a schema and a record per draw is most of
    // the cost of this property otherwise.
    assertThat(invalidAt(schema, record, ""))
        .as(() -> "validates against " + schema + ": " + record)
        .isNull();
    assertThat(plain(roundTrip(schema, record)))
        .as(() -> "binary round trip of " + record)
        .isEqualTo(plain(record));
  }

  /** The path of the first value that does not validate, or null when all do. */
  static String invalidAt(Schema schema, Object value, String path) {
    if (GenericData.get().validate(schema, value)) {
      return null;
    }
    switch (schema.getType()) {
      case RECORD -> {
        for (Schema.Field f : schema.getFields()) {
          String inner =
              invalidAt(f.schema(), ((GenericRecord) value).get(f.pos()), path + "." + f.name());
          if (inner != null) {
            return inner;
          }
        }
      }
      case UNION -> {
        return path + " (no branch of " + schema + " takes " + describe(value) + ")";
      }
      case ARRAY -> {
        for (Object e : (java.util.Collection<?>) value) {
          String inner = invalidAt(schema.getElementType(), e, path + "[]");
          if (inner != null) {
            return inner;
          }
        }
      }
      case MAP -> {
        for (Object e : ((Map<?, ?>) value).values()) {
          String inner = invalidAt(schema.getValueType(), e, path + "{}");
          if (inner != null) {
            return inner;
          }
        }
      }
      default -> {}
    }
    return path + " (" + schema + " does not take " + describe(value) + ")";
  }

  private static String describe(Object value) {
    return value == null ? "null" : value.getClass().getName() + " " + value;
  }

  static GenericRecord roundTrip(Schema schema, GenericRecord record) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
    new GenericDatumWriter<GenericRecord>(schema).write(record, encoder);
    encoder.flush();
    return new GenericDatumReader<GenericRecord>(schema)
        .read(null, DecoderFactory.get().binaryDecoder(bytes.toByteArray(), null));
  }

  /**
   * A value in plain Java terms, to compare what was written with what was read back: strings (Avro
   * reads Utf8), maps sorted by key (Avro reads HashMaps), bytes as lists.
   */
  static Object plain(Object v) {
    if (v instanceof GenericRecord r) {
      Map<String, Object> out = new java.util.LinkedHashMap<>();
      for (Schema.Field f : r.getSchema().getFields()) {
        out.put(f.name(), plain(r.get(f.pos())));
      }
      return out;
    } else if (v instanceof Map<?, ?> m) {
      Map<String, Object> out = new java.util.TreeMap<>();
      m.forEach((k, x) -> out.put(k.toString(), plain(x)));
      return out;
    } else if (v instanceof List<?> l) {
      return l.stream().map(AvroValidityProperties::plain).toList();
    } else if (v instanceof java.nio.ByteBuffer b) {
      java.nio.ByteBuffer d = b.duplicate();
      byte[] bytes = new byte[d.remaining()];
      d.get(bytes);
      return plain(bytes);
    } else if (v instanceof org.apache.avro.generic.GenericFixed f) {
      return plain(f.bytes());
    } else if (v instanceof byte[] b) {
      return java.util.Arrays.toString(b);
    } else if (v instanceof CharSequence
        || v instanceof org.apache.avro.generic.GenericEnumSymbol) {
      return v.toString();
    }
    return v;
  }

  static List<GenericRecord> sample(Schema schema, int count, long seed) {
    RandomGenerator<GenericRecord> generator = Generators.avro(schema).generator(1000);
    Random random = new Random(seed);
    List<GenericRecord> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(generator.next(random).value());
    }
    return out;
  }
}
