package dev.wick.core.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.io.DatasetReader;
import dev.wick.core.spark.WickSpark;
import java.nio.file.Path;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SparkJobContextTest {
  private static final SparkSession SPARK = WickSpark.local(2);

  private static final Schema PLAY =
      new Schema.Parser()
          .parse(
              """
              {"type": "record", "name": "Play", "namespace": "test",
               "fields": [
                 {"name": "track_id", "type": "string"},
                 {"name": "platform", "type": {"type": "enum", "name": "Platform",
                                               "symbols": ["IOS", "WEB"]}},
                 {"name": "played_at", "type": {"type": "long", "logicalType": "timestamp-millis"}}
               ]}
              """);

  @Test
  void avroOutputsAreWrittenWithTheIosOwnSchema(@TempDir Path tmp) {
    String out = tmp.resolve("plays").toString();
    SparkJobContext ctx = new SparkJobContext(SPARK, false);
    ctx.write(
        Io.avro(out, PLAY),
        SPARK.sql(
            "select 't1' as track_id, 'WEB' as platform,"
                + " timestamp'2024-05-01 12:00:00.123' as played_at"));

    assertThat(DatasetReader.avroSchema(SPARK, out)).isEqualTo(PLAY);
    List<Row> back = ctx.read(Io.avro(out, PLAY)).collectAsList();
    assertThat(back).hasSize(1);
    assertThat(back.get(0).getString(1)).isEqualTo("WEB");
    assertThat(back.get(0).getTimestamp(2).toInstant()).hasToString("2024-05-01T12:00:00.123Z");
  }
}
