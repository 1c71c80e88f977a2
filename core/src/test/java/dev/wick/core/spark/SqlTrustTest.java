package dev.wick.core.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.io.Source;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SQL that reaches beyond the rows is found in the parsed tree, wherever it is nested. */
class SqlTrustTest {
  private static final SparkSession SPARK = WickSpark.local(2);

  private static Optional<String> beyond(String sql) {
    return SqlTrust.beyondTheRows(SPARK, sql);
  }

  @Test
  void reflectiveCallsAreFoundWhereverTheyAreNested() {
    assertThat(beyond("reflect('java.lang.System', 'exit', 0) is null"))
        .contains("calls reflect, which runs any static Java method");
    assertThat(beyond("a > 1 and coalesce(JAVA_METHOD('java.lang.Math', 'abs', a), 0) > 0"))
        .contains("calls java_method, which runs any static Java method");
    assertThat(beyond("transform(xs, x -> try_reflect('java.lang.Math', 'abs', x))[0] > 0"))
        .contains("calls try_reflect, which runs any static Java method");
    assertThat(beyond("case when a > 0 then system.builtin.reflect('a', 'b') end is null"))
        .contains("calls reflect, which runs any static Java method");
  }

  @Test
  void subqueriesOfEveryKindAreFoundWithWhatTheyRead() {
    assertThat(beyond("(select count(*) from parquet.`/some/path`) > 0"))
        .contains("has a subquery, which can read any table or file (here parquet.`/some/path`)");
    assertThat(beyond("exists (select 1 from users where users.id = a)"))
        .contains("has a subquery, which can read any table or file (here users)");
    assertThat(beyond("a in (select id from csv.`/etc/passwd`)"))
        .contains("has a subquery, which can read any table or file (here csv.`/etc/passwd`)");
    assertThat(beyond("a > (select 1)"))
        .contains("has a subquery, which can read any table or file");
  }

  @Test
  void sqlOverTheRowsAloneAndSqlSparkCannotParsePass() {
    for (String sql :
        List.of(
            "a > 1",
            "country in ('SE', 'US') and length(name) < 10",
            "regexp_like(name, '[a-z]+') or reflected = 1",
            "exists(xs, x -> x > 0)",
            "((( not sql")) {
      assertThat(beyond(sql)).as(sql).isEmpty();
    }
  }

  @Test
  void aRowFilterReachingBeyondTheRowsIsRefusedUnlessTrusted(@TempDir Path dir) {
    String path = dir.resolve("t").toString();
    SPARK.range(5).write().parquet(path);
    Source filtered = Source.of(path).where("id < (select count(*) from parquet.`" + path + "`)");
    assertThatThrownBy(() -> filtered.read(SPARK))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The row filter \"id < (select count(*) from parquet.`"
                + path
                + "`)\" has a subquery, which can read any table or file (here parquet.`"
                + path
                + "`); a row filter may only compute over the rows, so remove that from the row"
                + " filter, or trust it with Source.trustSql() if you trust whoever wrote it.")
        .extracting(e -> ((WickException) e).exitCode())
        .isEqualTo(ExitCode.USAGE);
    assertThat(filtered.trustSql().read(SPARK).count()).isEqualTo(5);
  }
}
