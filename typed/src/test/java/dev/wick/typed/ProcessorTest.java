package dev.wick.typed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The annotation processor, run by javac through its service registration (no {@code -processor}
 * option): what it generates, and its errors on records the typed API cannot express.
 */
class ProcessorTest {

  @Test
  void generatesTheMetamodelNextToTheRecord() throws Exception {
    var result =
        InProcessCompiler.compile(
            Map.of(
                "p/Event.java",
                """
                package p;

                import dev.wick.typed.WickTable;
                import java.util.List;
                import org.jspecify.annotations.Nullable;

                @WickTable("db.events")
                public record Event(long id, @Nullable String name, List<Long> xs, Long boxed) {}
                """,
                "p/Use.java",
                """
                package p;

                import dev.wick.typed.*;

                class Use {
                  static Projection<Event, Event_, Event_.Nullable> f(Event_ e, Event_.Nullable n) {
                    LongCol id = e.id();
                    NullableCol<String, StrCol> name = e.name();
                    ArrayCol<Long, NullableCol<Long, LongCol>> xs = e.xs();
                    NullableCol<Long, LongCol> boxed = e.boxed();
                    NullableCol<Long, LongCol> maybeId = n.id();
                    return Event_.of(id, name, xs, maybeId);
                  }
                }
                """));
    assertThat(result.errors()).isEmpty();
    Path generated = result.generated().resolve("p/Event_.java");
    String source = Files.readString(generated);
    assertThat(source)
        .contains("public final class Event_ {")
        .contains("\"db.events\"")
        .contains("java.util.List.of(\"id\", \"name\", \"xs\", \"boxed\")")
        .contains("public static final class Nullable {");
  }

  @Test
  void aPackagePrivateRecordGetsAPackagePrivateMetamodelAndNestedNamesAreJoined() throws Exception {
    var result =
        InProcessCompiler.compile(
            Map.of(
                "q/Jobs.java",
                """
                package q;

                import dev.wick.typed.WickRecord;

                class Jobs {
                  @WickRecord record Line(String text) {}
                }
                """));
    assertThat(result.errors()).isEmpty();
    assertThat(Files.readString(result.generated().resolve("q/Jobs_Line_.java")))
        .contains("\nfinal class Jobs_Line_ {");
  }

  @Test
  void recordsTheTypedApiCannotExpressAreCompileErrors() {
    var result =
        InProcessCompiler.compile(
            Map.of(
                "r/Bad.java",
                """
                package r;

                import dev.wick.typed.WickRecord;
                import java.util.Set;

                class Bad {
                  @WickRecord static class NotARecord {}
                  @WickRecord record Shorty(short s) {}
                  @WickRecord record Loose(Object o) {}
                  record Plain(int x) {}
                  @WickRecord record Holder(Plain plain) {}
                  @WickRecord record Bag(Set<String> s) {}
                  @WickRecord record Gen<T>(T t) {}
                  @WickRecord record Empty() {}
                  @WickRecord private record Hidden(int x) {}
                  @WickRecord record Arr(int[] xs) {}
                }
                """));
    List<String> errors = result.errors().stream().map(InProcessCompiler.Message::text).toList();
    assertThat(errors)
        .containsExactlyInAnyOrder(
            "NotARecord is not a record; @WickTable and @WickRecord go on records",
            "Wick cannot type Shorty: component 's' is a short, which Spark stores as an int;"
                + " declare it int",
            "Wick cannot type Loose: component 'o' has the type java.lang.Object, which the typed"
                + " API cannot hold; use a boolean, number, String, BigDecimal, LocalDate, Instant,"
                + " LocalDateTime, byte[], enum, List, Map or @WickRecord record",
            "Wick cannot type Holder: component 'plain' is the record r.Bad.Plain, which has no"
                + " metamodel; annotate Plain with @WickRecord",
            "Wick cannot type Bag: component 's' is a java.util.Set; declare it java.util.List or"
                + " java.util.Map",
            "record Gen is generic; typed rows need a plain record",
            "record Empty has no components, so it has no columns",
            "record Hidden is private; make it package-private or public",
            "Wick cannot type Arr: component 'xs' is an array; declare it java.util.List<Integer>");
  }
}
