package dev.wick.core.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.io.Format;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

class IoTest {
  record User(String id) {}

  private static final String SCHEMA_JSON =
      """
      {"type": "record", "name": "Play", "namespace": "ex", "fields": [
        {"name": "track", "type": "string"}]}
      """;

  private static org.apache.avro.Schema schema() {
    return new org.apache.avro.Schema.Parser().parse(SCHEMA_JSON);
  }

  /** Each descriptor is equal (with equal hash codes) to a second one built alike. */
  @Test
  void descriptorsBuiltAlikeAreEqual() {
    List<Io<?>> first = everyKind();
    List<Io<?>> second = everyKind();

    for (int i = 0; i < first.size(); i++) {
      assertThat(first.get(i)).isEqualTo(second.get(i)).isNotSameAs(second.get(i));
      assertThat(first.get(i).hashCode()).isEqualTo(second.get(i).hashCode());
    }
  }

  /** Descriptors of different kinds, types or locations are never equal. */
  @Test
  void descriptorsThatDifferAreNotEqual() {
    List<Io<?>> all = everyKind();

    for (int i = 0; i < all.size(); i++) {
      for (int j = 0; j < all.size(); j++) {
        if (i != j) {
          assertThat(all.get(i)).as(all.get(i) + " vs " + all.get(j)).isNotEqualTo(all.get(j));
        }
      }
    }
    assertThat(Io.parquet("a")).isNotEqualTo(Io.parquet("b"));
    assertThat(Io.avro("a", schema())).isNotEqualTo(Io.avro("b", schema()));
    assertThat(Io.table("db.a")).isNotEqualTo(Io.table("db.b"));
  }

  private static List<Io<?>> everyKind() {
    return List.of(
        Io.avro("plays", PlayRecord.class),
        Io.avro("plays", schema()),
        Io.parquet("plays"),
        Io.parquet("plays", User.class),
        Io.orc("plays"),
        Io.json("plays"),
        Io.csv("plays"),
        Io.text("plays"),
        Io.table("plays"),
        Io.table("plays", User.class));
  }

  @Test
  void descriptorsReadWell() {
    assertThat(everyKind().stream().map(Object::toString))
        .containsExactly(
            "avro(plays, PlayRecord)",
            "avro(plays, ex.Play)",
            "parquet(plays)",
            "parquet(plays, User)",
            "orc(plays)",
            "json(plays)",
            "csv(plays)",
            "text(plays)",
            "table(plays)",
            "table(plays, User)");
    assertThat(everyKind().stream().map(Io::describe).toList())
        .isEqualTo(everyKind().stream().map(Object::toString).toList());
  }

  @Test
  void descriptorsKnowTheirLocationFormatAndSchema() {
    assertThat(Io.text("out/counts").location()).isEqualTo("out/counts");
    assertThat(Io.table("db.plays").location()).isEqualTo("db.plays");
    assertThat(((Io.FileIo<Row>) Io.csv("x")).format()).isEqualTo(Format.CSV);
    assertThat(((Io.FileIo<String>) Io.text("x")).type()).isEqualTo(String.class);
    assertThat(((Io.AvroIo<PlayRecord>) Io.avro("x", PlayRecord.class)).avroSchema())
        .isEqualTo(PlayRecord.SCHEMA$);
    Io.AvroIo<GenericRecord> generic = (Io.AvroIo<GenericRecord>) Io.avro("x", schema());
    assertThat(generic.avroSchema()).isEqualTo(schema());
    assertThat(generic.type()).isEqualTo(GenericRecord.class);
    assertThatThrownBy(() -> Io.parquet(null)).isInstanceOf(NullPointerException.class);
  }
}
