package dev.wick.core.validation;

import dev.wick.core.schema.SemanticAnnotation;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The field holds a timestamp in {@code [from, to)}: semantic type {@code timestamp_window(from=,
 * to=)}. Bounds are ISO-8601 instants or dates ({@code 2024-01-01T00:00:00Z}, {@code 2024-01-01});
 * leave one out for an open end.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.RECORD_COMPONENT,
  ElementType.FIELD,
  ElementType.PARAMETER,
  ElementType.METHOD
})
@SemanticAnnotation("timestamp_window")
public @interface TimestampWindow {
  /** The first valid instant, or empty for none. */
  String from() default "";

  /** The first instant past the window, or empty for none. */
  String to() default "";
}
