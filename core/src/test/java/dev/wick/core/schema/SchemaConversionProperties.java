package dev.wick.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.FixedType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.Precision;
import dev.wick.core.schema.DataType.RecordRef;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.DataType.TimeType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.schema.DataType.UnionType;
import dev.wick.core.schema.DataType.UuidType;
import java.util.Optional;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.apache.spark.sql.types.StructType;

/** Round trips of the schema converters over arbitrary model schemas. */
class SchemaConversionProperties {

  @Provide
  Arbitrary<Schema> avroModels() {
    return ModelArbitraries.avroSchemas();
  }

  @Provide
  Arbitrary<Schema> sparkModels() {
    return ModelArbitraries.sparkSchemas();
  }

  @Provide
  Arbitrary<SemanticSpec> semanticSpecs() {
    return ModelArbitraries.semanticSpecs();
  }

  @Property(tries = 400)
  void modelToAvroAndBackIsTheSameModel(@ForAll("avroModels") Schema model) {
    Statistics.label("has union").collect(contains(model, UnionType.class));
    Statistics.label("has reference").collect(contains(model, RecordRef.class));

    org.apache.avro.Schema avro = Schemas.toAvro(model);

    assertThat(Schemas.fromAvro(avro)).isEqualTo(model);
  }

  @Property(tries = 200)
  void avroJsonOfAModelParsesBackToTheSameModel(@ForAll("avroModels") Schema model) {
    String json = Schemas.toAvro(model).toString(true);

    org.apache.avro.Schema parsed = new org.apache.avro.Schema.Parser().parse(json);

    assertThat(Schemas.fromAvro(parsed)).isEqualTo(model);
    assertThat(Schemas.toAvro(Schemas.fromAvro(parsed))).isEqualTo(parsed);
    assertThat(Schemas.toAvro(model).toString(true)).isEqualTo(json);
  }

  @Property(tries = 400)
  void modelToSparkAndBackKeepsEverythingSparkCanHold(@ForAll("sparkModels") Schema model) {
    StructType struct = Schemas.toSpark(model);

    Schema back = Schemas.fromSpark(struct, model.name());

    // Spark has no record names or record docs; types directly inside arrays and maps have no
    // metadata of their own and come back as their storage types. Everything else comes back.
    assertThat(withoutRecordNames(back)).isEqualTo(expectedAfterSpark(model));
    assertThat(back.name()).isEqualTo(model.name());
  }

  @Property(tries = 200)
  void sparkStructOfAModelIsAFixedPoint(@ForAll("sparkModels") Schema model) {
    StructType struct = Schemas.toSpark(model);

    StructType again = Schemas.toSpark(Schemas.fromSpark(struct));

    assertThat(again).isEqualTo(struct);
    assertThat(again.json()).isEqualTo(struct.json());
  }

  @Property(tries = 300)
  void modelOfAnySparkStructConvertsToAvroAndBack(@ForAll("sparkModels") Schema model) {
    // Spark names no records: the model of a struct derives them, and Avro needs them distinct.
    Schema derived = Schemas.fromSpark(Schemas.toSpark(withStringKeys(model)));

    assertThat(Schemas.fromAvro(Schemas.toAvro(derived))).isEqualTo(derived);
  }

  @Property(tries = 200)
  void toSparkFailsOnExactlyWhatSparkCannotHoldNamingTheField(@ForAll("avroModels") Schema model) {
    Optional<String> offending = firstInexpressible(model.root(), "");
    Statistics.label("expressible").collect(offending.isEmpty());

    if (offending.isEmpty()) {
      assertThat(Schemas.toSpark(model).fields()).hasSize(model.fields().size());
    } else {
      assertThatThrownBy(() -> Schemas.toSpark(model))
          .isInstanceOf(WickException.class)
          .hasMessageStartingWith("Field '" + offending.get() + "' ")
          .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
    }
  }

  @Property(tries = 500)
  void semanticSpecTextParsesBack(@ForAll("semanticSpecs") SemanticSpec spec) {
    assertThat(SemanticSpec.parse(spec.text())).isEqualTo(spec);
  }

  // ------------------------------------------------------------------ what Spark keeps

  private static Schema expectedAfterSpark(Schema model) {
    return new Schema(
        new RecordType(
            model.name(),
            "",
            "",
            model.fields().stream().map(f -> f.withType(atField(f.type()))).toList()));
  }

