package dev.wick.typed;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a Java record as a typed row shape that is not a table: the result of a projection or an
 * aggregation, or a record nested in another. Wick's annotation processor generates its metamodel
 * ({@code AdSpend} gets {@code AdSpend_}) exactly as for {@link WickTable}.
 *
 * <pre>{@code
 * @WickRecord
 * public record AdSpend(String advertiser_name, @Nullable Double total_usd) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface WickRecord {}
