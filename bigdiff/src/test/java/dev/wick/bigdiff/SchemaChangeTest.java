package dev.wick.bigdiff;

import static dev.wick.bigdiff.DiffFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.bigdiff.SchemaDifference.NullabilityChange;
import dev.wick.bigdiff.SchemaDifference.Rename;
import dev.wick.bigdiff.SchemaDifference.TypeChange;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Violation;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** Schema changes are differences: reported, compared when they widen, and failing the gate. */
class SchemaChangeTest {

  @Test
  void wideningChangesAreComparedByValueInTheWiderType() {
    Dataset<Row> lhs =
        values(
            "values (1, 10, cast(1.5 as float), cast(12.34 as decimal(9,2))),"
                + " (2, 20, cast(2.5 as float), cast(56.78 as decimal(9,2)))"
                + " as t(id, plays, score, price)");
    Dataset<Row> rhs =
        values(
            "values (1, 10L, 1.5D, cast(12.34 as decimal(12,2))),"
                + " (2, 21L, 2.5D, cast(56.79 as decimal(12,2)))"
                + " as t(id, plays, score, price)");
    DiffFixtures.Run run = DiffFixtures.run(BigDiff.key("id"), lhs, rhs);
    SchemaDifference schema = run.summary().schema();
    assertThat(schema.typeChanges())
        .containsExactly(
            new TypeChange("plays", "int", "long", true),
            new TypeChange("score", "float", "double", true),
            new TypeChange("price", "decimal(9, 2)", "decimal(12, 2)", true));
    assertThat(schema.compared()).containsExactly("plays", "score", "price");
    assertThat(run.global().same()).isEqualTo(1);
    assertThat(run.global().different()).isEqualTo(1);
    assertThat(run.differingFields()).isEqualTo(Map.of("2", Set.of("plays", "price")));
    assertThat(run.entry(2, "plays").<Double>getAs("delta")).isEqualTo(1.0);
    GateResult gate = run.summary().gate(DiffThresholds.maxDiffFraction(1));
    assertThat(gate.violations())
        .extracting(Violation::message)
        .containsExactly(
            "Field 'plays' is int in the lhs but long in the rhs (values compared in the wider"
                + " type).",
            "Field 'score' is float in the lhs but double in the rhs (values compared in the"
                + " wider type).",
            "Field 'price' is decimal(9, 2) in the lhs but decimal(12, 2) in the rhs (values"
                + " compared in the wider type).");
    assertThat(gate.violations())
        .extracting(Violation::kind)
        .containsOnly(Violation.Kind.SCHEMA_CHANGE);
    assertThat(
            run.summary().gate(DiffThresholds.maxDiffFraction(1).allowingSchemaChange()).passes())
        .isTrue();
  }

  @Test
  void wideningInsideRecordsAndArraysIsComparedToo() {
    Dataset<Row> lhs = values("values (1, named_struct('n', 1), array(1, 2)) as t(id, rec, xs)");
    Dataset<Row> rhs = values("values (1, named_struct('n', 1L), array(1L, 3L)) as t(id, rec, xs)");
    DiffFixtures.Run run = DiffFixtures.run(BigDiff.key("id"), lhs, rhs);
    assertThat(run.summary().schema().typeChanges())
        .containsExactly(
            new TypeChange("rec.n", "int", "long", true),
            new TypeChange("xs[]", "int", "long", true));
    assertThat(run.differingFields()).isEqualTo(Map.of("1", Set.of("xs")));
  }

  @Test
  void aRenameByCaseIsReportedAsBothSidesAndALikelyRename() {
    Dataset<Row> lhs = values("values (1, 5, 'a') as t(id, listeners, play_count)");
    Dataset<Row> rhs = values("values (1, 5, 'a') as t(id, Listeners, playCount)");
    DiffSummary s = BigDiff.key("id").summarize(lhs, rhs);
    assertThat(s.schema().onlyLhs()).containsExactly("listeners", "play_count");
    assertThat(s.schema().onlyRhs()).containsExactly("Listeners", "playCount");
    assertThat(s.schema().renames())
        .containsExactly(
            new Rename("listeners", "Listeners"), new Rename("play_count", "playCount"));
    assertThat(s.global().same()).isEqualTo(1);
    assertThat(s.gate(DiffThresholds.anyDifference()).violations())
        .extracting(Violation::message)
        .containsExactly(
            "Field 'listeners' is only in the lhs (likely renamed to 'Listeners'), so it was not"
                + " compared.",
            "Field 'play_count' is only in the lhs (likely renamed to 'playCount'), so it was not"
                + " compared.",
            "Field 'Listeners' is only in the rhs, so it was not compared.",
            "Field 'playCount' is only in the rhs, so it was not compared.");
    // Ignoring both names accepts the change.
    DiffSummary ignored =
        BigDiff.key("id")
            .ignore("listeners", "Listeners", "play_count", "playCount")
            .summarize(lhs, rhs);
    assertThat(ignored.schema().differs()).isFalse();
    // The report shows the schema first, and does not call the output the same.
    String html = HtmlReport.render(s, "lhs", "rhs");
    assertThat(html.indexOf("<h2>Schema</h2>"))
        .isPositive()
        .isLessThan(html.indexOf("<h2>Keys</h2>"));
    assertThat(html)
        .contains("All 1 keys are the same in the compared fields, and the schema changed.")
        .contains("<li>likely renamed: <code>listeners \u2192 Listeners</code>");
    assertThat(ignored.gate(DiffThresholds.anyDifference()).passes()).isTrue();
  }

