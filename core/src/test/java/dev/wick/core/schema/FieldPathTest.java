package dev.wick.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.RecordType;
import java.util.List;
import org.junit.jupiter.api.Test;

class FieldPathTest {
  private final Schema schema =
      Schema.of(
          "Play",
          Field.of("user_id", DataType.STRING),
          Field.nullable("user_name", DataType.STRING),
          Field.of(
              "device",
              new RecordType(
                  "Device",
                  "",
                  "",
                  List.of(
                      Field.of("os", DataType.STRING), Field.nullable("version", DataType.INT)))),
          Field.of(
              "events",
              new ArrayType(
                  new RecordType("Event", "", "", List.of(Field.of("country", DataType.STRING))),
                  false)),
          Field.of("attrs", new MapType(DataType.STRING, DataType.LONG, true)));

  @Test
  void namesInBackticksHoldDotsAndBackticksAndReadBack() {
    FieldPath p = FieldPath.parse("`a.b`.`x``y`[]. c d .`e`{}");
    assertThat(p.steps())
        .containsExactly(
            new FieldPath.Step("a.b", FieldPath.Step.Kind.FIELD),
            new FieldPath.Step("x`y", FieldPath.Step.Kind.ARRAY_ELEMENTS),
            new FieldPath.Step("c d", FieldPath.Step.Kind.FIELD),
            new FieldPath.Step("e", FieldPath.Step.Kind.MAP_VALUES));
    assertThat(p.toString()).isEqualTo("`a.b`.`x``y`[].c d.e{}");
    assertThat(FieldPath.parse(p.toString())).isEqualTo(p);
    assertThat(FieldPath.of("ünï", " pad", "[x]").toString()).isEqualTo("ünï.` pad`.`[x]`");
    for (String bad : List.of("`a.b", "`a`b", "a`b`", "`a`x.b")) {
      assertThatThrownBy(() -> FieldPath.parse(bad))
          .isInstanceOf(WickException.class)
          .hasMessageStartingWith("Field path '" + bad + "' is malformed at");
    }
  }

  @Test
  void aDottedNameWithoutBackticksIsPointedAtItsQuotedForm() {
    Schema s =
        Schema.of(
            "R",
            Field.of("a.b", DataType.LONG),
            Field.of("a b", DataType.LONG),
            Field.of("ab", DataType.LONG));
    assertThatThrownBy(() -> FieldPath.parse("a.b").resolve(s))
        .hasMessage(
            "Field 'a.b' does not resolve: the schema R has no field 'a'; a name with a dot is"
                + " written in backticks, as '`a.b`'.");
    assertThat(FieldPath.parse("`a.b`").resolve(s).field().name()).isEqualTo("a.b");
  }

  @Test
  void resolvesNestedArrayAndMapPaths() {
    assertThat(schema.resolve("device.os").type()).isEqualTo(DataType.STRING);
    assertThat(schema.resolve("device.version").nullable()).isTrue();
    ResolvedPath country = schema.resolve("events[].country");
    assertThat(country.type()).isEqualTo(DataType.STRING);
    assertThat(country.repeated()).isTrue();
    ResolvedPath attr = schema.resolve("attrs{}");
    assertThat(attr.type()).isEqualTo(DataType.LONG);
    assertThat(attr.nullable()).isTrue();
    assertThat(FieldPath.parse("events[].country").toString()).isEqualTo("events[].country");
  }

