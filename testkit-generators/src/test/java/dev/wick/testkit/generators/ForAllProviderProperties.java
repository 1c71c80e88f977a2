package dev.wick.testkit.generators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.schema.RowCodec;
import dev.wick.core.schema.Schemas;
import dev.wick.testkit.generators.TestRecords.Play;
import dev.wick.testkit.generators.avro.Platform;
import dev.wick.testkit.generators.avro.TrackPlay;
import java.time.Instant;
import java.time.LocalDate;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * {@code @ForAll} works for a generated Avro class with no registration (the service-loaded
 * provider), and through {@code @Provide} for a GenericRecord of a schema file and a Java record.
 */
class ForAllProviderProperties {

  @Property(tries = 100)
  void aSpecificRecordParameterNeedsNoRegistration(@ForAll TrackPlay play)
      throws java.io.IOException {
    assertThat(play.getTrackId().version()).isEqualTo(4);
    assertThat(play.getPlayedAt()).isInstanceOf(Instant.class);
    assertThat(play.getPlayDate()).isInstanceOf(LocalDate.class);
    assertThat(play.getPlatform()).isIn((Object[]) Platform.values());
    // The class's own encoder takes it, and what it wrote validates as a generic record.
    java.nio.ByteBuffer bytes = play.toByteBuffer();
    GenericRecord generic =
        new org.apache.avro.message.BinaryMessageDecoder<GenericRecord>(
                GenericData.get(), TrackPlay.getClassSchema())
            .decode(bytes);
    assertThat(GenericData.get().validate(TrackPlay.getClassSchema(), generic)).isTrue();
    assertThat(generic.get("user_id").toString()).isEqualTo(play.getUserId());
    assertThat(generic.get("track_id").toString()).isEqualTo(play.getTrackId().toString());
    assertThat(generic.get("duration_ms")).isEqualTo(play.getDurationMs());
    assertThat(generic.get("platform").toString()).isEqualTo(play.getPlatform().name());
    assertThat(generic.get("tags").toString()).isEqualTo(play.getTags().toString());
  }

  @Provide
  Arbitrary<GenericRecord> pageViews() {
    // A schema file, as a test would read its own: Schemas.parseAvsc(Path.of("..."))
    return Generators.avro(SchemaCorpus.file("page_view.avsc"));
  }

  @Property(tries = 100)
  void aGenericRecordOfASchemaFile(@ForAll("pageViews") GenericRecord view) {
    assertThat(view.getSchema().getFullName()).isEqualTo("analytics.web.PageView");
    assertThat(GenericData.get().validate(view.getSchema(), view)).isTrue();
  }

  @Provide
  Arbitrary<Play> plays() {
    return Generators.records(Play.class)
        .amend("duration_ms", net.jqwik.api.Arbitraries.integers().between(0, 600_000));
  }

  @Property(tries = 100)
  void aJavaRecord(@ForAll("plays") Play play) {
    // The record's values survive Wick's row conversion unchanged (a null user_id would not).
    assertThat(RowCodec.toRecord(RowCodec.toRow(play, Schemas.fromRecord(Play.class)), Play.class))
        .isEqualTo(play);
    assertThat(play.duration_ms()).isBetween(0, 600_000);
    assertThat(Schemas.fromRecord(Play.class).fields()).hasSize(3);
  }
}
