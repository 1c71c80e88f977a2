package dev.wick.testkit.generators;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;

/**
 * Schemas to generate from: hand-written, real-world-shaped files under {@code schemas/}, and
 * random Avro schemas (every type and logical type, nesting, unions, recursion) made from a seed.
 */
final class SchemaCorpus {
  private SchemaCorpus() {}

  static final List<String> FILES =
      List.of(
          "all_types.avsc",
          "unions.avsc",
          "tree.avsc",
          "linked_list.avsc",
          "order.avsc",
          "page_view.avsc");

  /** A schema file of the corpus. */
  static Schema file(String name) {
    TestSemanticTypes.register();
    try (InputStream in = SchemaCorpus.class.getResourceAsStream("/schemas/" + name)) {
      return new Schema.Parser().parse(in);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read schema " + name, e);
    }
  }

  static List<Schema> files() {
    List<Schema> out = new ArrayList<>();
    for (String f : FILES) {
      out.add(file(f));
    }
    return out;
  }

  /** Random record schemas; the same seed makes the same schema. */
  static Arbitrary<Schema> randomSchemas() {
    return Arbitraries.longs().map(seed -> new RandomSchema(new Random(seed)).record(0, List.of()));
  }

  /** Builds one random schema; names are unique within it. */
  static final class RandomSchema {
    private final Random random;
    private int names;

    RandomSchema(Random random) {
      this.random = random;
    }

    private String name(String prefix) {
      return prefix + (names++);
    }

    Schema record(int depth, List<Schema> enclosing) {
      Schema record = Schema.createRecord(name("R"), null, "random", false);
      List<Schema> inside = new ArrayList<>(enclosing);
      inside.add(record);
      List<Schema.Field> fields = new ArrayList<>();
      int n = 1 + random.nextInt(depth == 0 ? 8 : 4);
      for (int i = 0; i < n; i++) {
        Schema type = fieldType(depth + 1, inside);
        Object defaultValue =
            type.getType() == Schema.Type.UNION
                    && type.getTypes().get(0).getType() == Schema.Type.NULL
                ? Schema.Field.NULL_DEFAULT_VALUE
                : null;
        fields.add(new Schema.Field("f" + i, type, null, defaultValue));
      }
      record.setFields(fields);
      return record;
    }

    private Schema fieldType(int depth, List<Schema> enclosing) {
      int roll = random.nextInt(100);
      if (roll < 10 && !enclosing.isEmpty() && depth > 1) {
        // A recursive reference, always with a way out: nullable or inside an array.
        Schema target = enclosing.get(random.nextInt(enclosing.size()));
        return random.nextBoolean()
            ? Schema.createUnion(Schema.create(Schema.Type.NULL), target)
            : Schema.createArray(target);
      }
      if (roll < 25) {
        return Schema.createUnion(Schema.create(Schema.Type.NULL), type(depth, enclosing));
      }
      if (roll < 32) {
        return union(depth, enclosing);
      }
      return type(depth, enclosing);
    }

    /** A union of 2 to 4 distinct branches, sometimes with null. */
    private Schema union(int depth, List<Schema> enclosing) {
      List<Schema> branches = new ArrayList<>();
      if (random.nextBoolean()) {
        branches.add(Schema.create(Schema.Type.NULL));
      }
      List<Schema.Type> pool =
          new ArrayList<>(
              List.of(
                  Schema.Type.INT,
                  Schema.Type.LONG,
                  Schema.Type.STRING,
                  Schema.Type.DOUBLE,
                  Schema.Type.BOOLEAN,
                  Schema.Type.BYTES,
                  Schema.Type.RECORD,
                  Schema.Type.ARRAY,
                  Schema.Type.MAP,
                  Schema.Type.ENUM));
      int n = 2 + random.nextInt(3);
      for (int i = 0; i < n; i++) {
        Schema.Type t = pool.remove(random.nextInt(pool.size()));
        branches.add(
            switch (t) {
              case RECORD -> record(Math.max(depth, 2), enclosing);
              case ARRAY -> Schema.createArray(leaf());
              case MAP -> Schema.createMap(leaf());
              case ENUM -> enumType();
              default -> Schema.create(t);
            });
      }
      return Schema.createUnion(branches);
    }

    private Schema type(int depth, List<Schema> enclosing) {
      int roll = random.nextInt(100);
      if (depth >= 3 || roll < 55) {
        return leaf();
      }
      if (roll < 70) {
        return Schema.createArray(fieldType(depth + 1, enclosing));
      }
      if (roll < 82) {
        return Schema.createMap(fieldType(depth + 1, enclosing));
      }
      return record(depth + 1, enclosing);
    }

    private Schema enumType() {
      List<String> symbols = new ArrayList<>();
      int n = 1 + random.nextInt(5);
      for (int i = 0; i < n; i++) {
        symbols.add("S" + i);
      }
      return Schema.createEnum(name("E"), null, "random", symbols);
    }

    private Schema leaf() {
      int roll = random.nextInt(22);
      return switch (roll) {
        case 0 -> Schema.create(Schema.Type.BOOLEAN);
        case 1 -> Schema.create(Schema.Type.INT);
        case 2 -> Schema.create(Schema.Type.LONG);
        case 3 -> Schema.create(Schema.Type.FLOAT);
        case 4 -> Schema.create(Schema.Type.DOUBLE);
        case 5, 6 -> Schema.create(Schema.Type.STRING);
        case 7 -> Schema.create(Schema.Type.BYTES);
        case 8 -> Schema.createFixed(name("X"), null, "random", 1 + random.nextInt(20));
        case 9 -> enumType();
        case 10 -> decimal(false);
        case 11 -> decimal(true);
        case 12 -> LogicalTypes.uuid().addToSchema(Schema.create(Schema.Type.STRING));
        case 13 -> LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
        case 14 -> LogicalTypes.timeMillis().addToSchema(Schema.create(Schema.Type.INT));
        case 15 -> LogicalTypes.timeMicros().addToSchema(Schema.create(Schema.Type.LONG));
        case 16 -> LogicalTypes.timestampMillis().addToSchema(Schema.create(Schema.Type.LONG));
        case 17 -> LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
        case 18 -> LogicalTypes.localTimestampMillis().addToSchema(Schema.create(Schema.Type.LONG));
        case 19 -> LogicalTypes.localTimestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
        default -> Schema.create(Schema.Type.STRING);
      };
    }

    private Schema decimal(boolean fixed) {
      int precision = 1 + random.nextInt(38);
      int scale = random.nextInt(precision + 1);
      if (!fixed) {
        return LogicalTypes.decimal(precision, scale).addToSchema(Schema.create(Schema.Type.BYTES));
      }
      int size = (int) Math.ceil((precision * Math.log(10) / Math.log(2) + 1) / 8);
      return LogicalTypes.decimal(precision, scale)
          .addToSchema(Schema.createFixed(name("D"), null, "random", size));
    }
  }
}
