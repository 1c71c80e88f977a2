package dev.wick.core.validation;

import dev.wick.core.schema.SemanticAnnotation;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The field holds an ISO 3166-1 alpha-2 country code ({@code SE}, {@code US}): semantic type {@code
 * country_code}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.RECORD_COMPONENT,
  ElementType.FIELD,
  ElementType.PARAMETER,
  ElementType.METHOD
})
@SemanticAnnotation("country_code")
public @interface CountryCode {}
