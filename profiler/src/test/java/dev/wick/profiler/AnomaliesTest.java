package dev.wick.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Violation;
import dev.wick.core.spark.WickSpark;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Sixty days of real profiles (the Profiler on small generated datasets) with a weekly cycle
 * (weekends have 40% fewer rows), a slow drift in one field, and three planted anomalies; every day
 * from day 14 on is judged against the days before it, as a daily pipeline would.
 */
class AnomaliesTest {
  static final Instant START = Instant.parse("2026-01-05T00:00:00Z"); // a Monday
  static final int DAYS = 60;
  static final int ROW_DROP = 29; // a Tuesday: 60% of a usual Tuesday's rows
  static final int NULL_SPIKE = 38; // email null rate from 5% to 35%
  static final int NEW_TOP_VALUE = 44; // country XX takes 60% of the rows
  static final int DRIFT_START = 50; // amount's mean grows by 3% a day from here on
  static final int FIRST_JUDGED = 14;

  static List<TimedProfile> history = new ArrayList<>();
  static TreeMap<Integer, AnomalyReport> reports = new TreeMap<>();

  @BeforeAll
  static void sixtyDays() {
    SparkSession spark = WickSpark.local(2);
    SplittableRandom noise = new SplittableRandom(2026);
    for (int d = 0; d < DAYS; d++) {
      Instant at = START.plusSeconds(86_400L * d);
      DayOfWeek day = at.atZone(ZoneOffset.UTC).getDayOfWeek();
      boolean weekend = day == DayOfWeek.SATURDAY || day == DayOfWeek.SUNDAY;
      double rows = (weekend ? 600 : 1000) * (1 + 0.02 * noise.nextGaussian());
      if (d == ROW_DROP) {
        rows *= 0.6;
      }
      double nullRate = d == NULL_SPIKE ? 0.35 : 0.05;
      double xx = d == NEW_TOP_VALUE ? 0.6 : 0.0;
      double mean = 100 * (d >= DRIFT_START ? 1 + 0.03 * (d - DRIFT_START + 1) : 1);
      String sql =
          String.format(
              Locale.ROOT,
              "select concat('o', id) as order_id,"
                  + " %f + 10 * randn(%d) as amount,"
                  + " case when rand(%d) < %f then 'XX' else element_at(array('DE','DE','DE','DE',"
                  + "'FR','FR','FR','IT','IT','ES'), cast(floor(rand(%d) * 10) as int) + 1) end"
                  + " as country,"
                  + " if(rand(%d) < %f, null, concat('u', id, '@example.org')) as email"
                  + " from range(0, %d, 1, 1)",
              mean,
              d * 4 + 1,
              d * 4 + 2,
              xx,
              d * 4 + 3,
              d * 4 + 4,
              nullRate,
              Math.round(rows));
      Profile p = Profiler.defaults().profile(spark.sql(sql), "orders day " + d);
      history.add(TimedProfile.of(at, p));
    }
    for (int d = FIRST_JUDGED; d < DAYS; d++) {
      reports.put(d, Anomalies.defaults().detect(history.subList(0, d + 1)));
    }
  }

  private static List<String> flagged(int day) {
    return reports.get(day).anomalies().stream()
        .map(
            c ->
                c.field().orElse("") + ":" + c.metric() + c.category().map(x -> ":" + x).orElse(""))
        .toList();
  }

