package dev.wick.testkit.generators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.testkit.generators.TestRecords.Address;
import dev.wick.testkit.generators.TestRecords.Play;
import dev.wick.testkit.generators.TestRecords.User;
import dev.wick.testkit.generators.avro.TrackPlay;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.RandomGenerator;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The fluent configuration of schema arbitraries, checked on the values they generate. jqwik
 * examples, since jqwik's arbitraries draw on a jqwik thread.
 */
class GeneratorsApiTest {
  static final Schema PLAY = TrackPlay.getClassSchema();

  @BeforeContainer
  static void semanticTypes() {
    TestSemanticTypes.register();
  }

  static <T> List<T> sample(Arbitrary<T> arbitrary, int count) {
    RandomGenerator<T> generator = arbitrary.generator(1000);
    Random random = new Random(11);
    List<T> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(generator.next(random).value());
    }
    return out;
  }

  // ------------------------------------------------------------------ amend

  @Example
  void amendReplacesTheValuesOfAField() {
    List<GenericRecord> plays =
        sample(Generators.avro(PLAY).amend("user_id", Arbitraries.of("u1", "u2")), 200);
    assertThat(plays.stream().map(p -> p.get("user_id")).toList()).containsOnly("u1", "u2");
  }

  @Example
  void amendReachesNestedRecordsArrayElementsAndMapValues() {
    Schema order = SchemaCorpus.file("order.avsc");
    SchemaArbitrary<GenericRecord> orders =
        Generators.avro(order)
            .withCollectionSize(1, 3)
            .withNullProbability(0)
            .amend("customer.address.city", Arbitraries.just("Paris"))
            .amend("lines[].sku", Arbitraries.of("A-1", "B-2"))
            .amend("lines[].discounts[]", Arbitraries.just(new BigDecimal("1.25")))
            .amend("metadata{}", Arbitraries.just("v"));
    for (GenericRecord o : sample(orders, 100)) {
      GenericRecord customer = (GenericRecord) o.get("customer");
      assertThat(((GenericRecord) customer.get("address")).get("city")).isEqualTo("Paris");
      for (Object line : (List<?>) o.get("lines")) {
        GenericRecord l = (GenericRecord) line;
        assertThat(l.get("sku")).isIn("A-1", "B-2");
        for (Object discount : (List<?>) l.get("discounts")) {
          assertThat(decimal((ByteBuffer) discount, 2)).isEqualByComparingTo("1.25");
        }
      }
      assertThat(List.<Object>copyOf(((Map<?, ?>) o.get("metadata")).values()))
          .isNotEmpty()
          .containsOnly("v");
      assertThat(GenericData.get().validate(order, o)).isTrue();
    }
  }

  @Example
  void amendTakesWicksJavaFormAndStoresAvrosForm() {
    Instant at = Instant.parse("2024-05-06T07:08:09.123Z");
    List<GenericRecord> plays =
        sample(
            Generators.avro(PLAY)
                .amend("played_at", Arbitraries.just(at))
                .amend("play_date", Arbitraries.just(LocalDate.of(2024, 5, 6)))
                .amend("price", Arbitraries.just(new BigDecimal("12.5")))
                .amend("platform", Arbitraries.just("WEB"))
                .amend(
                    "track_id",
                    Arbitraries.just(
                        java.util.UUID.fromString("123e4567-e89b-42d3-a456-556642440000"))),
            50);
    for (GenericRecord p : plays) {
      assertThat(p.get("played_at")).isEqualTo(at.toEpochMilli());
      assertThat(p.get("play_date")).isEqualTo((int) LocalDate.of(2024, 5, 6).toEpochDay());
      assertThat(decimal((ByteBuffer) p.get("price"), 2)).isEqualByComparingTo("12.50");
      assertThat(p.get("platform").toString()).isEqualTo("WEB");
      assertThat(p.get("track_id")).isEqualTo("123e4567-e89b-42d3-a456-556642440000");
      assertThat(GenericData.get().validate(PLAY, p)).isTrue();
    }
  }

  @Example
  void amendTakesAJavaRecordForARecordField() {
    Address home = new Address("1 Main Street", null);
    List<User> users =
        sample(Generators.records(User.class).amend("address", Arbitraries.just(home)), 50);
    assertThat(users).extracting(User::address).containsOnly(home);
  }

  @Example
  void amendFailsAtOnceOnAPathThatDoesNotResolve() {
    assertThatThrownBy(() -> Generators.avro(PLAY).amend("usr_id", Arbitraries.just("u")))
        .isInstanceOfSatisfying(
            WickException.class, e -> assertThat(e.exitCode()).isEqualTo(ExitCode.USAGE))
        .hasMessage(
            "Field 'usr_id' does not resolve: the schema TrackPlay has no field 'usr_id'; did you"
                + " mean 'user_id'? The nearest names are 'user_id', 'price', 'track_id'.");
    assertThatThrownBy(() -> Generators.avro(PLAY).amend("device.cpu", Arbitraries.just("x")))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith(
            "Field 'device.cpu' does not resolve: record 'device' has no field 'cpu'");
  }

  @Example
  void amendFailsAtOnceOnValuesOfTheWrongType() {
    assertThatThrownBy(() -> Generators.avro(PLAY).amend("duration_ms", Arbitraries.just("long")))
        .isInstanceOfSatisfying(
            WickException.class, e -> assertThat(e.exitCode()).isEqualTo(ExitCode.USAGE))
        .hasMessage(
            "The value for field 'duration_ms' is a String (\"long\"), but the field is a int;"
                + " give Integer values.");
    assertThatThrownBy(() -> Generators.records(User.class).amend("tier", Arbitraries.just("GOLD")))
        .isInstanceOf(WickException.class)
        .hasMessageContaining("give String (one of FREE, PREMIUM, FAMILY) or enum constant values");
    assertThatThrownBy(() -> Generators.avro(PLAY).amend("user_id", Arbitraries.just(null)))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Field 'user_id' is not nullable, but a null was given for it; give non-null values or"
                + " make the field nullable.");
  }

  // ------------------------------------------------------------------ settings

  @Example
  void nullProbabilityZeroMakesNoNullsAndOneMakesOnlyNulls() {
    for (GenericRecord p : sample(Generators.avro(PLAY).withNullProbability(0), 200)) {
      assertThat(p.get("country")).isInstanceOf(CharSequence.class);
      // Nested nullable fields get no nulls either.
      GenericRecord device = (GenericRecord) p.get("device");
      assertThat(device.get("os")).isInstanceOf(CharSequence.class);
      assertThat(device.get("model")).isInstanceOf(CharSequence.class);
      assertThat(((Map<?, ?>) p.get("context")).values()).doesNotContainNull();
    }
    for (GenericRecord p : sample(Generators.avro(PLAY).withNullProbability(1), 200)) {
      assertThat(p.get("country")).isNull();
      assertThat(p.get("device")).isNull();
      assertThat(((Map<?, ?>) p.get("context")).values()).allSatisfy(v -> assertThat(v).isNull());
    }
    assertThatThrownBy(() -> Generators.avro(PLAY).withNullProbability(1.5))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The null probability must be between 0 and 1, got 1.5; pass a value such as 0.1.");
  }

  @Example
  void collectionSizeAndStringLengthBoundWhatIsGenerated() {
    List<GenericRecord> plays =
        sample(Generators.avro(PLAY).withCollectionSize(2, 2).withStringLength(3, 3), 200);
    for (GenericRecord p : plays) {
      assertThat((List<?>) p.get("tags")).hasSize(2);
      assertThat((Map<?, ?>) p.get("context")).hasSize(2);
      assertThat(p.get("user_id").toString()).hasSize(3);
    }
    assertThatThrownBy(() -> Generators.avro(PLAY).withCollectionSize(3, 1))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The collection size range 3..1 is invalid; pass 0 <= min <= max, such as 0..5.");
  }

  @Example
  void maxDepthEndsRecursionAndUnendingRecursionFailsAtOnce() {
    Schema tree = SchemaCorpus.file("tree.avsc");
    List<GenericRecord> trees =
        sample(Generators.avro(tree).withMaxDepth(2).withCollectionSize(1, 2), 100);
    assertThat(trees).allSatisfy(t -> assertThat(depth(t)).isEqualTo(2));
    List<GenericRecord> deeper =
        sample(Generators.avro(tree).withMaxDepth(4).withCollectionSize(1, 1), 20);
    assertThat(deeper).allSatisfy(t -> assertThat(depth(t)).isEqualTo(4));

    Schema loop =
        new Schema.Parser()
            .parse(
                "{\"type\":\"record\",\"name\":\"Loop\",\"fields\":"
                    + "[{\"name\":\"next\",\"type\":\"Loop\"}]}");
    assertThatThrownBy(() -> Generators.avro(loop))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("Record Loop is recursive with no way to end");
    assertThatThrownBy(() -> Generators.avro(tree).withMaxDepth(0))
        .isInstanceOf(WickException.class)
        .hasMessage("The maximum depth must be at least 1, got 0; pass 1 or more.");
  }

  static int depth(GenericRecord tree) {
    int max = 0;
    for (Object child : (List<?>) tree.get("children")) {
      max = Math.max(max, depth((GenericRecord) child));
    }
    return 1 + max;
  }

  // ------------------------------------------------------------------ semantic types

  @Example
  void semanticTypesGiveValidValuesFromTheSchemaOrByPath() {
    List<GenericRecord> plays =
        sample(
            Generators.avro(PLAY)
                .withSemanticType("user_id", "sku")
                .withSemanticType("tags", TestSemanticTypes.SKU)
                .withNullProbability(0)
                .withSemanticType("country", "test_country"),
            200);
    for (GenericRecord p : plays) {
      assertThat(p.get("user_id").toString()).matches("SKU-\\d{5}");
      assertThat((List<?>) p.get("tags"))
          .allSatisfy(t -> assertThat(t.toString()).matches("SKU-\\d{5}"));
      assertThat(p.get("country")).isIn(TestSemanticTypes.COUNTRIES.toArray());
    }
    // order.avsc marks customer.address.country with "wick.semantic": "test_country".
    List<GenericRecord> orders =
        sample(Generators.avro(SchemaCorpus.file("order.avsc")).withNullProbability(0), 200);
    assertThat(orders)
        .extracting(o -> ((GenericRecord) ((GenericRecord) o.get("customer")).get("address")))
        .extracting(a -> a.get("country"))
        .containsOnly(TestSemanticTypes.COUNTRIES.toArray());
  }

  @Example
  void aSemanticTypeThatIsUnknownOrDoesNotApplyFailsAtOnce() {
    assertThatThrownBy(() -> Generators.avro(PLAY).withSemanticType("user_id", "no_such_type"))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("Field 'user_id' names the unknown semantic type 'no_such_type';");
    assertThatThrownBy(() -> Generators.avro(PLAY).withSemanticType("duration_ms", "sku"))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Field 'duration_ms' is a int, but the semantic type sku does not apply to that storage"
                + " type; change the field's type or its semantic type.");
  }

  // ------------------------------------------------------------------ shared values

  @Example
  void aSharedValueJoinsAUserToTheirPlays() {
    SchemaArbitrary<User> users = Generators.records(User.class);
    SchemaArbitrary<Play> plays = Generators.records(Play.class);
    Arbitrary<Tuple2<User, List<Play>>> userWithPlays =
        users
            .valuesOf("user_id")
            .flatMap(
                id ->
                    Combinators.combine(
                            users.amend("user_id", Arbitraries.just(id)),
                            plays.amend("user_id", Arbitraries.just(id)).list().ofMaxSize(5))
                        .as(Tuple::of));
    List<Tuple2<User, List<Play>>> joined = sample(userWithPlays, 100);
    assertThat(joined)
        .allSatisfy(
            t ->
                assertThat(t.get2())
                    .allSatisfy(p -> assertThat(p.user_id()).isEqualTo(t.get1().user_id())));
    assertThat(joined.stream().map(t -> t.get1().user_id()).distinct().count()).isGreaterThan(50);
    assertThat(joined.stream().mapToInt(t -> t.get2().size()).sum()).isGreaterThan(100);
  }

  // ------------------------------------------------------------------ targets

  @Example
  void javaRecordsAreBuiltWithTheirConstructors() {
    List<User> users = sample(Generators.records(User.class), 300);
    assertThat(users).hasSize(300);
    assertThat(users).extracting(User::email).containsNull();
    assertThat(users).extracting(u -> u.nickname().isPresent()).contains(true, false);
    assertThat(users).extracting(User::tier).contains(TestRecords.Tier.values());
  }

  @Example
  void specificRecordsApplyTheirOwnLogicalTypes() {
    List<TrackPlay> plays =
        sample(
            Generators.avro(TrackPlay.class)
                .amend("played_at", Arbitraries.just(Instant.ofEpochMilli(1_700_000_000_123L))),
            100);
    for (TrackPlay p : plays) {
      assertThat(p.getPlayedAt()).isEqualTo(Instant.ofEpochMilli(1_700_000_000_123L));
      assertThat(p.getPlayDate()).isInstanceOf(LocalDate.class);
      assertThat(p.getUserId()).isNotNull();
      assertThat(p.getDurationMs()).isNotNull();
    }
  }

  static BigDecimal decimal(ByteBuffer bytes, int scale) {
    Schema s = LogicalTypes.decimal(20, scale).addToSchema(Schema.create(Schema.Type.BYTES));
    return new Conversions.DecimalConversion().fromBytes(bytes.duplicate(), s, s.getLogicalType());
  }
}
