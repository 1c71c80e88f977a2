package dev.wick.typed;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.typed.shapes.Everything;
import dev.wick.typed.shapes.Everything_;
import dev.wick.typed.shapes.Person;
import dev.wick.typed.shapes.Person_;
import dev.wick.typed.shapes.Purchase_;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading checks the data's schema against the record; writing goes through core's writer. */
class LoadAndWriteTest {
  static final SparkSession spark = Fixtures.spark();

  @TempDir Path dir;

  Dataset<Row> peopleRows() {
    return OperationsTest.people().toDF();
  }

  @Test
  void readKeepsTheRecordsColumnsInOrder() {
    String path = dir.resolve("people").toString();
    peopleRows()
        .select(col("age"), col("name"), col("city"), col("id"), col("age").plus(1).as("extra"))
        .write()
        .parquet(path);
    var people = Typed.read(spark, path, Person_.META);
    assertThat(people.toDF().columns()).containsExactly("id", "name", "city", "age");
    assertThat(people.collect()).containsExactlyInAnyOrderElementsOf(OperationsTest.PEOPLE);
  }

  @Test
  void everyComponentKindSurvivesParquet() {
    String path = dir.resolve("everything").toString();
    Fixtures.everything().toDF().write().parquet(path);
    var back = Typed.read(spark, path, Format.PARQUET, Everything_.META);
    assertThat(back.collect())
        .usingRecursiveFieldByFieldElementComparator()
        .containsExactlyInAnyOrder(Fixtures.FIRST, Fixtures.SECOND);
  }

  @Test
  void aMismatchNamesEveryProblem() {
    String path = dir.resolve("bad").toString();
    peopleRows()
        .select(col("id"), col("name").as("Name"), col("age").cast("string").as("age"))
        .write()
        .parquet(path);
    assertThatThrownBy(() -> Typed.read(spark, path, Person_.META))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Input "
                + path
                + " does not match the record Person: column 'name' is spelled 'Name' in the data;"
                + " there is no column 'city' (columns: id, Name, age); column 'age' is string"
                + " but Person.age is int; change the record's components or the data.")
        .extracting(e -> ((WickException) e).exitCode())
        .isEqualTo(ExitCode.USAGE);
  }

  @Test
  void nestedAndArrayTypesAreCompared() {
    String path = dir.resolve("purchases").toString();
    OperationsTest.purchases().toDF().withColumn("items", col("amount")).write().parquet(path);
    assertThatThrownBy(() -> Typed.read(spark, path, Purchase_.META))
        .hasMessageContaining("column 'items' is double but Purchase.items is array<string>");
  }

  @Test
  void tablesByAnnotationOrName() {
    peopleRows().write().mode(SaveMode.Overwrite).saveAsTable("people");
    assertThat(Typed.table(spark, Person_.META).count()).isEqualTo(5);
    assertThat(Typed.table(spark, "people", Person_.META).collect())
        .containsExactlyInAnyOrderElementsOf(OperationsTest.PEOPLE);
    assertThatThrownBy(() -> Typed.table(spark, Everything_.META))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Everything names no table; annotate it with @WickTable(\"name\") or pass the table's"
                + " name.");
    assertThatThrownBy(() -> Typed.table(spark, "no_such_table", Person_.META))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("Table 'no_such_table' does not exist");
  }

  @Test
  void wrapChecksADataFrameFromElsewhere() {
    assertThat(Typed.wrap(peopleRows(), "people input", Person_.META).count()).isEqualTo(5);
    assertThatThrownBy(() -> Typed.wrap(peopleRows().drop("city"), "people input", Person_.META))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "people input does not match the record Person: there is no column 'city' (columns:"
                + " id, name, age); change the record's components or the data.");
  }

  @Test
  void writeIsSafe() throws Exception {
    String out = dir.resolve("out").toString();
    String written = OperationsTest.people().write(out, Format.PARQUET, false);
    assertThat(written).endsWith("/out");
    assertThat(Files.exists(dir.resolve("out").resolve("_SUCCESS"))).isTrue();
    var back = Typed.read(spark, out, Person_.META);
    assertThat(back.collect()).containsExactlyInAnyOrderElementsOf(OperationsTest.PEOPLE);

    assertThatThrownBy(() -> OperationsTest.people().write(out, Format.PARQUET, false))
        .isInstanceOf(WickException.class)
        .hasMessageContaining("already exists; allow overwriting");
    assertThatThrownBy(() -> back.write(out + "/inside", Format.PARQUET, true))
        .isInstanceOf(WickException.class)
        .hasMessageContaining(out);
    assertThatThrownBy(() -> back.filter(p -> p.age().gt(30)).write(out, Format.PARQUET, true))
        .isInstanceOf(WickException.class)
        .hasMessageContaining(out);
    OperationsTest.people().filter(p -> p.age().gt(30)).write(out, Format.PARQUET, true);
    assertThat(Typed.read(spark, out, Person_.META).collect())
        .extracting(Person::name)
        .containsExactlyInAnyOrder("Cid", "Eve");
  }

  @Test
  void emptyDatasetsWork() {
    var none = Typed.of(spark, java.util.List.<Everything>of(), Everything_.META);
    assertThat(none.count()).isZero();
    assertThat(none.collect()).isEmpty();
  }

  @Test
  void aTypedWriteInASandboxedRunLandsInTheSandbox() throws Exception {
    Path prodOut = dir.resolve("prod/people");
    Path root = dir.resolve("sandbox");
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    dev.wick.core.job.WickJob job =
        (ctx, args) -> OperationsTest.people().write(args.string("out"), Format.PARQUET, false);

    ExitCode code =
        dev.wick.core.job.Jobs.run(
            job,
            new String[] {
              "--out=" + prodOut,
              "--wick.env=sandbox",
              "--wick.sandbox.root=" + root,
              "--wick.sandbox.user=ana"
            },
            new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8),
            System.err);

    assertThat(code).isEqualTo(ExitCode.OK);
    assertThat(prodOut).doesNotExist();
    String printed = out.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertThat(printed).contains("sandbox: " + prodOut + " -> ");
    try (var runs = Files.list(root.resolve("ana"))) {
      Path run = runs.findFirst().orElseThrow();
      Path written = run.resolve(prodOut.toString().substring(1));
      assertThat(Typed.read(spark, written.toString(), Person_.META).collect())
          .containsExactlyInAnyOrderElementsOf(OperationsTest.PEOPLE);
    }
  }
}
