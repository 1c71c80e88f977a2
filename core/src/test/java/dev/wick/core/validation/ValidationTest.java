package dev.wick.core.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.schema.SemanticSpec;
import dev.wick.core.spark.WickSpark;
import dev.wick.core.validation.TestTypes.Play;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValidationTest {
  private static final SparkSession SPARK = WickSpark.local(2);
  private static final Schema PLAY = Schemas.fromRecord(Play.class);
  private static final RecordMaker MAKER = new RecordMaker(PLAY);

  private record Generated(
      List<GenericRecord> records, List<Set<Rule>> broken, Dataset<Row> data) {}

  private static Generated generate(long seed, int n) {
    return generate(seed, n, true);
  }

  private static Generated generate(long seed, int n, boolean breakSome) {
    SplittableRandom r = new SplittableRandom(seed);
    List<GenericRecord> records = new ArrayList<>();
    List<Set<Rule>> broken = new ArrayList<>();
    StructType struct = RecordMaker.nullable(Schemas.toSpark(PLAY));
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Set<Rule> b = !breakSome || i % 3 == 0 ? Set.of() : MAKER.pickBroken(r, rule -> true);
      GenericRecord g = MAKER.make(r, b);
      records.add(g);
      broken.add(b);
      rows.add(RecordMaker.toRow(g, struct));
    }
    return new Generated(records, broken, SPARK.createDataFrame(rows, struct));
  }

  private static List<FailedRule> violations(Row row) {
    List<FailedRule> out = new ArrayList<>();
    for (Row v : row.<Row>getList(row.fieldIndex(Validation.REASONS))) {
      out.add(new FailedRule(v.getString(0), v.getString(1), v.getString(2)));
    }
    return out;
  }

  @Test
  void sparkReasonsEqualTheJavaValidatorsOnNestedRecords() {
    Generated g = generate(42, 300);
    ValidatedRows checked = Validation.of(PLAY).run(g.data());
    List<Row> rows = checked.annotated().collectAsList();
    Validator<GenericRecord> avro = Validator.forAvro(g.records().get(0).getSchema());
    Validator<Row> onRows = Validator.forSchema(PLAY);
    int invalid = 0;
    for (int i = 0; i < rows.size(); i++) {
      List<FailedRule> spark = violations(rows.get(i));
      assertThat(spark).as("row %d", i).isEqualTo(avro.validate(g.records().get(i)).violations());
      assertThat(spark).as("row %d", i).isEqualTo(onRows.validate(rows.get(i)).violations());
      assertThat(spark.stream().map(v -> v.field() + " " + v.rule()).toList())
          .containsExactlyInAnyOrderElementsOf(
              g.broken().get(i).stream().map(r -> r.path() + " " + r.name()).toList());
      invalid += spark.isEmpty() ? 0 : 1;
    }
    assertThat(invalid).isGreaterThan(100);
    assertThat(checked.rules())
        .filteredOn(r -> !r.catalyst())
        .extracting(ValidatedRows.RuleInfo::field)
        .containsExactly("trackId", "home");
  }

  @Test
  void summaryCountsRecordsPerFieldAndRuleInOneAggregation() {
    Generated g = generate(7, 200);
    ValidationSummary summary = Validation.of(PLAY).run(g.data()).summary();
    Map<String, Long> expected = new HashMap<>();
    long invalid = 0;
    for (Set<Rule> b : g.broken()) {
      invalid += b.isEmpty() ? 0 : 1;
      for (Rule r : b) {
        expected.merge(r.path() + " " + r.name(), 1L, Long::sum);
      }
    }
    assertThat(summary.total()).isEqualTo(200);
    assertThat(summary.invalid()).isEqualTo(invalid);
    assertThat(summary.valid()).isEqualTo(200 - invalid);
    assertThat(summary.rules()).hasSize(MAKER.rules().size());
    for (ValidationSummary.RuleCount c : summary.rules()) {
      assertThat(c.invalid())
          .as(c.field() + " " + c.rule())
          .isEqualTo(expected.getOrDefault(c.field() + " " + c.rule(), 0L));
    }
    assertThat(summary.toJson()).contains("\"total\" : 200", "\"evaluatedAs\" : \"java_function\"");
  }

  @Test
  void writesValidAndInvalidRowsWithCountsObservedDuringTheWrite(@TempDir Path dir) {
    Generated g = generate(11, 150);
    ValidatedRows checked = Validation.of(PLAY).run(g.data());
    String out = dir.resolve("report").toString();
    ValidationSummary summary;
    try (Output output = Output.create(SPARK, out, false, List.of())) {
      summary = checked.writeTo(output, "valid", "invalid", Format.PARQUET);
      output.commit();
    }
    assertThat(summary).isEqualTo(checked.summary());
    Dataset<Row> valid = SPARK.read().parquet(out + "/valid");
    Dataset<Row> invalid = SPARK.read().parquet(out + "/invalid");
    assertThat(valid.count()).isEqualTo(summary.valid());
    assertThat(invalid.count()).isEqualTo(summary.invalid());
    assertThat(valid.columns()).doesNotContain(Validation.REASONS);
    assertThat(invalid.schema().apply(Validation.REASONS).dataType().simpleString())
        .isEqualTo(ValidatedRows.REASONS_TYPE);
  }

  @Test
  void anAvroOutputKeepsTheInputsAvroSchemaAndAddsTheReasons(@TempDir Path dir)
      throws java.io.IOException {
    org.apache.avro.Schema avro =
        new org.apache.avro.Schema.Parser()
            .parse(
                """
                {"type": "record", "name": "Play", "namespace": "dev.wick.test", "fields": [
                  {"name": "id", "type": {"type": "string", "logicalType": "uuid"}},
                  {"name": "kind", "type": {"type": "enum", "name": "Kind",
                                            "symbols": ["PLAY", "SKIP"]}},
                  {"name": "at", "type": {"type": "long", "logicalType": "timestamp-millis"}},
                  {"name": "ms", "type": "long", "wick.semantic": "non_negative"}
                ]}""");
    StructType struct =
        (StructType) org.apache.spark.sql.avro.SchemaConverters.toSqlType(avro).dataType();
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      rows.add(
          RowFactory.create(
              new java.util.UUID(0, i).toString(),
              i % 2 == 0 ? "PLAY" : "SKIP",
              java.sql.Timestamp.from(java.time.Instant.ofEpochMilli(1_700_000_000_000L + i)),
              i == 5 ? -1L : (long) i));
    }
    Dataset<Row> data = SPARK.createDataFrame(rows, struct);
    String out = dir.resolve("avro").toString();
    ValidationSummary summary;
    try (Output output = Output.create(SPARK, out, false, List.of())) {
      summary =
          Validation.of(Schemas.fromAvro(avro))
              .run(data)
              .writeTo(output, "valid", "invalid", Format.AVRO, java.util.Optional.of(avro));
      output.commit();
    }
    assertThat(summary.valid()).isEqualTo(5);
    assertThat(summary.invalid()).isEqualTo(1);
    assertThat(avroSchemaOf(Path.of(out, "valid"))).isEqualTo(avro);
    org.apache.avro.Schema invalid = avroSchemaOf(Path.of(out, "invalid"));
    assertThat(invalid.getFullName()).isEqualTo("dev.wick.test.Play");
    assertThat(invalid.getFields()).hasSize(5);
    for (org.apache.avro.Schema.Field f : avro.getFields()) {
      assertThat(invalid.getField(f.name()).schema()).isEqualTo(f.schema());
    }
    org.apache.avro.Schema reasons = nonNull(invalid.getField(Validation.REASONS).schema());
    assertThat(reasons.getType()).isEqualTo(org.apache.avro.Schema.Type.ARRAY);
    assertThat(nonNull(reasons.getElementType()).getFields())
        .extracting(org.apache.avro.Schema.Field::name)
        .containsExactly("field", "rule", "reason");
    List<Row> back = SPARK.read().format("avro").load(out + "/invalid").collectAsList();
    assertThat(back).hasSize(1);
    assertThat(back.get(0).<Long>getAs("ms")).isEqualTo(-1L);
    assertThat(violations(back.get(0))).hasSize(1);
    assertThat(violations(back.get(0)).get(0).field()).isEqualTo("ms");
  }

  /** {@code schema}, or the one branch of a union with null. */
  private static org.apache.avro.Schema nonNull(org.apache.avro.Schema schema) {
    if (schema.getType() != org.apache.avro.Schema.Type.UNION) {
      return schema;
    }
    List<org.apache.avro.Schema> branches =
        schema.getTypes().stream()
            .filter(t -> t.getType() != org.apache.avro.Schema.Type.NULL)
            .toList();
    assertThat(branches).hasSize(1);
    return branches.get(0);
  }

  private static org.apache.avro.Schema avroSchemaOf(Path folder) throws java.io.IOException {
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(folder)) {
      Path part = files.filter(p -> p.toString().endsWith(".avro")).findFirst().orElseThrow();
      try (org.apache.avro.file.DataFileReader<GenericRecord> reader =
          new org.apache.avro.file.DataFileReader<>(
              part.toFile(), new org.apache.avro.generic.GenericDatumReader<>())) {
        return reader.getSchema();
      }
    }
  }

  @Test
  void oneWriteSplitsTheRowsAndLeavesOnlyTheTwoParts(@TempDir Path dir) throws java.io.IOException {
    Dataset<Row> data =
        SPARK.sql("SELECT id AS ms FROM range(-3, 3)").selectExpr("cast(ms AS BIGINT) AS ms");
    dev.wick.core.schema.Schema schema =
        dev.wick.core.schema.Schema.of(
            "T",
            dev.wick.core.schema.Field.of("ms", dev.wick.core.schema.DataType.LONG)
                .withSemantic(dev.wick.core.schema.SemanticSpec.of("non_negative")));
    for (String name : List.of("some", "all", "none")) {
      Dataset<Row> in =
          name.equals("all") ? data.where("ms < 0") : name.equals("none") ? data.limit(0) : data;
      String out = dir.resolve(name).toString();
      ValidationSummary summary;
      try (Output output = Output.create(SPARK, out, false, List.of())) {
        summary = Validation.of(schema).run(in).writeTo(output, "valid", "invalid", Format.PARQUET);
        output.commit();
      }
      try (java.util.stream.Stream<Path> top = java.nio.file.Files.list(Path.of(out))) {
        assertThat(top.map(p -> p.getFileName().toString()).sorted())
            .as(name)
            .containsExactly("_SUCCESS", "invalid", "valid");
      }
      assertThat(Path.of(out, "valid", "_SUCCESS")).exists();
      assertThat(Path.of(out, "invalid", "_SUCCESS")).exists();
      Dataset<Row> valid = SPARK.read().parquet(out + "/valid");
      Dataset<Row> invalid = SPARK.read().parquet(out + "/invalid");
      assertThat(valid.columns()).as(name).containsExactly("ms");
      assertThat(invalid.columns()).as(name).containsExactly("ms", Validation.REASONS);
      assertThat(valid.orderBy("ms").collectAsList().stream().map(r -> r.getLong(0)))
          .as(name)
          .containsExactlyElementsOf(name.equals("some") ? List.of(0L, 1L, 2L) : List.<Long>of());
      assertThat(invalid.orderBy("ms").collectAsList().stream().map(r -> r.getLong(0)))
          .as(name)
          .containsExactlyElementsOf(
              name.equals("none") ? List.<Long>of() : List.of(-3L, -2L, -1L));
      assertThat(summary.invalid()).isEqualTo(name.equals("none") ? 0 : 3);
      assertThat(summary.total()).isEqualTo(name.equals("some") ? 6 : name.equals("all") ? 3 : 0);
      assertThat(summary.valid()).isEqualTo(name.equals("some") ? 3 : 0);
      assertThat(summary.rules())
          .as(name)
          .extracting(r -> r.rule() + " " + r.invalid())
          .contains("non_negative " + (name.equals("none") ? 0 : 3));
      if (!name.equals("none")) {
        assertThat(violations(invalid.orderBy("ms").first()).get(0).reason())
            .isEqualTo("-3 is negative");
      }
    }
  }

  @Test
  void rulesOnTheValuesOfAnArrayOrMapSplitTheRowsAsTheirReasonsDo(@TempDir Path dir) {
    // The split tests the values of tags[], codes[] and ids{} in one generated loop each
    // (SemanticType.everyValidWhen); the reasons, read back, still come from a lambda per value.
    // Both must agree on every row: nulls, empty and null arrays, a bad value among good ones.
    Dataset<Row> data =
        SPARK.sql(
            "SELECT * FROM VALUES"
                + " (1, array('a', 'b'), array('SE'), map('x', 'Ab3dE5')),"
                + " (2, array('a', 'z'), array('SE'), map('x', 'Ab3dE5')),"
                + " (3, array('a', null), array('SE', 'XX'), map('x', 'Ab3dE5')),"
                + " (4, array(), array(), map()),"
                + " (5, cast(null AS array<string>), cast(null AS array<string>),"
                + "    cast(null AS map<string, string>)),"
                + " (6, array('b'), array('US', null), map('x', 'Ab3dE5', 'y', 'short')),"
                + " (7, array('b'), array('us'), map('x', 'Ab3dE5\n'))"
                + " AS t(n, tags, codes, ids)");
    Schema schema =
        Schema.of(
            "T",
            List.of(
                Field.of("n", DataType.INT),
                Field.nullable("tags", new DataType.ArrayType(DataType.STRING, true))
                    .withSemantic(SemanticSpec.parse("one_of(values=a|b)")),
                Field.nullable("codes", new DataType.ArrayType(DataType.STRING, true))
                    .withSemantic(SemanticSpec.of("country_code")),
                Field.nullable("ids", new DataType.MapType(DataType.STRING, DataType.STRING, true))
                    .withSemantic(SemanticSpec.parse("base62_id(length=6)"))));
    ValidatedRows checked = Validation.of(schema).run(data);
    List<Integer> invalidByReasons =
        checked.invalid().orderBy("n").collectAsList().stream().map(r -> r.getInt(0)).toList();
    assertThat(invalidByReasons).containsExactly(2, 3, 6, 7);
    String out = dir.resolve("out").toString();
    ValidationSummary summary;
    try (Output output = Output.create(SPARK, out, false, List.of())) {
      summary = checked.writeTo(output, "valid", "invalid", Format.PARQUET);
      output.commit();
    }
    assertThat(
            SPARK.read().parquet(out + "/valid").orderBy("n").collectAsList().stream()
                .map(r -> r.getInt(0)))
        .containsExactly(1, 4, 5);
    assertThat(
            SPARK.read().parquet(out + "/invalid").orderBy("n").collectAsList().stream()
                .map(r -> r.getInt(0)))
        .containsExactlyElementsOf(invalidByReasons);
    assertThat(summary.rules())
        .extracting(r -> r.field() + " " + r.invalid())
        .contains("tags[] 1", "codes[] 2", "ids{} 2");
  }

  @Test
  void cleanInputIsWrittenWhole(@TempDir Path dir) {
    Generated g = generate(5, 40, false);
    String out = dir.resolve("clean").toString();
    ValidationSummary summary;
    try (Output output = Output.create(SPARK, out, false, List.of())) {
      summary = Validation.of(PLAY).run(g.data()).writeTo(output, "valid", "invalid", Format.AVRO);
      output.commit();
    }
    assertThat(summary.total()).isEqualTo(40);
    assertThat(summary.invalid()).isZero();
    assertThat(SPARK.read().format("avro").load(out + "/valid").count()).isEqualTo(40);
    assertThat(SPARK.read().format("avro").load(out + "/invalid").count()).isZero();
  }

  @Test
  void catalystRulesAgreeWithJavaChecksForEveryBuiltIn() {
    List<Field> fields = new ArrayList<>();
    for (int c = 0; c < BuiltinCases.ALL.size(); c++) {
      BuiltinCases.Case bc = BuiltinCases.ALL.get(c);
      fields.add(Field.nullable("c" + c, bc.storage()).withSemantic(SemanticSpec.parse(bc.spec())));
    }
    Schema schema = Schema.of("AllTypes", fields);
    StructType struct = Schemas.toSpark(schema);
    SplittableRandom r = new SplittableRandom(3);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      Object[] values = new Object[fields.size()];
      for (int c = 0; c < fields.size(); c++) {
        BuiltinCases.Case bc = BuiltinCases.ALL.get(c);
        SemanticType t = bc.type();
        Object v =
            i % 2 == 0
                ? t.generateValid(r, bc.storage())
                : t.generateInvalid(r, bc.storage()).orElseThrow();
        values[c] = v instanceof java.time.Instant instant ? java.sql.Timestamp.from(instant) : v;
      }
      rows.add(RowFactory.create(values));
    }
    ValidatedRows checked = Validation.of(schema).run(SPARK.createDataFrame(rows, struct));
    assertThat(checked.rules())
        .filteredOn(ValidatedRows.RuleInfo::catalyst)
        .hasSize(fields.size() - 3);
    List<Row> out = checked.annotated().collectAsList();
    Validator<Row> java = Validator.forSchema(schema);
    for (int i = 0; i < out.size(); i++) {
      List<FailedRule> spark = violations(out.get(i));
      assertThat(spark).as("row %d", i).isEqualTo(java.validate(out.get(i)).violations());
      assertThat(spark).as("row %d", i).hasSize(i % 2 == 0 ? 0 : fields.size());
    }
  }

  @Test
  void aSchemaFieldTheDataLacksOrHoldsInAnotherTypeIsAUsageError() {
    Schema schema =
        Schema.of(
            "Plays",
            Field.of("country", DataType.STRING).withSemantic(SemanticSpec.of("country_code")),
            Field.of("ms", DataType.LONG));
    Dataset<Row> missing = SPARK.sql("select 'SE' as country");
    assertThatThrownBy(() -> Validation.of(schema).run(missing))
        .hasMessage(
            "The input has no field 'ms', which the schema Plays declares; check that the schema"
                + " belongs to this input.");
    Dataset<Row> wrongType = SPARK.sql("select 'SE' as country, 'long' as ms");
    assertThatThrownBy(() -> Validation.of(schema).run(wrongType))
        .hasMessage(
            "Field 'ms' is a string in the input, but the schema Plays declares bigint; fix the"
                + " schema or convert the input.");
    Dataset<Row> clash = SPARK.sql("select 'SE' as country, 1L as ms, 'x' as reasons");
    assertThatThrownBy(() -> Validation.of(schema).run(clash))
        .hasMessage(
            "The input already has a column named 'reasons'; choose another name for the reasons"
                + " column.");
  }

  @Test
  void settingsAreCheckedWhenGivenAndAValidationRunsOnAnyData() {
    Schema schema =
        Schema.of(
            "Plays",
            Field.of("country", DataType.STRING).withSemantic(SemanticSpec.of("country_code")),
            Field.of("ms", DataType.LONG));
    assertThatThrownBy(
            () ->
                Validation.of(
                    Schema.of(
                        "Plays",
                        Field.of("country", DataType.STRING)
                            .withSemantic(SemanticSpec.of("no_such_type")))))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith(
            "Field 'country' names the unknown semantic type 'no_such_type'; known types are");
    assertThatThrownBy(() -> Validation.of(schema).reasonsColumn(" "))
        .isInstanceOf(WickException.class)
        .hasMessage("The name of the reasons column is blank; give a name such as why.");
    assertThatThrownBy(() -> Validation.of(schema).reasonsColumn("__wick_rule_0"))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "'__wick_rule_0' is a name Wick keeps for its own columns; choose another name for the"
                + " reasons column.");

    Validation plain = Validation.of(schema);
    Validation why = plain.reasonsColumn("why");
    Dataset<Row> first = SPARK.sql("select * from values ('SE', 1L), ('xx', 2L) as t(country, ms)");
    Dataset<Row> second = SPARK.sql("select 'se' as country, 3L as ms, 'x' as reasons");
    List<Row> invalid = why.run(first).invalid().collectAsList();
    assertThat(invalid)
        .singleElement()
        .satisfies(r -> assertThat(r.<Long>getAs("ms")).isEqualTo(2L));
    assertThat(invalid.get(0).<Row>getList(invalid.get(0).fieldIndex("why")))
        .singleElement()
        .satisfies(v -> assertThat(v.<String>getAs("field")).isEqualTo("country"));
    assertThat(why.run(second).summary().invalid()).isEqualTo(1);
    assertThat(plain.run(first).invalid().columns())
        .contains(Validation.REASONS)
        .doesNotContain("why");
    assertThatThrownBy(() -> plain.run(second))
        .isInstanceOf(WickException.class)
        .hasMessageContaining("already has a column named 'reasons'");
  }
}
