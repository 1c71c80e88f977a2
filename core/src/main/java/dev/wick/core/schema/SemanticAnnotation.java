package dev.wick.core.schema;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an annotation type as a semantic type, so that {@code @CountryCode String country} on a
 * record component attaches the semantic type {@code country_code}. The annotation's own elements
 * become the semantic type's parameters ({@code @Range(min = 0, max = 10)} gives {@code
 * range(max=10, min=0)}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.ANNOTATION_TYPE)
public @interface SemanticAnnotation {
  /** The registered name of the semantic type. */
  String value();
}