  /** A type as a struct field holds it: its metadata restores what Spark's type does not say. */
  private static DataType atField(DataType t) {
    if (t instanceof RecordType r) {
      return new RecordType(
          "R", "", "", r.fields().stream().map(f -> f.withType(atField(f.type()))).toList());
    } else if (t instanceof ArrayType a) {
      return new ArrayType(inside(a.element()), a.containsNull());
    } else if (t instanceof MapType m) {
      return new MapType(inside(m.key()), inside(m.value()), m.valueContainsNull());
    }
    return t;
  }

  /** A type inside an array or a map: no metadata, so Avro-only types become storage types. */
  private static DataType inside(DataType t) {
    if (t instanceof RecordType || t instanceof ArrayType || t instanceof MapType) {
      return atField(t);
    } else if (t instanceof UuidType || t instanceof EnumType) {
      return DataType.STRING;
    } else if (t instanceof FixedType) {
      return DataType.BYTES;
    } else if (t instanceof TimeType tt) {
      return tt.precision() == Precision.MILLIS ? DataType.INT : DataType.LONG;
    } else if (t instanceof TimestampType ts) {
      return new TimestampType(Precision.MICROS, ts.utcAdjusted());
    }
    return t;
  }

  private static Schema withoutRecordNames(Schema schema) {
    return new Schema(
        new RecordType(
            schema.name(),
            "",
            "",
            schema.fields().stream().map(f -> f.withType(unnamed(f.type()))).toList()));
  }

  private static DataType unnamed(DataType t) {
    if (t instanceof RecordType r) {
      return new RecordType(
          "R", "", "", r.fields().stream().map(f -> f.withType(unnamed(f.type()))).toList());
    } else if (t instanceof ArrayType a) {
      return new ArrayType(unnamed(a.element()), a.containsNull());
    } else if (t instanceof MapType m) {
      return new MapType(unnamed(m.key()), unnamed(m.value()), m.valueContainsNull());
    }
    return t;
  }

  /** The model with every map keyed by strings, as Avro requires. */
  private static Schema withStringKeys(Schema schema) {
    return new Schema((RecordType) stringKeys(schema.root()));
  }

  private static DataType stringKeys(DataType t) {
    if (t instanceof RecordType r) {
      return new RecordType(
          r.name(),
          r.namespace(),
          r.doc(),
          r.fields().stream().map(f -> f.withType(stringKeys(f.type()))).toList());
    } else if (t instanceof ArrayType a) {
      return new ArrayType(stringKeys(a.element()), a.containsNull());
    } else if (t instanceof MapType m) {
      return new MapType(DataType.STRING, stringKeys(m.value()), m.valueContainsNull());
    }
    return t;
  }

  // ------------------------------------------------------------------ what Spark refuses

  /** The path of the first field (in Spark's conversion order) Spark cannot hold. */
  private static Optional<String> firstInexpressible(RecordType r, String path) {
    for (Field f : r.fields()) {
      String fieldPath = path.isEmpty() ? f.name() : path + "." + f.name();
      Optional<String> found = firstInexpressible(f.type(), fieldPath);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }

  private static Optional<String> firstInexpressible(DataType t, String path) {
    if (t instanceof UnionType || t instanceof RecordRef) {
      return Optional.of(path);
    } else if (t instanceof DecimalType d && d.precision() > 38) {
      return Optional.of(path);
    } else if (t instanceof RecordType r) {
      return firstInexpressible(r, path);
    } else if (t instanceof ArrayType a) {
      return firstInexpressible(a.element(), path + "[]");
    } else if (t instanceof MapType m) {
      return firstInexpressible(m.key(), path + "{key}")
          .or(() -> firstInexpressible(m.value(), path + "{}"));
    }
    return Optional.empty();
  }

  private static boolean contains(Schema schema, Class<? extends DataType> kind) {
    return schema.fields().stream().anyMatch(f -> contains(f.type(), kind));
  }

  private static boolean contains(DataType t, Class<? extends DataType> kind) {
    if (kind.isInstance(t)) {
      return true;
    } else if (t instanceof RecordType r) {
      return r.fields().stream().anyMatch(f -> contains(f.type(), kind));
    } else if (t instanceof ArrayType a) {
      return contains(a.element(), kind);
    } else if (t instanceof MapType m) {
      return contains(m.key(), kind) || contains(m.value(), kind);
    } else if (t instanceof UnionType u) {
      return u.branches().stream().anyMatch(b -> contains(b, kind));
    }
    return false;
  }
}
