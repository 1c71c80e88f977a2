package dev.wick.core.validation;

import dev.wick.core.schema.SemanticAnnotation;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The field holds a number that is zero or more: semantic type {@code non_negative}. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.RECORD_COMPONENT,
  ElementType.FIELD,
  ElementType.PARAMETER,
  ElementType.METHOD
})
@SemanticAnnotation("non_negative")
public @interface NonNegative {}
