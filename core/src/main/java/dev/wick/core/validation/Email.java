package dev.wick.core.validation;

import dev.wick.core.schema.SemanticAnnotation;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The field holds an email address: semantic type {@code email}. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.RECORD_COMPONENT,
  ElementType.FIELD,
  ElementType.PARAMETER,
  ElementType.METHOD
})
@SemanticAnnotation("email")
public @interface Email {}
