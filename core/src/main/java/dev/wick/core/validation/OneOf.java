package dev.wick.core.validation;

import dev.wick.core.schema.SemanticAnnotation;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The field holds one of a fixed set of values: semantic type {@code one_of(values=a|b|c)}. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.RECORD_COMPONENT,
  ElementType.FIELD,
  ElementType.PARAMETER,
  ElementType.METHOD
})
@SemanticAnnotation("one_of")
public @interface OneOf {
  /** The valid values. */
  String[] values();
}
