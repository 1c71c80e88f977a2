package dev.wick.core.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.Schemas;
import dev.wick.core.validation.TestTypes.Device;
import dev.wick.core.validation.TestTypes.Event;
import dev.wick.core.validation.TestTypes.HomeCountry;
import dev.wick.core.validation.TestTypes.Play;
import dev.wick.core.validation.TestTypes.TrackId;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;

class ValidatorTest {
  private static final String TRACK = "4uLU6hMCjMI75M1A2tKUQC";
  private static final String SESSION = "123e4567-e89b-12d3-a456-426614174000";

  private static Play play(List<Event> events, Map<String, Device> devices, HomeCountry home) {
    return new Play(
        new TrackId(TRACK), "anne@spotify.com", 31_000L, events, devices, home, SESSION, "SEK");
  }

  private static Event event(int volume, String country) {
    return new Event(volume, country, new Device("ios", "en-GB"), List.of("a"));
  }

  @Test
  void derivesTheRulesOfNestedRecordsOnce() {
    Validator<Play> validator = Validator.of(Play.class);
    assertThat(Validator.of(Play.class)).isSameAs(validator);
    assertThat(validator.describeRules())
        .containsExactly(
            "trackId [not_null]",
            "trackId [value_type(class=dev.wick.core.validation.TestTypes$TrackId)]",
            "email [not_null]",
            "email [email]",
            "msPlayed [not_null]",
            "msPlayed [positive]",
            "events [not_null]",
            "events[] [not_null]",
            "events[].volume [not_null]",
            "events[].volume [range(max=100, min=0)]",
            "events[].country [not_null]",
            "events[].country [country_code]",
            "events[].device.os [not_null]",
            "events[].device.os [one_of(values=ios|android|web)]",
            "events[].device.locale [language_tag]",
            "events[].tags [not_null]",
            "devices [not_null]",
            "devices{} [not_null]",
            "devices{}.os [not_null]",
            "devices{}.os [one_of(values=ios|android|web)]",
            "devices{}.locale [language_tag]",
            "home [value_type(class=dev.wick.core.validation.TestTypes$HomeCountry)]",
            "sessionId [not_null]",
            "sessionId [uuid]",
            "currency [currency]");
  }

  @Test
  void aValidRecordHasNoViolations() {
    Play p =
        play(
            List.of(event(50, "SE"), event(0, "US")),
            Map.of("phone", new Device("android", null)),
            null);
    ValidationResult<Play> result = Validator.of(Play.class).validate(p);
    assertThat(result.violations()).isEmpty();
    assertThat(result.requireValid()).isSameAs(p);
  }

  @Test
  void reportsEveryFailingFieldWithItsPathRuleAndReason() {
    Play p =
        new Play(
            new TrackId("nope"),
            "anne@",
            0L,
            Arrays.asList(event(50, "SE"), event(101, "XX"), event(-1, "YY"), null),
            Map.of("tv", new Device("tizen", "english")),
            new HomeCountry("ZZ"),
            SESSION,
            null);
    ValidationResult<Play> result = Validator.of(Play.class).validate(p);
    assertThat(result.violations())
        .containsExactly(
            new FailedRule(
                "trackId",
                "value_type(class=dev.wick.core.validation.TestTypes$TrackId)",
                "'nope' is not a base62 id of 22 characters"),
            new FailedRule("email", "email", "'anne@' is not an email address"),
            new FailedRule("msPlayed", "positive", "0 is not positive"),
            new FailedRule("events[]", "not_null", "is null, but the field is not nullable"),
            new FailedRule(
                "events[].volume", "range(max=100, min=0)", "101 is not in [0, 100] (and 1 more)"),
            new FailedRule(
                "events[].country",
                "country_code",
                "'XX' is not an ISO 3166-1 alpha-2 country code (and 1 more)"),
            new FailedRule(
                "devices{}.os",
                "one_of(values=ios|android|web)",
                "'tizen' is not one of ios, android, web"),
            new FailedRule(
                "devices{}.locale",
                "language_tag",
                "'english' is not a language tag such as en, en-GB or zh-Hant-TW"),
            new FailedRule(
                "home",
                "value_type(class=dev.wick.core.validation.TestTypes$HomeCountry)",
                "'ZZ' is not a valid HomeCountry: unknown country"));
    assertThat(result.invalidFields()).contains("events[].country", "home");
    assertThatThrownBy(result::requireValid)
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("The record is invalid: trackId [value_type(");
  }

  @Test
  void nullsInNonNullableFieldsAreViolations() {
    Play p = new Play(null, null, 5L, List.of(), Map.of(), null, SESSION, null);
    assertThat(Validator.of(Play.class).validate(p).violations())
        .extracting(v -> v.field() + " " + v.rule())
        .containsExactly("trackId not_null", "email not_null");
  }

  private static final RecordMaker PLAYS = new RecordMaker(Schemas.fromRecord(Play.class));

  private static Set<String> keys(Set<Rule> rules) {
    return rules.stream().map(r -> r.path() + " " + r.name()).collect(Collectors.toSet());
  }

  private static Set<String> keys(ValidationResult<?> result) {
    return result.violations().stream()
        .map(v -> v.field() + " " + v.rule())
        .collect(Collectors.toSet());
  }

  /** Primitive components cannot hold null, so their not-null rules cannot break in a record. */
  private static boolean breakableInJava(Rule rule) {
    if (!(rule instanceof Rule.NotNull)) {
      return true;
    }
    DataType t = Schemas.fromRecord(Play.class).resolve(rule.path()).type();
    return !(t instanceof DataType.IntType || t instanceof DataType.LongType);
  }

  @Property(tries = 400)
  void derivedValidatorFindsExactlyTheBrokenFieldsOfNestedJavaRecords(@ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Set<Rule> broken = PLAYS.pickBroken(r, ValidatorTest::breakableInJava);
    Play play = RecordMaker.toJava(PLAYS.make(r, broken), Play.class);
    ValidationResult<Play> result = Validator.of(Play.class).validate(play);
    assertThat(keys(result)).as("%s", play).isEqualTo(keys(broken));
    assertThat(result.isValid()).isEqualTo(broken.isEmpty());
  }

  @Property(tries = 400)
  void derivedValidatorFindsExactlyTheBrokenFieldsOfAvroRecords(@ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Set<Rule> broken = PLAYS.pickBroken(r, rule -> true);
    GenericRecord record = PLAYS.make(r, broken);
    Validator<GenericRecord> validator = Validator.forAvro(record.getSchema());
    assertThat(keys(validator.validate(record))).as("%s", record).isEqualTo(keys(broken));
  }
}