  @Test
  void aNullabilityChangeIsASchemaChange() {
    Dataset<Row> lhs = values("values (1, 'a') as t(id, s)");
    Dataset<Row> rhs = values("values (1, 'a'), (2, null) as t(id, s)").where("id = 1");
    DiffSummary s = BigDiff.key("id").summarize(lhs, rhs);
    assertThat(s.schema().nullabilityChanges())
        .containsExactly(new NullabilityChange("s", false, true));
    assertThat(s.global().same()).isEqualTo(1);
    assertThat(s.gate(DiffThresholds.anyDifference()).violations())
        .extracting(Violation::message)
        .containsExactly("Field 's' is not nullable in the lhs but nullable in the rhs.");
    assertThat(s.toJson())
        .contains(
            "\"nullabilityChanges\" : [ {\n"
                + "      \"field\" : \"s\",\n"
                + "      \"lhsNullable\" : false,\n"
                + "      \"rhsNullable\" : true\n"
                + "    } ]");
  }

  @Test
  void tolerancesOnLongsAndDecimalsCompareExactly() {
    Dataset<Row> lhs =
        values(
            "values (1, 9007199254740993L, cast('1234567890123456.01' as decimal(20,2)))"
                + " as t(id, n, d)");
    Dataset<Row> rhs =
        values(
            "values (1, 9007199254740992L, cast('1234567890123456.02' as decimal(20,2)))"
                + " as t(id, n, d)");
    // Through double both pairs are equal; in their own types they are 1 and 0.01 apart.
    DiffSummary strict = BigDiff.key("id").tolerance("n", 0).tolerance("d", 0).summarize(lhs, rhs);
    assertThat(strict.global().different()).isEqualTo(1);
    assertThat(strict.differingFields()).extracting(FieldStats::field).containsExactly("n", "d");
    DiffSummary loose =
        BigDiff.key("id").tolerance("n", 1).tolerance("d", 0.01).summarize(lhs, rhs);
    assertThat(loose.global().same()).isEqualTo(1);
    DiffSummary justBelow =
        BigDiff.key("id").tolerance("n", 0.999).tolerance("d", 0.0099).summarize(lhs, rhs);
    assertThat(justBelow.differingFields()).extracting(FieldStats::field).containsExactly("n", "d");
    DiffSummary relative =
        BigDiff.key("id")
            .relativeTolerance("n", 1e-16)
            .relativeTolerance("d", 1e-18)
            .summarize(lhs, rhs);
    // 1 / 9.007e15 = 1.1e-16 > 1e-16; 0.01 / 1.23e15 = 8.1e-18 <= 1e-18 is false too.
    assertThat(relative.differingFields()).extracting(FieldStats::field).containsExactly("n", "d");
    DiffSummary relativeLoose =
        BigDiff.key("id")
            .relativeTolerance("n", 2e-16)
            .relativeTolerance("d", 1e-17)
            .summarize(lhs, rhs);
    assertThat(relativeLoose.global().same()).isEqualTo(1);
  }

  @Test
  void hugeTolerancesOnIntegersAcceptEveryPair() {
    Dataset<Row> lhs = values("values (1, 9223372036854775807L) as t(id, n)");
    Dataset<Row> rhs = values("values (1, -9223372036854775808L) as t(id, n)");
    assertThat(BigDiff.key("id").tolerance("n", 1e300).summarize(lhs, rhs).global().same())
        .isEqualTo(1);
    assertThat(BigDiff.key("id").tolerance("n", 1e18).summarize(lhs, rhs).global().different())
        .isEqualTo(1);
  }
}
