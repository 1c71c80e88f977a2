package dev.wick.core.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.schema.FieldPath;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

class ColumnsTest {
  @Test
  void quotesNamesSoThatDotsAndBackticksAreLiteral() {
    assertThat(Columns.quote("user_id")).isEqualTo("`user_id`");
    assertThat(Columns.quote("a.b")).isEqualTo("`a.b`");
    assertThat(Columns.quote("odd`name")).isEqualTo("`odd``name`");
  }

  @Test
  void columnsNamedWithDotsSpacesAndBackticksResolveAsOneColumn() {
    SparkSession spark = WickSpark.local(2);
    Row row =
        spark
            .sql("select 1 as `a.b`, 2 as `a`, 3 as `odd``name`, 4 as `with space`")
            .select(
                Columns.column("a.b"),
                Columns.column("a"),
                Columns.column("odd`name"),
                Columns.column("with space"))
            .first();
    assertThat(row.<Integer>getAs(0)).isEqualTo(1);
    assertThat(row.<Integer>getAs(1)).isEqualTo(2);
    assertThat(row.<Integer>getAs(2)).isEqualTo(3);
    assertThat(row.<Integer>getAs(3)).isEqualTo(4);
  }

  @Test
  void aStructPathStepsIntoNestedFieldsByTheirLiteralNames() {
    SparkSession spark = WickSpark.local(2);
    Row row =
        spark
            .sql("select named_struct('id', 7, 'a.b', 8) as `user.x`")
            .select(
                Columns.column(FieldPath.of("user.x", "id")),
                Columns.column(FieldPath.of("user.x", "a.b")))
            .first();
    assertThat(row.<Integer>getAs(0)).isEqualTo(7);
    assertThat(row.<Integer>getAs(1)).isEqualTo(8);
  }

  @Test
  void theValuesAtAPathIntoArraysAndMapsAreOneFlatArray() {
    SparkSession spark = WickSpark.local(2);
    Row row =
        spark
            .sql(
                "select array(named_struct('tags', array('a', 'b')),"
                    + " named_struct('tags', cast(null as array<string>)),"
                    + " named_struct('tags', array('c'))) as items,"
                    + " map('x', named_struct('n', 1), 'y', named_struct('n', 2)) as scores,"
                    + " cast(null as array<int>) as none")
            .select(
                Columns.values(FieldPath.parse("items[].tags[]")),
                Columns.values(FieldPath.parse("items[].tags")).isNotNull(),
                Columns.values(FieldPath.parse("scores{}.n")),
                Columns.values(FieldPath.parse("none[]")))
            .first();
    assertThat(row.getList(0)).containsExactly("a", "b", "c");
    assertThat(row.getBoolean(1)).isTrue();
    assertThat(row.getList(2)).containsExactlyInAnyOrder(1, 2);
    assertThat(row.isNullAt(3)).isTrue();
    assertThatThrownBy(() -> Columns.values(FieldPath.parse("a.b")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a.b steps into no array or map; Columns.column gives its one value a row");
  }
}
