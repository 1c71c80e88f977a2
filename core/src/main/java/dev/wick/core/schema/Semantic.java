package dev.wick.core.schema;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Attaches a semantic type to a Java record component (or, as a meta-annotation's target, marks a
 * user annotation as a semantic type; see {@link SemanticAnnotation}).
 *
 * <pre>{@code
 * record Play(@Semantic("country_code") String country,
 *             @Semantic("range(min=0, max=86400000)") long durationMs) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.RECORD_COMPONENT,
  ElementType.FIELD,
  ElementType.PARAMETER,
  ElementType.METHOD
})
public @interface Semantic {
  /** The semantic type in text form: {@code name} or {@code name(key=value, ...)}. */
  String value();
}
