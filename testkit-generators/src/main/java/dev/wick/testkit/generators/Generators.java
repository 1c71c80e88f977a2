package dev.wick.testkit.generators;

import dev.wick.core.schema.Schema;
import java.util.Objects;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.specific.SpecificRecord;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/**
 * jqwik arbitraries of records, derived from typed schemas: Avro schemas, generated Avro classes,
 * Java records and Spark structs. All four go through Wick's schema model and share one engine, so
 * they know the same edge cases (empty strings and collections, unicode, min/max numbers, NaN and
 * infinities, nulls), respect semantic types, and shrink the same way.
 *
 * <h2>In a property</h2>
 *
 * <p>A parameter of a generated Avro class needs nothing more: {@code @ForAll TrackPlay play} works
 * through a service-loaded {@link net.jqwik.api.providers.ArbitraryProvider}. For a {@code
 * GenericRecord} of a schema file, or a Java record, provide the arbitrary by name:
 *
 * <pre>{@code
 * @Provide
 * Arbitrary<GenericRecord> plays() {
 *   return Generators.avro(Schemas.parseAvsc(Path.of("schemas/play.avsc")));
 * }
 *
 * @Provide
 * Arbitrary<Play> javaPlays() {
 *   return Generators.records(Play.class);
 * }
 *
 * @Property
 * void playsValidate(@ForAll("plays") GenericRecord play) { ... }
 * }</pre>
 *
 * <h2>Sharing a value across records (a join key)</h2>
 *
 * <p>Draw the key once and amend it into both sides, so a user and their plays agree on {@code
 * user_id} while every other field varies (and shrinks):
 *
 * <pre>{@code
 * SchemaArbitrary<User> users = Generators.records(User.class);
 * SchemaArbitrary<Play> plays = Generators.records(Play.class);
 * Arbitrary<Tuple2<User, List<Play>>> userWithPlays =
 *     users.valuesOf("user_id").flatMap(id ->
 *         Combinators.combine(
 *                 users.amend("user_id", Arbitraries.just(id)),
 *                 plays.amend("user_id", Arbitraries.just(id)).list().ofMaxSize(5))
 *             .as(Tuple::of));
 * }</pre>
 *
 * <h2>Millions of records on Spark</h2>
 *
 * <p>For a dataset rather than a property, {@link BulkGeneration} draws the same kinds of records
 * in parallel Spark tasks, repeatably from a seed, and writes them to an {@code Output} (this is
 * what {@code wick generate} runs):
 *
 * <pre>{@code
 * GeneratedRecords plays = BulkGeneration.of(avroSchema).seed(7).run(spark, 10_000_000);
 * plays.writeTo(out, Format.PARQUET);
 * }</pre>
 */
public final class Generators {
  private Generators() {}

  /** Avro generic records of a record schema. */
  public static SchemaArbitrary<GenericRecord> avro(org.apache.avro.Schema schema) {
    Objects.requireNonNull(schema, "schema");
    return new SchemaArbitrary<>(GeneratedForm.Avro.of(schema));
  }

  /** Instances of a generated Avro class. */
  public static <T extends SpecificRecord> SchemaArbitrary<T> avro(Class<T> type) {
    Objects.requireNonNull(type, "type");
    return new SchemaArbitrary<>(GeneratedForm.Specific.of(type));
  }

  /** Java records, built with their canonical constructor. */
  public static <R extends Record> SchemaArbitrary<R> records(Class<R> type) {
    Objects.requireNonNull(type, "type");
    return new SchemaArbitrary<>(GeneratedForm.Records.of(type));
  }

  /** Spark rows of a struct (with the struct as their schema), values fitting its column types. */
  public static SchemaArbitrary<Row> rows(StructType struct) {
    Objects.requireNonNull(struct, "struct");
    return new SchemaArbitrary<>(GeneratedForm.Rows.of(struct));
  }

  /** Spark rows of a Wick schema, shaped as {@code Schemas.toSpark(schema)}. */
  public static SchemaArbitrary<Row> rows(Schema schema) {
    Objects.requireNonNull(schema, "schema");
    return new SchemaArbitrary<>(GeneratedForm.Rows.of(schema));
  }
}
