package dev.wick.typed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The typed API's six guarantees, each shown as a javac error: every snippet is compiled twice, as
 * written (it must fail, on its own lines, with the expected message) and with its one-line fix (it
 * must compile), so that a snippet cannot pass by failing for an unrelated reason.
 */
class CompileGuaranteesTest {
  /** Records the snippets use besides the test tables in {@code dev.wick.typed.ads}. */
  static final String SHAPES =
      """
      package snippet;

      import dev.wick.typed.WickRecord;
      import java.util.List;
      import org.jspecify.annotations.Nullable;

      public final class Shapes {
        @WickRecord public record Totals(String advertiser_name, @Nullable Double total_cash) {}
        @WickRecord public record Named(String name) {}
        @WickRecord public record Spend(String advertiser_name, long micros_usd) {}
        @WickRecord public record Tagged(String id, List<String> tags, boolean flag) {}
      }
      """;

  static final String HEADER =
      """
      package snippet;

      import static dev.wick.typed.Functions.*;

      import dev.wick.typed.*;
      import dev.wick.typed.ads.*;
      import java.util.List;
      import org.apache.spark.sql.SparkSession;

      class Jobs {
      """;

  static final String PRELUDE =
      """
          var events = Typed.table(spark, AdEvent_.META);
          var decisions = Typed.table(spark, AdDecisionResponse_.META);
          var advertisers = Typed.table(spark, AdAdvertiser_.META);
          var spend = Typed.of(spark, List.<SpendRow>of(), SpendRow_.META);
          var totals = Typed.of(spark, List.<Shapes.Totals>of(), Shapes_Totals_.META);
          var tagged = Typed.of(spark, List.<Shapes.Tagged>of(), Shapes_Tagged_.META);
      """;

  /** A snippet that must not compile, its fix, and what javac must say about it. */
  record Snippet(String name, String bad, String good, String expected) {}

  static final List<Snippet> SNIPPETS =
      List.of(
          // 1. A field name that does not exist.
          new Snippet(
              "field",
              "totals.orderBy(t -> desc(t.total_usd()));",
              "totals.orderBy(t -> desc(t.total_cash()));",
              "cannot find symbol\n  symbol:   method total_usd()"),
          // 2. Comparing or joining different types.
          new Snippet(
              "compare",
              "decisions.filter(d -> d.ad_response_id().eq(d.micros_usd()));",
              "decisions.filter(d -> d.ad_response_id().eq(d.advertiser_id()));",
              "no suitable method found for eq(dev.wick.typed.LongCol)"),
          new Snippet(
              "join-types",
              "decisions.join(advertisers, (d, a) -> d.advertiser_id().eq(a.advertiser_id()));",
              "decisions.join(advertisers, (d, a) -> d.advertiser_id().eq(a.advertiser_id().asString()));",
              "no suitable method found for eq(dev.wick.typed.LongCol)"),
          // 3. A nullable value where a non-null one is required.
          new Snippet(
              "nullable-into-non-null",
              "advertisers.select(a -> Shapes_Named_.of(a.name()));",
              "advertisers.select(a -> Shapes_Named_.of(a.name().orElse(\"Unknown\")));",
              "dev.wick.typed.NullableCol<java.lang.String,dev.wick.typed.StrCol>"
                  + " cannot be converted to dev.wick.typed.Col<java.lang.String>"),
          new Snippet(
              "nullable-operation",
              "advertisers.filter(a -> a.name().startsWith(\"A\"));",
              "advertisers.filter(a -> a.name().map(n -> n.startsWith(\"A\")));",
              "cannot find symbol\n  symbol:   method startsWith(java.lang.String)"),
          // 4. Join kinds change nullability; semi and anti joins keep the left side only.
          new Snippet(
              "left-join",
              "events.leftJoin(decisions, (e, d) -> e.ad_response_id().eq(d.ad_response_id()))"
                  + ".filter((e, d) -> d.micros_usd().gt(0L));",
              "events.join(decisions, (e, d) -> e.ad_response_id().eq(d.ad_response_id()))"
                  + ".filter((e, d) -> d.micros_usd().gt(0L));",
              "cannot find symbol\n  symbol:   method gt(long)"),
          new Snippet(
              "right-join",
              "events.rightJoin(decisions, (e, d) -> e.ad_response_id().eq(d.ad_response_id()))"
                  + ".select((e, d) -> Shapes_Named_.of(e.event_type()));",
              "events.rightJoin(decisions, (e, d) -> e.ad_response_id().eq(d.ad_response_id()))"
                  + ".select((e, d) -> Shapes_Named_.of(e.event_type().orElse(\"NONE\")));",
              "dev.wick.typed.NullableCol<java.lang.String,dev.wick.typed.StrCol>"
                  + " cannot be converted to dev.wick.typed.Col<java.lang.String>"),
          new Snippet(
              "semi-join",
              "events.semiJoin(decisions, (e, d) -> e.ad_response_id().eq(d.ad_response_id()))"
                  + ".select((e, d) -> Shapes_Named_.of(d.advertiser_id()));",
              "events.semiJoin(decisions, (e, d) -> e.ad_response_id().eq(d.ad_response_id()))"
                  + ".select(e -> Shapes_Named_.of(e.event_type()));",
              "incompatible parameter types in lambda expression"),
          // 5. agg takes aggregates only.
          new Snippet(
              "agg",
              "spend.groupBy(p -> p.advertiser_name())"
                  + ".agg((name, p) -> SpendRow_.of(name, p.micros_usd()));",
              "spend.groupBy(p -> p.advertiser_name())"
                  + ".agg((name, p) -> SpendRow_.of(name, sum(p.micros_usd())));",
              "no suitable method found for of(dev.wick.typed.Agg<dev.wick.typed.StrCol>,"),
          // 6. Meaningless operations.
          new Snippet(
              "sum-of-string",
              "spend.groupBy(p -> p.advertiser_name())"
                  + ".agg((name, p) -> SpendRow_.of(name, sum(p.advertiser_name())));",
              "spend.groupBy(p -> p.advertiser_name())"
                  + ".agg((name, p) -> SpendRow_.of(name, count(p.advertiser_name()).map(c -> c.asNullable())));",
              "no suitable method found for sum(dev.wick.typed.StrCol)"),
          new Snippet(
              "string-arithmetic",
              "events.select(e -> Shapes_Named_.of(e.event_type().plus(\"!\")));",
              "events.select(e -> Shapes_Named_.of(e.event_type().concat(\"!\")));",
              "cannot find symbol\n  symbol:   method plus(java.lang.String)"),
          new Snippet(
              "order-unorderable",
              "tagged.orderBy(t -> desc(t.tags()));",
              "tagged.orderBy(t -> desc(t.id()));",
              "no suitable method found for desc(dev.wick.typed.ArrayCol<"),
          new Snippet(
              "compare-unorderable",
              "tagged.filter(t -> t.flag().gt(true));",
              "tagged.filter(t -> t.flag().eq(true));",
              "cannot find symbol\n  symbol:   method gt(boolean)"));

