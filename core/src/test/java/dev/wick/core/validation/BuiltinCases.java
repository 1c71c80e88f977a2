package dev.wick.core.validation;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.Precision;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.schema.SemanticSpec;
import java.util.List;

/** Every built-in semantic type with every storage type it applies to, for the property tests. */
final class BuiltinCases {
  private BuiltinCases() {}

  record Case(String spec, DataType storage) {
    SemanticType type() {
      return SemanticTypes.resolve(SemanticSpec.parse(spec), storage, "f");
    }

    @Override
    public String toString() {
      return spec + " on " + storage.describe();
    }
  }

  static final List<Case> ALL =
      List.of(
          new Case("country_code", DataType.STRING),
          new Case("currency", DataType.STRING),
          new Case("language_tag", DataType.STRING),
          new Case("uuid", DataType.STRING),
          new Case("uuid", DataType.UUID),
          new Case("email", DataType.STRING),
          new Case("url", DataType.STRING),
          new Case("non_empty", DataType.STRING),
          new Case("base62_id", DataType.STRING),
          new Case("base62_id(length=8)", DataType.STRING),
          new Case("regex(pattern='[A-Z]{2}-[0-9]{3,5}')", DataType.STRING),
          new Case("regex(pattern=(?:ab|cd)+x?)", DataType.STRING),
          new Case("regex(pattern='\\d+\\.\\d{2}')", DataType.STRING),
          new Case("regex(pattern='[^a-z ]+[a-z]*')", DataType.STRING),
          new Case("range(min=0, max=100)", DataType.INT),
          new Case("range(min=-5, max=5)", DataType.LONG),
          new Case("range(min=0.5, max=2.5)", DataType.DOUBLE),
          new Case("range(min=0.5, max=2.5)", DataType.FLOAT),
          new Case("range(min=1.5)", DataType.INT),
          new Case("range(max=9.99)", new DecimalType(6, 2)),
          new Case("range(min=-1, max=1)", new DecimalType(10, 3)),
          new Case("positive", DataType.INT),
          new Case("positive", DataType.LONG),
          new Case("positive", DataType.DOUBLE),
          new Case("positive", new DecimalType(8, 2)),
          new Case("non_negative", DataType.LONG),
          new Case("non_negative", DataType.FLOAT),
          new Case("one_of(values=play|skip|pause)", DataType.STRING),
          new Case("one_of(values=1|2|3)", DataType.INT),
          new Case("one_of(values=10|20)", DataType.LONG),
          new Case("one_of(values=A|B)", new EnumType("Letter", List.of("A", "B", "C"))),
          new Case(
              "timestamp_window(from=2024-01-01, to=2024-07-01T12:00:00Z)",
              new TimestampType(Precision.MICROS, true)),
          new Case(
              "timestamp_window(from=2024-01-01T00:00:00Z)",
              new TimestampType(Precision.MILLIS, true)),
          new Case("timestamp_window(to=2030-01-01)", new TimestampType(Precision.MICROS, false)),
          new Case(
              "value_type(class=dev.wick.core.validation.TestTypes$HomeCountry)", DataType.STRING),
          new Case("value_type(class=dev.wick.core.validation.TestTypes$TrackId)", DataType.STRING),
          new Case("value_type(class=dev.wick.core.validation.TestTypes$Volume)", DataType.INT));
}
