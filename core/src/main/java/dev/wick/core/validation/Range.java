package dev.wick.core.validation;

import dev.wick.core.schema.SemanticAnnotation;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The field holds a number in {@code [min, max]} (inclusive; leave one out for an open end):
 * semantic type {@code range(min=, max=)}. Bounds are decimal strings: {@code @Range(min = "0", max
 * = "86400000")}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.RECORD_COMPONENT,
  ElementType.FIELD,
  ElementType.PARAMETER,
  ElementType.METHOD
})
@SemanticAnnotation("range")
public @interface Range {
  /** The smallest valid value, or empty for none. */
  String min() default "";

  /** The largest valid value, or empty for none. */
  String max() default "";
}