  /** Where each snippet's method starts and ends in the generated source (1-based lines). */
  record Span(int first, int last) {}

  static InProcessCompiler.Result bad;
  static InProcessCompiler.Result good;
  static final Map<String, Span> spans = new LinkedHashMap<>();

  @BeforeAll
  static void compileAll() {
    bad = InProcessCompiler.compile(sources(true));
    good = InProcessCompiler.compile(sources(false));
  }

  static Map<String, String> sources(boolean asWritten) {
    StringBuilder jobs = new StringBuilder(HEADER);
    int line = (int) HEADER.lines().count() + 1;
    for (int i = 0; i < SNIPPETS.size(); i++) {
      Snippet s = SNIPPETS.get(i);
      List<String> lines = new ArrayList<>();
      lines.add("  static void snippet" + i + "(SparkSession spark) {");
      lines.addAll(PRELUDE.lines().toList());
      lines.add("    " + (asWritten ? s.bad() : s.good()));
      lines.add("  }");
      spans.put(s.name(), new Span(line, line + lines.size() - 1));
      line += lines.size();
      lines.forEach(l -> jobs.append(l).append('\n'));
    }
    jobs.append("}\n");
    return Map.of("snippet/Shapes.java", SHAPES, "snippet/Jobs.java", jobs.toString());
  }

  static void check(String name) {
    Snippet s = SNIPPETS.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
    Span span = spans.get(name);
    List<InProcessCompiler.Message> errors =
        bad.errors().stream()
            .filter(m -> m.file().endsWith("Jobs.java"))
            .filter(m -> m.line() >= span.first() && m.line() <= span.last())
            .toList();
    assertThat(errors).as("javac errors for %s", name).isNotEmpty();
    assertThat(errors.get(0).text()).as("the error for %s", name).contains(s.expected());
    List<InProcessCompiler.Message> fixedErrors =
        good.errors().stream()
            .filter(m -> m.line() >= span.first() && m.line() <= span.last())
            .toList();
    assertThat(fixedErrors).as("javac errors for the fixed %s", name).isEmpty();
  }

  @Test
  void everyFixCompilesAndNothingElseFails() {
    assertThat(good.errors()).isEmpty();
    assertThat(good.success()).isTrue();
    // Every error of the written snippets belongs to one of them.
    assertThat(bad.errors())
        .allSatisfy(
            m ->
                assertThat(spans.values())
                    .anyMatch(
                        sp ->
                            m.file().endsWith("Jobs.java")
                                && m.line() >= sp.first()
                                && m.line() <= sp.last()));
  }

  @Test
  void g1FieldNamesAreChecked() {
    check("field");
  }

  @Test
  void g2DifferentTypesDoNotCompare() {
    check("compare");
    check("join-types");
  }

  @Test
  void g3NullableValuesNeedOrElseOrMap() {
    check("nullable-into-non-null");
    check("nullable-operation");
  }

  @Test
  void g4JoinKindsChangeNullability() {
    check("left-join");
    check("right-join");
    check("semi-join");
  }

  @Test
  void g5AggTakesAggregatesOnly() {
    check("agg");
  }

  @Test
  void g6MeaninglessOperationsDoNotCompile() {
    check("sum-of-string");
    check("string-arithmetic");
    check("order-unorderable");
    check("compare-unorderable");
  }
}
