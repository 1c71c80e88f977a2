package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Odd column names (dots, spaces, backticks, unicode) work as columns and as keys in every command,
 * named in backticks where a field path needs it ({@code `a.b`}, {@code `a``b`}); an empty column
 * name is refused with one sentence, exit 2, wherever the whole schema is read (a check reads only
 * the fields it names).
 */
class OddNamesTest {
  @TempDir static Path tmp;
  static Path d;

  /** The odd names, and how a field path names each. */
  static final List<String[]> NAMES =
      List.of(
          new String[] {"a.b", "`a.b`"},
          new String[] {"a b", "a b"},
          new String[] {"a`b", "`a``b`"},
          new String[] {"ünï", "ünï"});

  @BeforeAll
  static void inputs() throws IOException {
    SparkSession spark = WickSpark.local(2);
    d = Files.createDirectories(tmp.resolve("in"));
    Dataset<Row> odd =
        spark
            .range(0, 20, 1, 1)
            .selectExpr(
                "id",
                "id * 10 as `a.b`",
                "concat('u', id % 3) as `a b`",
                "id % 4 as `a``b`",
                "concat('v', id) as `ünï`");
    odd.write().parquet(d.resolve("odd").toString());
    odd.write().parquet(d.resolve("odd-copy").toString());
    odd.selectExpr(
            "id",
            "`a.b` + if(id < 2, 1, 0) as `a.b`",
            "`a b`",
            "`a``b`",
            "if(id = 5, 'changed', `ünï`) as `ünï`")
        .write()
        .parquet(d.resolve("odd2").toString());
    emptyNamed(d.resolve("empty-name/part-0.parquet"));
    emptyNamed(d.resolve("empty-name-copy/part-0.parquet"));
    Files.writeString(
        d.resolve("checks.yaml"),
        "checks:\n"
            + "  - {check: completeness, field: '`a.b`', min: 1}\n"
            + "  - {check: unique, fields: ['`a.b`', '`a``b`', 'a b']}\n"
            + "  - {check: range, field: '`a``b`', min: 0, max: 3}\n"
            + "  - {check: completeness, field: 'ünï', min: 1}\n");
    Files.writeString(d.resolve("checks-id.yaml"), "checks:\n  - {check: unique, fields: [id]}\n");
    Files.writeString(
        d.resolve("schema.avsc"),
        "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}");
  }

