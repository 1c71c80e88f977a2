package dev.wick.core.job;

import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecordBase;

/** A hand-written Avro SpecificRecord class, shaped like what avro-maven-plugin generates. */
public final class PlayRecord extends SpecificRecordBase {
  public static final Schema SCHEMA$ =
      new Schema.Parser()
          .parse(
              """
              {"type": "record", "name": "PlayRecord", "namespace": "dev.wick.core.job", "fields": [
                {"name": "track", "type": {"type": "string", "avro.java.string": "String"}},
                {"name": "ms", "type": "long"}]}
              """);

  private String track;
  private long ms;

  public PlayRecord() {}

  public PlayRecord(String track, long ms) {
    this.track = track;
    this.ms = ms;
  }

  public static Schema getClassSchema() {
    return SCHEMA$;
  }

  @Override
  public Schema getSchema() {
    return SCHEMA$;
  }

  @Override
  public Object get(int field) {
    return switch (field) {
      case 0 -> track;
      case 1 -> ms;
      default -> throw new IndexOutOfBoundsException("no field " + field);
    };
  }

  @Override
  public void put(int field, Object value) {
    switch (field) {
      case 0 -> track = value == null ? null : value.toString();
      case 1 -> ms = (Long) value;
      default -> throw new IndexOutOfBoundsException("no field " + field);
    }
  }

  public String track() {
    return track;
  }

  public long ms() {
    return ms;
  }
}
