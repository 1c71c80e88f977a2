package dev.wick.typed;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a Java record as the schema of a table. Wick's annotation processor generates a metamodel
 * class next to it ({@code AdEvent} gets {@code AdEvent_}) with typed column accessors, a nullable
 * view and projection factories; {@link Typed#table(org.apache.spark.sql.SparkSession, Meta)} loads
 * the table it names and checks its schema against the record.
 *
 * <pre>{@code
 * @WickTable("ad_event_f")
 * public record AdEvent(int date, int hour, String ad_response_id, String event_type) {}
 * }</pre>
 *
 * <p>Component names are column names. Primitive components are non-null, boxed ones ({@code Long})
 * and components annotated {@code @Nullable} (JSpecify's) are nullable, as in {@code
 * dev.wick.core.schema.Schemas#fromRecord}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface WickTable {
  /** The catalog table the record describes ({@code db.table} or {@code table}). */
  String value();
}
