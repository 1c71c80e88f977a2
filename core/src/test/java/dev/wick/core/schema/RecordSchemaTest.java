package dev.wick.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.Precision;
import dev.wick.core.schema.DataType.RecordRef;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.DataType.TimeType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.validation.Validated;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** {@link Schemas#fromRecord}: Java record classes to the model. */
class RecordSchemaTest {
  private static final String NS = "dev.wick.core.schema.RecordSchemaTest";

  record Primitives(
      boolean flag,
      byte tiny,
      short small,
      int count,
      long total,
      float ratio,
      double score,
      char letter) {}

  @Test
  void primitivesAreNonNull() {
    Schema schema = Schemas.fromRecord(Primitives.class);

    assertThat(schema.root().name()).isEqualTo("Primitives");
    assertThat(schema.root().namespace()).isEqualTo(NS);
    assertThat(schema.fields())
        .containsExactly(
            Field.of("flag", DataType.BOOLEAN),
            Field.of("tiny", DataType.INT),
            Field.of("small", DataType.INT),
            Field.of("count", DataType.INT),
            Field.of("total", DataType.LONG),
            Field.of("ratio", DataType.FLOAT),
            Field.of("score", DataType.DOUBLE),
            Field.of("letter", DataType.INT));
  }

  record Nullables(
      Integer count,
      Long total,
      Double score,
      Boolean flag,
      String name,
      Optional<String> nickname,
      @Nullable String note,
      Optional<Instant> seenAt,
      List<@Nullable String> tags,
      Map<String, @Nullable Long> counts,
      @Nullable List<String> maybeTags) {}

  @Test
  void boxedOptionalAndNullableComponentsAreNullable() {
    Schema schema = Schemas.fromRecord(Nullables.class);

    assertThat(schema.fields())
        .containsExactly(
            Field.nullable("count", DataType.INT),
            Field.nullable("total", DataType.LONG),
            Field.nullable("score", DataType.DOUBLE),
            Field.nullable("flag", DataType.BOOLEAN),
            Field.of("name", DataType.STRING),
            Field.nullable("nickname", DataType.STRING),
            Field.nullable("note", DataType.STRING),
            Field.nullable("seenAt", new TimestampType(Precision.MICROS, true)),
            Field.of("tags", new ArrayType(DataType.STRING, true)),
            Field.of("counts", new MapType(DataType.STRING, DataType.LONG, true)),
            Field.nullable("maybeTags", new ArrayType(DataType.STRING, false)));
  }

  record Address(String street, @Nullable String zip) {}

  enum Tier {
    FREE,
    PREMIUM,
    FAMILY
  }

  record Person(
      String name,
      Address home,
      @Nullable Address work,
      List<Address> previous,
      Map<String, Address> byLabel,
      String[] aliases,
      int[] scores,
      byte[] photo,
      ByteBuffer thumbnail,
      Set<Integer> ids,
      Tier tier,
      List<Tier> pastTiers) {}

  @Test
  void nestedRecordsCollectionsArraysAndEnums() {
    Schema schema = Schemas.fromRecord(Person.class);
    RecordType address =
        new RecordType(
            "Address",
            NS,
            "",
            List.of(Field.of("street", DataType.STRING), Field.nullable("zip", DataType.STRING)));
    EnumType tier = new EnumType(NS + ".Tier", List.of("FREE", "PREMIUM", "FAMILY"));

    assertThat(schema.fields())
        .containsExactly(
            Field.of("name", DataType.STRING),
            Field.of("home", address),
            Field.nullable("work", address),
            Field.of("previous", new ArrayType(address, false)),
            Field.of("byLabel", new MapType(DataType.STRING, address, false)),
            Field.of("aliases", new ArrayType(DataType.STRING, false)),
            Field.of("scores", new ArrayType(DataType.INT, false)),
            Field.of("photo", DataType.BYTES),
            Field.of("thumbnail", DataType.BYTES),
            Field.of("ids", new ArrayType(DataType.INT, true)),
            Field.of("tier", tier),
            Field.of("pastTiers", new ArrayType(tier, false)));
  }

  @Test
  void nestedRecordAndEnumNamesAreValidAvroNames() {
    Schema schema = Schemas.fromRecord(Person.class);

    org.apache.avro.Schema avro = Schemas.toAvro(schema);

    assertThat(avro.getFullName()).isEqualTo(NS + ".Person");
    assertThat(avro.getField("tier").schema().getFullName()).isEqualTo(NS + ".Tier");
    assertThat(Schemas.fromAvro(avro)).isEqualTo(schema);
    assertThat(Schemas.fromAvro(new org.apache.avro.Schema.Parser().parse(avro.toString())))
        .isEqualTo(schema);
  }

  static final class OrderEvent {
    record Item(String sku, int quantity) {}
  }

  static final class CartEvent {
    record Item(String sku, @Nullable String note) {}
  }

  record Both(OrderEvent.Item ordered, CartEvent.Item carted) {}

  @Test
  void nestedRecordsOfOneSimpleNameInDifferentClassesStayApart() {
    Schema schema = Schemas.fromRecord(Both.class);

    assertThat(((RecordType) schema.resolve("ordered").type()).fullName())
        .isEqualTo(NS + ".OrderEvent.Item");
    assertThat(((RecordType) schema.resolve("carted").type()).fullName())
        .isEqualTo(NS + ".CartEvent.Item");
    assertThat(Schemas.fromAvro(Schemas.toAvro(schema))).isEqualTo(schema);
  }

  record Money(
      @DecimalPrecision(precision = 12, scale = 2) BigDecimal amount,
      BigDecimal unscaled,
      @DecimalPrecision(precision = 5, scale = 0) @Nullable BigDecimal quantity) {}

  @Test
  void bigDecimalTakesItsPrecisionFromTheAnnotation() {
    Schema schema = Schemas.fromRecord(Money.class);

    assertThat(schema.fields())
        .containsExactly(
            Field.of("amount", new DecimalType(12, 2)),
            Field.of("unscaled", new DecimalType(38, 18)),
            Field.nullable("quantity", new DecimalType(5, 0)));
  }

  record Times(
      LocalDate day,
      Instant at,
      LocalDateTime wallClock,
      LocalTime timeOfDay,
      UUID id,
      java.sql.Date sqlDay,
      java.sql.Timestamp sqlAt) {}

  @Test
  void javaTimeTypesAndUuid() {
    Schema schema = Schemas.fromRecord(Times.class);

    assertThat(schema.fields())
        .containsExactly(
            Field.of("day", DataType.DATE),
            Field.of("at", new TimestampType(Precision.MICROS, true)),
            Field.of("wallClock", new TimestampType(Precision.MICROS, false)),
            Field.of("timeOfDay", new TimeType(Precision.MICROS)),
            Field.of("id", DataType.UUID),
            Field.of("sqlDay", DataType.DATE),
            Field.of("sqlAt", new TimestampType(Precision.MICROS, true)));
  }

  @SemanticAnnotation("range")
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.RECORD_COMPONENT)
  @interface Percent {
    long min() default 0;

    long max() default 100;
  }

  @SemanticAnnotation("country_code")
  @Retention(RetentionPolicy.RUNTIME)
  @interface CountryCode {}

  @SemanticAnnotation("one_of")
  @Retention(RetentionPolicy.RUNTIME)
  @interface OneOf {
    String[] value();
  }

  record Annotated(
      @Semantic("email") String email,
      @Semantic("regex(pattern='[a-z]{2,8}')") String slug,
      @Percent int share,
      @Percent(min = 10, max = 20) @Nullable Integer band,
      @CountryCode String country,
      @OneOf({"red", "green"}) String color,
      String plain) {}

  @Test
  void semanticTypesFromSemanticAndFromMetaAnnotatedAnnotations() {
    Schema schema = Schemas.fromRecord(Annotated.class);

    assertThat(schema.fields().stream().map(f -> f.name() + " " + f.semantic()))
        .containsExactly(
            "email Optional[email]",
            "slug Optional[regex(pattern='[a-z]{2,8}')]",
            "share Optional[range(max=100, min=0)]",
            "band Optional[range(max=20, min=10)]",
            "country Optional[country_code]",
            "color Optional[one_of(value=red|green)]",
            "plain Optional.empty");
    assertThat(schema.field("slug").orElseThrow().semantic().orElseThrow().params())
        .isEqualTo(Map.of("pattern", "[a-z]{2,8}"));
    assertThat(schema.field("band").orElseThrow().semantic().orElseThrow())
        .isEqualTo(SemanticSpec.of("range", Map.of("min", "10", "max", "20")));
    assertThat(schema.field("band").orElseThrow().nullable()).isTrue();
    // The semantic types survive both converters.
    assertThat(Schemas.fromAvro(Schemas.toAvro(schema))).isEqualTo(schema);
    assertThat(Schemas.fromSpark(Schemas.toSpark(schema)).fields()).isEqualTo(schema.fields());
  }

  /** A value type: a string that checks itself. */
  record CountryCodeValue(String value) implements Validated {
    @Override
    public Optional<String> invalidReason() {
      return value.matches("[A-Z]{2}") ? Optional.empty() : Optional.of("not two capitals");
    }
  }

  record WithValueTypes(
      CountryCodeValue country,
      @Nullable CountryCodeValue other,
      @Semantic("iso_country") CountryCodeValue explicit) {}

  @Test
  void validatedValueTypeStandsForItsComponentWithASemanticType() {
    Schema schema = Schemas.fromRecord(WithValueTypes.class);
    SemanticSpec valueType =
        SemanticSpec.of("value_type", Map.of("class", CountryCodeValue.class.getName()));

    assertThat(schema.fields())
        .containsExactly(
            Field.of("country", DataType.STRING).withSemantic(valueType),
            Field.nullable("other", DataType.STRING).withSemantic(valueType),
            Field.of("explicit", DataType.STRING).withSemantic(SemanticSpec.of("iso_country")));
  }

  record TwoParts(String a, String b) implements Validated {
    @Override
    public Optional<String> invalidReason() {
      return Optional.empty();
    }
  }

  record BadValue(TwoParts parts) {}

  record Unsupported(java.util.Date when) {}

  record Wildcard(List<? extends Number> numbers) {}

  @Test
  void unsupportedComponentsNameTheComponent() {
    assertThatThrownBy(() -> Schemas.fromRecord(BadValue.class))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Value type "
                + TwoParts.class.getName()
                + " of component 'parts' implements Validated but has 2 components; a value type"
                + " wraps exactly one.");
    assertThatThrownBy(() -> Schemas.fromRecord(Unsupported.class))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Component 'when' has the type java.util.Date, which Wick cannot map to a schema type;"
                + " use a record, a collection, a map or a value type.")
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
    assertThatThrownBy(() -> Schemas.fromRecord(Wildcard.class))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Component 'numbers[]' has the type ? extends java.lang.Number, which Wick cannot map"
                + " to a schema type; use a concrete type.");
  }

  record Node(int value, @Nullable Node next) {}

  record Tree(String label, List<Tree> children) {}

  @Test
  void recursiveRecordsBecomeReferences() {
    Schema node = Schemas.fromRecord(Node.class);
    Schema tree = Schemas.fromRecord(Tree.class);

    assertThat(node.fields())
        .containsExactly(
            Field.of("value", DataType.INT), Field.nullable("next", new RecordRef(NS + ".Node")));
    assertThat(((ArrayType) tree.resolve("children").type()).element())
        .isEqualTo(new RecordRef(NS + ".Tree"));
    assertThat(Schemas.fromAvro(Schemas.toAvro(node))).isEqualTo(node);
    assertThat(Schemas.fromAvro(Schemas.toAvro(tree))).isEqualTo(tree);
  }
}