  @Test
  void theThreePlantedAnomaliesAreFound() {
    MetricCheck rows =
        reports.get(ROW_DROP).anomalies().stream()
            .filter(c -> c.metric().equals("rowCount"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("row drop not found: " + flagged(ROW_DROP)));
    assertThat(rows.method()).isEqualTo(MetricCheck.Method.SEASONAL);
    assertThat(rows.value()).isLessThan(rows.lower());
    assertThat(rows.center()).isBetween(950.0, 1050.0); // the usual Tuesday, not the weekend

    assertThat(flagged(NULL_SPIKE)).contains("email:nullRate");
    MetricCheck nulls =
        reports.get(NULL_SPIKE).anomalies().stream()
            .filter(c -> c.metric().equals("nullRate"))
            .findFirst()
            .orElseThrow();
    assertThat(nulls.value()).isBetween(0.3, 0.4);
    assertThat(nulls.center()).isBetween(0.03, 0.07);

    assertThat(flagged(NEW_TOP_VALUE)).contains("country:topShare:XX");
    MetricCheck xx =
        reports.get(NEW_TOP_VALUE).anomalies().stream()
            .filter(c -> c.category().equals(Optional.of("XX")))
            .findFirst()
            .orElseThrow();
    assertThat(xx.value()).isBetween(0.55, 0.65);
    assertThat(xx.center()).isZero();
    // The new value also moves the category distances.
    assertThat(flagged(NEW_TOP_VALUE)).contains("country:js", "country:psi");
  }

  @Test
  void noOtherDayRaisesAnAlarm() {
    for (int d = FIRST_JUDGED; d < DAYS; d++) {
      if (d == ROW_DROP || d == NULL_SPIKE || d == NEW_TOP_VALUE) {
        continue;
      }
      boolean drifting = d >= DRIFT_START;
      List<String> wrong =
          flagged(d).stream().filter(f -> !(drifting && f.startsWith("amount:"))).toList();
      assertThat(wrong).as("false alarms on day %d", d).isEmpty();
    }
  }

  @Test
  void theSlowDriftIsFoundWithinAWeek() {
    int found = -1;
    for (int d = DRIFT_START; d < DAYS && found < 0; d++) {
      if (flagged(d).stream().anyMatch(f -> f.startsWith("amount:"))) {
        found = d;
      }
    }
    assertThat(found)
        .as("first day amount's drift is flagged")
        .isBetween(DRIFT_START, DRIFT_START + 6);
    assertThat(flagged(DRIFT_START + 6)).contains("amount:mean");
    // Before it starts, amount is flagged only for its distinct count on the day of the row drop
    // (fewer rows, fewer distinct amounts): its distribution never.
    for (int d = FIRST_JUDGED; d < DRIFT_START; d++) {
      List<String> amount = flagged(d).stream().filter(f -> f.startsWith("amount:")).toList();
      assertThat(amount)
          .as("day %d", d)
          .isEqualTo(d == ROW_DROP ? List.of("amount:distinct") : List.of());
    }
  }

  @Test
  void weekendDipsAreSeasonalNotAnomalies() {
    int weekends = 0;
    for (int d = FIRST_JUDGED; d < DAYS; d++) {
      DayOfWeek day = history.get(d).at().atZone(ZoneOffset.UTC).getDayOfWeek();
      if (day != DayOfWeek.SATURDAY && day != DayOfWeek.SUNDAY) {
        continue;
      }
      weekends++;
      MetricCheck rows = reports.get(d).checks().get(0);
      assertThat(rows.metric()).isEqualTo("rowCount");
      assertThat(rows.method()).as("day %d", d).isEqualTo(MetricCheck.Method.SEASONAL);
      assertThat(rows.anomalous()).as("day %d", d).isFalse();
      assertThat(rows.center()).isBetween(550.0, 650.0);
    }
    assertThat(weekends).isEqualTo(12);
    // The same Saturday without the seasonal variant: the weekend dip looks like an anomaly.
    AnomalyReport plain = Anomalies.defaults().seasonal(false).detect(history.subList(0, 34));
    assertThat(history.get(33).at().atZone(ZoneOffset.UTC).getDayOfWeek())
        .isEqualTo(DayOfWeek.SATURDAY);
    assertThat(plain.checks().get(0).anomalous()).isTrue();
    assertThat(plain.checks().get(0).method()).isEqualTo(MetricCheck.Method.ROBUST);
  }

  @Test
  void theGateFailsOnAnomaliesAndOnATooShortHistoryUnlessAllowed() {
    GateResult failed = reports.get(NULL_SPIKE).gate(AnomalyThresholds.strict());
    assertThat(failed.passes()).isFalse();
    assertThat(failed.violations())
        .extracting(Violation::message)
        .anyMatch(
            m -> m.startsWith("Field 'email' null rate is 0.3") && m.contains("outside its band"));
    assertThat(reports.get(20).gate(AnomalyThresholds.strict()).passes()).isTrue();

    AnomalyReport young = Anomalies.defaults().detect(history.subList(0, 5));
    assertThat(young.judged()).isFalse();
    assertThat(young.anomalies()).isEmpty();
    GateResult shortGate = young.gate(AnomalyThresholds.strict());
    assertThat(shortGate.hasInputError()).isTrue();
    assertThat(shortGate.violations().get(0).message())
        .isEqualTo(
            "The history holds 4 profiles before 2026-01-09T00:00:00Z, too few to judge: at least"
                + " 7 are needed.");
    assertThat(young.gate(AnomalyThresholds.strict().allowingEmpty()).passes()).isTrue();
  }

  @Test
  void aSchemaChangeIsReportedAndFailsUnlessAllowed() {
    Profile today = history.get(30).profile();
    List<FieldProfile> fewer =
        today.fields().stream().filter(f -> !f.path().equals("email")).toList();
    Profile changed =
        new Profile(today.source(), today.createdAt(), today.rowCount(), today.top(), fewer);
    List<TimedProfile> points = new ArrayList<>(history.subList(0, 30));
    points.add(TimedProfile.of(history.get(30).at(), changed));
    AnomalyReport r = Anomalies.defaults().detect(points);
    assertThat(r.schema().disappeared()).containsExactly("email");
    assertThat(r.gate(AnomalyThresholds.strict()).violations())
        .extracting(Violation::message)
        .containsExactly("Field 'email' disappeared since the previous profile.");
    assertThat(r.gate(AnomalyThresholds.strict().allowingSchemaChange()).passes()).isTrue();
  }

  @Test
  void fieldsNarrowTheJudgementAndAnUnknownOneIsAUsageError() {
    AnomalyReport r =
        Anomalies.defaults().fields("email").detect(history.subList(0, NULL_SPIKE + 1));
    assertThat(r.checks())
        .isNotEmpty()
        .anyMatch(c -> c.field().isPresent())
        .allMatch(c -> c.field().isEmpty() || c.field().get().equals("email"));
    assertThatThrownBy(() -> Anomalies.defaults().fields("emial").detect(history.subList(0, 20)))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith(
            "Field 'emial' is not in the profile of 2026-01-24T00:00:00Z (it has order_id, amount, country, email)");
    assertThatThrownBy(() -> Anomalies.defaults().window(3))
        .hasMessage("window 3 is out of range; give 7 to 1000 earlier profiles.");
  }

  @Test
  void theReportWritesJsonAndAChartPerAnomaly() {
    AnomalyReport r = reports.get(NULL_SPIKE);
    String json = r.toJson();
    assertThat(json).contains("\"at\" : \"2026-02-12T00:00:00Z\"").contains("\"judged\" : true");
    assertThat(json).contains("\"metric\" : \"nullRate\"").contains("\"series\"");
    String html = r.toHtml(AnomalyThresholds.strict(), java.util.Map.of());
    assertThat(html.split("<svg", -1)).hasSize(r.anomalies().size() + 1);
    assertThat(html)
        .contains("<div class=\"verdict failed\" id=\"verdict\"><div class=\"word\">FAILED");
    assertThat(html).contains("class=\"band\"").contains("field &#39;email&#39; null rate");
    // Each chart has its axes: the value axis's ends and the newest profile's date.
    assertThat(html.split("class=\"axis\"", -1)).hasSize(r.anomalies().size() + 1);
    assertThat(html).contains(">2026-02-12</text>");
  }
}