  /** A Parquet file with a column named "" (Spark refuses to write one): id, "" as longs. */
  private static void emptyNamed(Path file) throws IOException {
    Files.createDirectories(file.getParent());
    MessageType schema =
        Types.buildMessage()
            .required(PrimitiveTypeName.INT64)
            .named("id")
            .required(PrimitiveTypeName.INT64)
            .named("")
            .named("r");
    Configuration conf = new Configuration();
    try (ParquetWriter<Group> w =
        ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(file.toUri()))
            .withType(schema)
            .withConf(conf)
            .build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(schema);
      for (long i = 0; i < 3; i++) {
        w.write(groups.newGroup().append("id", i).append("", i * 2));
      }
    }
  }

  private static String in(String name) {
    return d.resolve(name).toString();
  }

  private static String out() throws IOException {
    return Files.createTempDirectory(tmp, "out").resolve("o").toString();
  }

  private static void assertClean(CliRun r, int exit) {
    assertThat(r.exitCode()).as(r.err() + r.out()).isEqualTo(exit);
    assertThat(r.err()).doesNotContain("\tat ").doesNotContain("Exception");
  }

  @Test
  void profileNamesEveryOddColumn() throws IOException {
    String o = out();
    CliRun r = CliRun.wick("profile", "--in", in("odd"), "--out", o);
    assertClean(r, 0);
    String json = Files.readString(Path.of(o, "profile.json"));
    // Each field is named as a field path names it.
    for (String[] n : NAMES) {
      assertThat(json).contains("\"path\" : \"" + n[1] + "\"");
    }
  }

  @TestFactory
  Stream<DynamicTest> eachOddNameIsADiffKey() {
    List<DynamicTest> out = new ArrayList<>();
    for (String[] n : NAMES) {
      out.add(
          DynamicTest.dynamicTest(
              "--key " + n[1],
              () -> {
                CliRun r =
                    CliRun.wick(
                        "diff",
                        "--lhs",
                        in("odd"),
                        "--rhs",
                        in("odd-copy"),
                        "--key",
                        "id," + n[1],
                        "--out",
                        out());
                assertClean(r, 0);
                assertThat(r.out()).contains("key id, " + n[1]);
              }));
    }
    return out.stream();
  }

  @Test
  void aDiffComparesAndNamesOddColumns() throws IOException {
    CliRun r =
        CliRun.wick("diff", "--lhs", in("odd"), "--rhs", in("odd2"), "--key", "id", "--out", out());
    assertClean(r, 0);
    assertThat(r.out()).contains("`a.b`").contains("ünï");
    assertThat(r.out()).containsPattern("different\\s+3");
  }

  @Test
  void aDottedKeyWithoutBackticksSaysHowToNameIt() throws IOException {
    CliRun r =
        CliRun.wick(
            "diff", "--lhs", in("odd"), "--rhs", in("odd-copy"), "--key", "a.b", "--out", out());
    assertClean(r, 2);
    assertThat(r.err())
        .contains(
            "the schema lhs has no field 'a'; a name with a dot is written in backticks, as"
                + " '`a.b`'.");
  }

  @Test
  void anUnclosedBacktickIsRefused() throws IOException {
    CliRun r =
        CliRun.wick(
            "diff", "--lhs", in("odd"), "--rhs", in("odd-copy"), "--key", "`a.b", "--out", out());
    assertClean(r, 2);
    assertThat(r.err()).contains("Field path '`a.b' is malformed");
  }

  @Test
  void sampleByOddNames() throws IOException {
    for (String[] n : NAMES) {
      CliRun r =
          CliRun.wick(
              "sample", "--in", in("odd"), "--out", out(), "--fraction", "0.5", "--by", n[1]);
      assertClean(r, 0);
    }
  }

  @Test
  void checksNameOddFields() throws IOException {
    CliRun r =
        CliRun.wick("check", "--in", in("odd"), "--checks", in("checks.yaml"), "--out", out());
    assertClean(r, 0);
  }

  @Test
  void validateReadsOddColumns() throws IOException {
    CliRun r =
        CliRun.wick("validate", "--in", in("odd"), "--schema", in("schema.avsc"), "--out", out());
    assertClean(r, 0);
  }

  static final String EMPTY =
      "has a column with an empty name, which no field path can name; give it a name";

  @Test
  void checksAndRulesThatNameOtherColumnsIgnoreAnEmptyName() throws IOException {
    CliRun r =
        CliRun.wick(
            "check", "--in", in("empty-name"), "--checks", in("checks-id.yaml"), "--out", out());
    assertClean(r, 0);
    CliRun v =
        CliRun.wick(
            "validate", "--in", in("empty-name"), "--schema", in("schema.avsc"), "--out", out());
    assertClean(v, 0);
  }

  @Test
  void anEmptyColumnNameIsRefusedEverywhere() throws IOException {
    List<String[]> commands =
        List.of(
            new String[] {"profile", "--in", in("empty-name"), "--out", out()},
            new String[] {
              "diff",
              "--lhs",
              in("empty-name"),
              "--rhs",
              in("empty-name-copy"),
              "--key",
              "id",
              "--out",
              out()
            },
            new String[] {"sample", "--in", in("empty-name"), "--out", out(), "--fraction", "0.5"},
            new String[] {"schema", "--in", in("empty-name")});
    for (String[] args : commands) {
      CliRun r = CliRun.wick(args);
      assertThat(r.exitCode()).as(String.join(" ", args) + "\n" + r.err()).isEqualTo(2);
      assertThat(r.err()).as(args[0]).contains(EMPTY).doesNotContain("\tat ");
      assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
    }
  }
}
