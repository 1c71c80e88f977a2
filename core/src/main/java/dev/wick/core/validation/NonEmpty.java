package dev.wick.core.validation;

import dev.wick.core.schema.SemanticAnnotation;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The field holds a string with at least one non-whitespace character: semantic type {@code
 * non_empty}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.RECORD_COMPONENT,
  ElementType.FIELD,
  ElementType.PARAMETER,
  ElementType.METHOD
})
@SemanticAnnotation("non_empty")
public @interface NonEmpty {}