  @Test
  void unknownFieldSuggestsNearestNames() {
    assertThatThrownBy(() -> schema.resolve("usr_id"))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Field 'usr_id' does not resolve: the schema Play has no field 'usr_id'; did you mean"
                + " 'user_id'? The nearest names are 'user_id', 'user_name', 'attrs'.")
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
  }

  @Test
  void namesTheStepThatDidNotResolve() {
    assertThatThrownBy(() -> schema.resolve("device.osx"))
        .hasMessageContaining("record 'device' has no field 'osx'; did you mean 'os'?");
    assertThatThrownBy(() -> schema.resolve("user_id.first"))
        .hasMessageContaining("'user_id' is a string, which has no field 'first'");
    assertThatThrownBy(() -> schema.resolve("device[]"))
        .hasMessageContaining("'device' is a record Device, not an array");
    assertThatThrownBy(() -> FieldPath.parse("a..b")).hasMessageContaining("is malformed");
  }

  @Test
  void enumeratesEveryPath() {
    assertThat(schema.allPaths().stream().map(p -> p.path().toString()))
        .containsExactly(
            "user_id",
            "user_name",
            "device",
            "device.os",
            "device.version",
            "events",
            "events[]",
            "events[].country",
            "attrs",
            "attrs{}");
  }

  @Test
  void startsWithComparesSteps() {
    assertThat(FieldPath.parse("device.os").startsWith(FieldPath.parse("device"))).isTrue();
    assertThat(FieldPath.parse("events[].country").startsWith(FieldPath.parse("events"))).isTrue();
    assertThat(FieldPath.parse("devices").startsWith(FieldPath.parse("device"))).isFalse();
  }

  private final RecordType session =
      new RecordType(
          "Session",
          "",
          "",
          List.of(Field.of("id", DataType.STRING), Field.nullable("ms", DataType.LONG)));
  private final Schema nested =
      Schema.of(
          "User",
          Field.of("name", DataType.STRING),
          Field.of("sessions", new MapType(DataType.STRING, session, false)),
          Field.of("maybe_sessions", new MapType(DataType.STRING, session, true)),
          Field.nullable(
              "profile", new RecordType("Profile", "", "", List.of(Field.of("age", DataType.INT)))),
          Field.of("history", new ArrayType(session, true)),
          Field.of("matrix", new ArrayType(new ArrayType(DataType.INT, false), false)));

  @Test
  void resolvesIntoRecordsHeldByMaps() {
    ResolvedPath id = nested.resolve("sessions{}.id");

    assertThat(id.type()).isEqualTo(DataType.STRING);
    assertThat(id.nullable()).isFalse();
    assertThat(id.repeated()).isTrue();
    assertThat(id.field()).isEqualTo(Field.of("id", DataType.STRING));
    assertThat(nested.resolve("sessions{}.ms").nullable()).isTrue();
    assertThat(nested.resolve("sessions{}").type()).isEqualTo(session);
    assertThat(nested.resolve("sessions").type()).isInstanceOf(MapType.class);
    assertThat(nested.resolve("sessions").repeated()).isFalse();
  }

  @Test
  void nullabilityPropagatesFromEveryStepOnTheWay() {
    assertThat(nested.resolve("profile.age").nullable()).as("nullable record").isTrue();
    assertThat(nested.resolve("profile.age").field()).isEqualTo(Field.of("age", DataType.INT));
    assertThat(nested.resolve("maybe_sessions{}.id").nullable()).as("nullable map values").isTrue();
    assertThat(nested.resolve("history[].id").nullable()).as("nullable elements").isTrue();
    assertThat(nested.resolve("history").nullable()).isFalse();
    assertThat(nested.resolve("name").nullable()).isFalse();
    assertThat(nested.resolve("matrix[]").type()).isEqualTo(new ArrayType(DataType.INT, false));
  }

  @Test
  void enumerationAgreesWithResolution() {
    List<ResolvedPath> all = nested.allPaths();

    assertThat(all.stream().map(p -> p.path().toString()))
        .containsExactly(
            "name",
            "sessions",
            "sessions{}",
            "sessions{}.id",
            "sessions{}.ms",
            "maybe_sessions",
            "maybe_sessions{}",
            "maybe_sessions{}.id",
            "maybe_sessions{}.ms",
            "profile",
            "profile.age",
            "history",
            "history[]",
            "history[].id",
            "history[].ms",
            "matrix",
            "matrix[]");
    for (ResolvedPath p : all) {
      assertThat(nested.resolve(p.path())).as(p.toString()).isEqualTo(p);
    }
  }

  @Test
  void stepsThroughReferencesOfRecursiveRecords() {
    Schema list =
        Schemas.fromAvro(
            new org.apache.avro.Schema.Parser()
                .parse(
                    """
                    {"type": "record", "name": "Node", "fields": [
                      {"name": "value", "type": "int"},
                      {"name": "next", "type": ["null", "Node"], "default": null},
                      {"name": "children", "type": {"type": "array", "items": "Node"}}]}
                    """));

    assertThat(list.resolve("next").type()).isEqualTo(new DataType.RecordRef("Node"));
    assertThat(list.resolve("next.value").type()).isEqualTo(DataType.INT);
    assertThat(list.resolve("next.value").nullable()).isTrue();
    assertThat(list.resolve("next.next.children[].value").repeated()).isTrue();
    assertThat(list.resolve("children[].next").type()).isEqualTo(new DataType.RecordRef("Node"));
    assertThatThrownBy(() -> list.resolve("next.valeu"))
        .hasMessage(
            "Field 'next.valeu' does not resolve: record 'next' has no field 'valeu'; did you mean"
                + " 'value'? The nearest names are 'value', 'next', 'children'.");
  }

  @Test
  void wrongStepsIntoMapsAndArraysAreNamed() {
    assertThatThrownBy(() -> nested.resolve("sessions[]"))
        .hasMessage(
            "Field 'sessions[]' does not resolve: 'sessions' is a map<string, record Session>, not"
                + " an array, so '[]' cannot step into it.");
    assertThatThrownBy(() -> nested.resolve("history{}"))
        .hasMessage(
            "Field 'history{}' does not resolve: 'history' is a array<record Session?>, not a map,"
                + " so '{}' cannot step into it.");
    assertThatThrownBy(() -> nested.resolve("sessions{}.id.x"))
        .hasMessage(
            "Field 'sessions{}.id.x' does not resolve: 'sessions{}.id' is a string, which has no"
                + " field 'x'.");
    assertThatThrownBy(() -> nested.resolve("sessions.id"))
        .hasMessage(
            "Field 'sessions.id' does not resolve: 'sessions' is a map<string, record Session>,"
                + " which has no field 'id'.");
  }

  @Test
  void malformedPathsAreRefused() {
    for (String bad : List.of("a[", "[]", "a{}x", "a.[]", "a]b", "a..b", ".a")) {
      assertThatThrownBy(() -> FieldPath.parse(bad))
          .as(bad)
          .isInstanceOf(WickException.class)
          .hasMessageStartingWith("Field path '" + bad + "' is malformed at '")
          .hasMessageEndingWith(
              "; write nested fields as a.b, array elements as a[], map values as m{}, and a name"
                  + " with a dot or a backtick in backticks, a backtick doubled (`a.b`, `a``b`).");
    }
    assertThatThrownBy(() -> FieldPath.parse(" "))
        .hasMessage("A field path must not be empty; name a field such as 'user_id'.");
  }

  @Test
  void pathsAreValues() {
    FieldPath path = FieldPath.parse("sessions{}.id");

    assertThat(path).isEqualTo(FieldPath.parse("sessions{}.id"));
    assertThat(path.hashCode()).isEqualTo(FieldPath.parse("sessions{}.id").hashCode());
    assertThat(path).isNotEqualTo(FieldPath.parse("sessions[].id"));
    assertThat(path.leafName()).isEqualTo("id");
    assertThat(path.isStructPath()).isFalse();
    assertThat(FieldPath.of("a", "b")).isEqualTo(FieldPath.parse("a.b"));
    assertThat(FieldPath.of("a", "b").isStructPath()).isTrue();
    assertThat(FieldPath.of("a").child(new FieldPath.Step("m", FieldPath.Step.Kind.MAP_VALUES)))
        .hasToString("a.m{}");
    assertThat(FieldPath.parse("events[].country").startsWith(FieldPath.parse("events[]")))
        .isTrue();
    assertThat(FieldPath.parse("events.country").startsWith(FieldPath.parse("events[]"))).isFalse();
  }
}
