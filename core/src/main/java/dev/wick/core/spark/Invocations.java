package dev.wick.core.spark;

import java.io.Serializable;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.objects.Invoke;
import org.apache.spark.sql.classic.ExpressionUtils;
import org.apache.spark.sql.types.AbstractDataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.ObjectType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * A call of a public boolean method of a serializable object on one column, as a Catalyst {@code
 * Invoke}: the object is a literal of the plan (shipped to executors with it), and the call is part
 * of the generated code, so a projection or aggregate holding it stays whole-stage code-generated.
 * A null argument gives null without calling. {@code ExpressionUtils} and {@code Invoke} are the
 * same on every Spark version Wick supports.
 */
final class Invocations {
  private Invocations() {}

  static Column booleanCall(
      Serializable target, String method, Column argument, AbstractDataType argumentType) {
    Expression object = new Literal(target, new ObjectType(target.getClass()));
    Invoke call =
        new Invoke(
            object,
            method,
            DataTypes.BooleanType,
            CollectionConverters.asScala(List.of(ExpressionUtils.expression(argument))).toList(),
            CollectionConverters.asScala(List.of(argumentType)).toList(),
            true,
            true,
            true);
    return ExpressionUtils.column(call);
  }
}
