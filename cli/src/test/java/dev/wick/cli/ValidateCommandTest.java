package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.core.spark.WickSpark;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wick validate} as a user runs it: real Avro files, real Spark, exit codes and output. */
class ValidateCommandTest {
  private static final String TRACK = "4uLU6hMCjMI75M1A2tKUQC";

  private static final String SCHEMA =
      """
      {"type": "record", "name": "TrackPlay", "namespace": "com.example", "fields": [
        {"name": "trackId", "type": "string", "wick.semantic": "base62_id(length=22)"},
        {"name": "country", "type": "string", "wick.semantic": "%s"},
        {"name": "msPlayed", "type": "long", "wick.semantic": "positive"},
        {"name": "email", "type": ["null", "string"], "default": null, "wick.semantic": "email"},
        {"name": "events", "type": {"type": "array", "items": {"type": "record", "name": "Event",
          "fields": [{"name": "kind", "type": "string", "wick.semantic": "one_of(values=play|skip)"}]}}}
      ]}
      """;

  @TempDir static Path dir;
  static Path data;
  static SparkSession spark;

  private record Run(int code, String out, String err) {}

  private static Run wick(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Wick.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static Path schemaFile(String name, String countrySemantic) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, SCHEMA.formatted(countrySemantic));
    return file;
  }

  private static GenericRecord play(
      Schema schema, String track, String country, long ms, String email, String... kinds) {
    GenericRecord r = new GenericData.Record(schema);
    r.put("trackId", track);
    r.put("country", country);
    r.put("msPlayed", ms);
    r.put("email", email);
    Schema event = schema.getField("events").schema().getElementType();
    List<GenericRecord> events = new java.util.ArrayList<>();
    for (String k : kinds) {
      GenericRecord e = new GenericData.Record(event);
      e.put("kind", k);
      events.add(e);
    }
    r.put("events", events);
    return r;
  }

  @BeforeAll
  static void writeData() throws IOException {
    spark = WickSpark.local(2);
    Schema schema = new Schema.Parser().parse(SCHEMA.formatted("country_code"));
    data = dir.resolve("plays.avro");
    try (DataFileWriter<GenericRecord> w = new DataFileWriter<>(new GenericDatumWriter<>(schema))) {
      w.create(schema, new File(data.toString()));
      for (int i = 0; i < 7; i++) {
        w.append(
            play(
                schema,
                TRACK,
                i % 2 == 0 ? "SE" : "US",
                1000L + i,
                i == 0 ? null : "u" + i + "@example.com",
                "play",
                "skip"));
      }
      w.append(play(schema, TRACK, "XX", 5, null, "play"));
      w.append(play(schema, "short", "ZZ", 0, "nobody@", "play", "rewind", "pause"));
      w.append(play(schema, TRACK, "SE", 10, "a@b.se", "stop"));
    }
  }

  @Test
  void writesValidInvalidAndSummary() throws IOException {
    Path out = dir.resolve("report");
    Run run =
        wick(
            "validate",
            "--in",
            data.toString(),
            "--schema",
            schemaFile("plays.avsc", "country_code").toString(),
            "--out",
            out.toString());
    assertThat(run.err()).isEmpty();
    assertThat(run.code()).isZero();
    assertThat(run.out())
        .startsWith("Validated 10 records of TrackPlay: 7 valid, 3 invalid (30.00%).\n")
        .contains("  country        country_code              2\n")
        .contains("  events[].kind  one_of(values=play|skip)  2\n")
        .endsWith(
            "Wrote valid/, invalid/, summary.json, summary.md and report.html to " + out + ".\n");

    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    assertThat(summary.get("total").asLong()).isEqualTo(10);
    assertThat(summary.get("valid").asLong()).isEqualTo(7);
    assertThat(summary.get("invalid").asLong()).isEqualTo(3);
    assertThat(summary.get("invalidFraction").asDouble()).isEqualTo(0.3);
    java.util.Map<String, Long> counts = new java.util.TreeMap<>();
    for (JsonNode rule : summary.get("rules")) {
      assertThat(rule.get("evaluatedAs").asText()).isEqualTo("catalyst");
      counts.put(
          rule.get("field").asText() + " " + rule.get("rule").asText(),
          rule.get("invalid").asLong());
    }
    assertThat(counts)
        .containsEntry("trackId base62_id(length=22)", 1L)
        .containsEntry("country country_code", 2L)
        .containsEntry("msPlayed positive", 1L)
        .containsEntry("email email", 1L)
        .containsEntry("events[].kind one_of(values=play|skip)", 2L)
        .containsEntry("events not_null", 0L);

    assertThat(out.resolve("_SUCCESS")).exists();
    // The output keeps the input's format (Avro) and its Avro schema.
    List<Row> valid =
        spark.read().format("avro").load(out.resolve("valid").toString()).collectAsList();
    assertThat(valid).hasSize(7);
    try (java.util.stream.Stream<Path> parts = Files.list(out.resolve("valid"));
        org.apache.avro.file.DataFileReader<GenericRecord> reader =
            new org.apache.avro.file.DataFileReader<>(
                parts
                    .filter(p -> p.toString().endsWith(".avro"))
                    .findFirst()
                    .orElseThrow()
                    .toFile(),
                new org.apache.avro.generic.GenericDatumReader<>())) {
      assertThat(reader.getSchema())
          .isEqualTo(new Schema.Parser().parse(SCHEMA.formatted("country_code")));
    }
    assertThat(valid.get(0).schema().fieldNames()).doesNotContain("reasons");
    List<Row> bad =
        spark
            .read()
            .format("avro")
            .load(out.resolve("invalid").toString())
            .where("trackId = 'short'")
            .collectAsList();
    assertThat(bad).hasSize(1);
    List<String> reasons =
        bad.get(0).<Row>getList(bad.get(0).fieldIndex("reasons")).stream()
            .map(r -> r.getString(0) + " | " + r.getString(1) + " | " + r.getString(2))
            .toList();
    assertThat(reasons)
        .containsExactly(
            "trackId | base62_id(length=22) | 'short' is not a base62 id of 22 characters",
            "country | country_code | 'ZZ' is not an ISO 3166-1 alpha-2 country code",
            "msPlayed | positive | 0 is not positive",
            "email | email | 'nobody@' is not an email address",
            "events[].kind | one_of(values=play|skip) | 'rewind' is not one of play, skip (and 1 more)");
  }

  @Test
  void explainFindsTheSliceThatHoldsARulesInvalidRecords() throws IOException {
    // 600 plays in SE, US and GB in turn; every other US play has an invalid email.
    Schema schema = new Schema.Parser().parse(SCHEMA.formatted("country_code"));
    Path many = dir.resolve("many.avro");
    try (DataFileWriter<GenericRecord> w = new DataFileWriter<>(new GenericDatumWriter<>(schema))) {
      w.create(schema, new File(many.toString()));
      for (int i = 0; i < 600; i++) {
        String country = List.of("SE", "US", "GB").get(i % 3);
        boolean bad = country.equals("US") && i % 2 == 0;
        w.append(play(schema, TRACK, country, 1000L + i, bad ? "nobody@" : "u@b.se", "play"));
      }
    }
    Path out = dir.resolve("explained");
    Run run =
        wick(
            "validate",
            "--in",
            many.toString(),
            "--schema",
            schemaFile("explain.avsc", "country_code").toString(),
            "--out",
            out.toString(),
            "--explain");
    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.out())
        .contains(
            "explain: email of email: 100.00% of the 100 failing rows are in country = US (33.33%"
                + " of the rows; 50.00% fail there, 0.00% elsewhere).");
    JsonNode rule = null;
    for (JsonNode r :
        new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("rules")) {
      if (r.get("field").asText().equals("email")) {
        rule = r;
      }
    }
    assertThat(rule.get("invalid").asLong()).isEqualTo(100);
    assertThat(rule.get("explain").get("slices").get(0).get("slice").asText())
        .isEqualTo("country = US");
    assertThat(rule.get("explain").get("failing").asLong()).isEqualTo(100);
  }

  @Test
  void exitsOneAboveTheThresholdAndStillWritesTheReport() throws IOException {
    Path out = dir.resolve("strict");
    Run run =
        wick(
            "validate",
            "--in",
            data.toString(),
            "--schema",
            schemaFile("strict.avsc", "country_code").toString(),
            "--out",
            out.toString(),
            "--max-invalid-fraction",
            "0.2",
            "--out-format",
            "json");
    assertThat(run.code()).isEqualTo(1);
    assertThat(run.err())
        .isEqualTo(
            "validate check failed: 3 of 10 records (30.00%) are invalid; at most 20.00% may be"
                + " (--max-invalid-fraction 0.2; see "
                + out
                + "/invalid for the reasons).\n");
    assertThat(spark.read().json(out.resolve("invalid").toString()).count()).isEqualTo(3);

    Run again =
        wick(
            "validate",
            "--in",
            data.toString(),
            "--schema",
            dir.resolve("strict.avsc").toString(),
            "--out",
            out.toString(),
            "--max-invalid-fraction",
            "0.3");
    assertThat(again.code()).isEqualTo(2);
    assertThat(again.err()).contains("already exists; pass --overwrite to replace it");

    Run replaced =
        wick(
            "validate",
            "--in",
            data.toString(),
            "--schema",
            dir.resolve("strict.avsc").toString(),
            "--out",
            out.toString(),
            "--max-invalid-fraction",
            "0.3",
            "--overwrite");
    assertThat(replaced.code()).isZero();
    assertThat(spark.read().format("avro").load(out.resolve("invalid").toString()).count())
        .isEqualTo(3);
  }

  @Test
  void anInputOfNoRecordsIsAnInputErrorUnlessAllowed() throws IOException {
    Path empty = dir.resolve("empty.avro");
    Schema schema = new Schema.Parser().parse(SCHEMA.formatted("country_code"));
    try (DataFileWriter<GenericRecord> w = new DataFileWriter<>(new GenericDatumWriter<>(schema))) {
      w.create(schema, new File(empty.toString()));
    }
    Path out = dir.resolve("empty-report");
    String[] args = {
      "validate",
      "--in",
      empty.toString(),
      "--schema",
      schemaFile("empty.avsc", "country_code").toString(),
      "--out",
      out.toString(),
      "--max-invalid-fraction",
      "0"
    };
    Run run = wick(args);
    assertThat(run.code()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: The input holds no records, so nothing was validated (check the path, or pass"
                + " --allow-empty to accept it).\n");
    assertThat(out).doesNotExist();
    assertThat(out.resolve("report.html")).doesNotExist();

    String[] allowed = java.util.Arrays.copyOf(args, args.length + 1);
    allowed[args.length] = "--allow-empty";
    Run accepted = wick(allowed);
    assertThat(accepted.code()).as(accepted.err()).isZero();
    assertThat(accepted.out()).startsWith("Validated 0 records of TrackPlay: 0 valid, 0 invalid");
    assertThat(
            new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("total").asLong())
        .isZero();
  }

  @Test
  void unknownSemanticTypeIsAUsageErrorNamingTheField() throws IOException {
    Run run =
        wick(
            "validate",
            "--in",
            data.toString(),
            "--schema",
            schemaFile("typo.avsc", "contry_code").toString(),
            "--out",
            dir.resolve("typo").toString());
    assertThat(run.code()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(
            "error: Field 'country' names the unknown semantic type 'contry_code'; known types are base62_id, country_code,");
    assertThat(dir.resolve("typo")).doesNotExist();
  }

  @Test
  void ruleOnTheWrongStorageTypeIsAUsageErrorNamingTheField() throws IOException {
    Run run =
        wick(
            "validate",
            "--in",
            data.toString(),
            "--schema",
            schemaFile("wrong.avsc", "range(min=0, max=10)").toString(),
            "--out",
            dir.resolve("wrong").toString());
    assertThat(run.code()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: Field 'country' is a string, but the semantic type range(max=10, min=0) does not apply to"
                + " that storage type; change the field's type or its semantic type.\n");
  }

  @Test
  void invalidRegexIsAUsageErrorNamingTheField() throws IOException {
    Run run =
        wick(
            "validate",
            "--in",
            data.toString(),
            "--schema",
            schemaFile("regex.avsc", "regex(pattern=[A-Z{2)").toString(),
            "--out",
            dir.resolve("regex").toString());
    assertThat(run.code()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(
            "error: Field 'country' has an invalid semantic type regex(pattern=[A-Z{2): pattern '[A-Z{2' is not a valid regular expression (Unclosed character class");
  }

  @Test
  void aSchemaThatDoesNotFitTheInputIsAUsageError() throws IOException {
    Path schema = dir.resolve("other.avsc");
    Files.writeString(
        schema,
        """
        {"type": "record", "name": "Other", "fields": [
          {"name": "trackId", "type": "string"}, {"name": "skips", "type": "int"}]}
        """);
    Run run =
        wick(
            "validate",
            "--in",
            data.toString(),
            "--schema",
            schema.toString(),
            "--out",
            dir.resolve("other").toString());
    assertThat(run.code()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: The input has no field 'skips', which the schema Other declares; check that the schema belongs to this input.\n");
    Run badFraction =
        wick(
            "validate",
            "--in",
            data.toString(),
            "--schema",
            schema.toString(),
            "--out",
            dir.resolve("other").toString(),
            "--max-invalid-fraction",
            "5");
    assertThat(badFraction.code()).isEqualTo(2);
    assertThat(badFraction.err())
        .startsWith("error: --max-invalid-fraction is 5.0; give a fraction between 0 and 1");
  }

  /** The rows of report.html's rules table, by {@code field rule}: the invalid records. */
  private static java.util.Map<String, Long> reportCounts(String html) {
    java.util.Map<String, Long> counts = new java.util.TreeMap<>();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(
                "<tr(?: class=\"zero\")?><td><code>([^<]*)</code></td><td><code>([^<]*)</code></td>"
                    + "<td class=\"n\">([0-9,]+)</td>")
            .matcher(html);
    while (m.find()) {
      counts.put(
          (m.group(2) + " " + m.group(1))
              .replace("&#39;", "'")
              .replace("&quot;", "\"")
              .replace("&lt;", "<")
              .replace("&gt;", ">")
              .replace("&amp;", "&"),
          Long.parseLong(m.group(3).replace(",", "")));
    }
    return counts;
  }

  private static java.util.Map<String, Long> summaryCounts(Path out) throws IOException {
    java.util.Map<String, Long> counts = new java.util.TreeMap<>();
    for (JsonNode rule :
        new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("rules")) {
      counts.put(
          rule.get("field").asText() + " " + rule.get("rule").asText(),
          rule.get("invalid").asLong());
    }
    return counts;
  }

  @Test
  void writesAReportWithTheVerdictTheCountsPerRuleAndExamples() throws IOException {
    Path out = dir.resolve("with-report");
    Run run =
        wick(
            "validate",
            "--in",
            data.toString(),
            "--schema",
            schemaFile("report.avsc", "country_code").toString(),
            "--out",
            out.toString());
    assertThat(run.code()).as(run.err()).isZero();
    String html = Files.readString(out.resolve("report.html"));
    assertThat(html)
        .startsWith("<!DOCTYPE html>")
        .contains(
            "<div class=\"verdict not-judged\" id=\"verdict\"><div class=\"word\">NOT JUDGED</div>"
                + "<p>No largest share of invalid records was set, so they were counted, not"
                + " judged.</p>")
        .doesNotContain("<script", "http://", "https://", "<link");
    // The verdict comes first, before the counts.
    assertThat(html.indexOf("NOT JUDGED")).isLessThan(html.indexOf("<h2>Rules</h2>"));
    assertThat(reportCounts(html))
        .isEqualTo(summaryCounts(out))
        .containsEntry("country country_code", 2L)
        .containsEntry("events not_null", 0L);
    // Failing rules first: the last failing rule comes before the first that nothing failed.
    assertThat(html.indexOf("<code>one_of(values=play|skip)</code>"))
        .isLessThan(html.indexOf("<code>not_null</code>"));
    // The examples of a rule: its invalid rows, the bad value marked, with all their reasons.
    String country = html.substring(html.indexOf("<code>country</code> breaks"));
    country = country.substring(0, country.indexOf("</table>"));
    assertThat(country)
        .contains("2 invalid records:")
        .contains("<mark>XX</mark>", "<mark>ZZ</mark>")
        .contains("country: &#39;ZZ&#39; is not an ISO 3166-1 alpha-2 country code;")
        .doesNotContain("<mark>SE</mark>");
    assertThat(country.split("<tr>", -1)).hasSize(2 + 1 + 1); // header, two rows
    String kinds = html.substring(html.indexOf("<code>events[].kind</code> breaks"));
    assertThat(kinds.substring(0, kinds.indexOf("</table>")))
        .contains("<mark>[{kind: &quot;play&quot;}, {kind: &quot;rewind&quot;}");
  }

  @Test
  void theReportEscapesValuesFromTheDataAndJudgesAgainstTheThreshold() throws IOException {
    Path planted = dir.resolve("planted.json");
    Files.writeString(
        planted,
        "{\"id\": \"<script>alert(1)</script>\", \"ms\": 1}\n"
            + "{\"id\": \"ok\", \"ms\": 2}\n"
            + "{\"id\": \"fine\", \"ms\": 3}\n"
            + "{\"id\": \"good\", \"ms\": 4}\n");
    Path schema = dir.resolve("planted.avsc");
    Files.writeString(
        schema,
        "{\"type\": \"record\", \"name\": \"Planted\", \"fields\": ["
            + "{\"name\": \"id\", \"type\": \"string\","
            + " \"wick.semantic\": \"regex(pattern=[a-z]+)\"},"
            + "{\"name\": \"ms\", \"type\": \"long\"}]}");
    Path failed = dir.resolve("planted-failed");
    Run run =
        wick(
            "validate",
            "--in",
            planted.toString(),
            "--schema",
            schema.toString(),
            "--out",
            failed.toString(),
            "--max-invalid-fraction",
            "0.1");
    assertThat(run.code()).as(run.err()).isEqualTo(1);
    String html = Files.readString(failed.resolve("report.html"));
    assertThat(html)
        .contains("<div class=\"verdict failed\" id=\"verdict\"><div class=\"word\">FAILED</div>")
        .contains(
            "<td class=\"fail\">failed</td><td><code>records: invalid fraction</code></td>"
                + "<td class=\"n\">0.25</td><td class=\"n\">0.1</td><td>1 of 4 records (25.00%)"
                + " are invalid; at most 10.00% may be.</td>")
        .contains("<mark>&lt;script&gt;alert(1)&lt;/script&gt;</mark>")
        .doesNotContain("<script>");
    assertThat(reportCounts(html)).isEqualTo(summaryCounts(failed));

    Path passed = dir.resolve("planted-passed");
    Run lenient =
        wick(
            "validate",
            "--in",
            planted.toString(),
            "--schema",
            schema.toString(),
            "--out",
            passed.toString(),
            "--max-invalid-fraction",
            "0.25");
    assertThat(lenient.code()).as(lenient.err()).isZero();
    assertThat(Files.readString(passed.resolve("report.html")))
        .contains("<div class=\"verdict passed\" id=\"verdict\"><div class=\"word\">PASSED</div>")
        .contains(
            "<td class=\"pass\">passed</td><td><code>records: invalid fraction</code></td>"
                + "<td class=\"n\">0.25</td><td class=\"n\">0.25</td>");
  }

  @Test
  void aRunThatFailsOnItsInputLeavesNoReport() throws IOException {
    Path out = dir.resolve("no-report");
    Run missing =
        wick(
            "validate",
            "--in",
            dir.resolve("nowhere.avro").toString(),
            "--schema",
            schemaFile("missing.avsc", "country_code").toString(),
            "--out",
            out.toString());
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("does not exist");
    assertThat(out).doesNotExist();
    assertThat(out.resolve("report.html")).doesNotExist();
  }
}
