package dev.wick.core.validation;

import dev.wick.core.schema.JavaValues;
import dev.wick.core.schema.SemanticSpec;
import java.io.Serializable;
import org.apache.spark.sql.api.java.UDF1;

/**
 * The Java function that checks the values of a semantic type with no Catalyst form (value types,
 * user types without {@code validWhen}): the reason a value is invalid, or null. It ships the type
 * itself when it is serializable, else its text form, which each executor resolves through the
 * registry once.
 */
final class SemanticCheckFunction implements UDF1<Object, String> {
  private static final long serialVersionUID = 1L;

  private final String specText;
  private final String fieldPath;
  private final Serializable shipped;
  private transient SemanticType type;

  SemanticCheckFunction(SemanticBinding binding) {
    this.specText = binding.spec().text();
    this.fieldPath = binding.path().toString();
    this.shipped = binding.type() instanceof Serializable s ? s : null;
  }

  @Override
  public String call(Object value) {
    if (value == null) {
      return null;
    }
    return type().check(JavaValues.normalize(value, null)).orElse(null);
  }

  private SemanticType type() {
    if (type == null) {
      type =
          shipped != null
              ? (SemanticType) shipped
              : SemanticTypes.create(SemanticSpec.parse(specText), fieldPath);
    }
    return type;
  }
}
