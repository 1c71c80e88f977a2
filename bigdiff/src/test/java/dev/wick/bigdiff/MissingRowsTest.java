package dev.wick.bigdiff;

import static dev.wick.bigdiff.DiffFixtures.run;
import static dev.wick.bigdiff.DiffFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.bigdiff.DiffFixtures.Run;
import dev.wick.core.WickException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** {@code keys/} carries the row of a MISSING key, typed; filters pick the rows diffed. */
class MissingRowsTest {

  @Test
  void aMissingKeyCarriesTheRowThatExistsTyped() {
    Dataset<Row> lhs =
        values(
            "values (1, 'a', named_struct('lat', 1.5D, 'lon', 2.5D), array(1, 2)),"
                + " (2, 'b', cast(null as struct<lat:double,lon:double>), array(3))"
                + " as t(id, name, geo, ns)");
    Dataset<Row> rhs =
        values(
            "values (3, 'c', named_struct('lat', 0.0D, 'lon', 0.0D), array(4))"
                + " as t(id, name, geo, ns)");
    Run r = run(BigDiff.key("id"), lhs, rhs);
    Row first = r.keys().stream().filter(k -> k.<Integer>getAs("id") == 1).findFirst().get();
    assertThat((String) first.getAs("diff")).isEqualTo("MISSING_RHS");
    Row row = first.getAs("row");
    assertThat((String) row.getAs("name")).isEqualTo("a");
    assertThat(row.<Row>getAs("geo").<Double>getAs("lon")).isEqualTo(2.5);
    assertThat(row.<Integer>getList(row.fieldIndex("ns"))).containsExactly(1, 2);
    Row second = r.keys().stream().filter(k -> k.<Integer>getAs("id") == 2).findFirst().get();
    assertThat(second.<Row>getAs("row").<Row>getAs("geo")).isNull();
    Row third = r.keys().stream().filter(k -> k.<Integer>getAs("id") == 3).findFirst().get();
    assertThat((String) third.getAs("diff")).isEqualTo("MISSING_LHS");
    assertThat((String) third.<Row>getAs("row").getAs("name")).isEqualTo("c");
  }

  @Test
  void differentKeysHaveNoRowAndFiltersPickTheRows() {
    Dataset<Row> lhs = values("values (1, 'a'), (2, 'b'), (3, 'c') as t(id, s)");
    Dataset<Row> rhs = values("values (1, 'A'), (2, 'b'), (3, 'x') as t(id, s)");
    Run r = run(BigDiff.key("id").where("id < 3").lhsWhere("s != 'a'"), lhs, rhs);
    assertThat(r.types()).containsExactly(java.util.Map.entry("1", "MISSING_LHS"));
    Run d = run(BigDiff.key("id").rhsWhere("id <= 3"), lhs, rhs);
    assertThat(d.keys()).allSatisfy(k -> assertThat(k.<Row>getAs("row")).isNull());
    assertThatThrownBy(() -> BigDiff.key("id").where(" "))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("A filter predicate must not be empty");
    assertThatThrownBy(() -> BigDiff.key("id").lhsWhere("s +").prepare(lhs, rhs))
        .hasMessageStartingWith("Filter 's +' is not a condition Spark can apply to the lhs: ");
  }
}
