package dev.wick.core.spark;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.FunctionIdentifier;
import org.apache.spark.sql.catalyst.analysis.FunctionRegistry;
import org.apache.spark.sql.catalyst.analysis.UnresolvedFunction;
import org.apache.spark.sql.catalyst.analysis.UnresolvedRelation;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.ExpressionInfo;
import org.apache.spark.sql.catalyst.expressions.PlanExpression;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.trees.TreeNode;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Whether a SQL expression from a file or a flag (a checks file's predicate, a {@code --where}
 * filter) stays within the rows it is evaluated on, decided on the parsed Catalyst tree: a call of
 * a reflective function ({@code reflect}, {@code java_method}, {@code try_reflect}, or any name
 * Spark's registry maps to their expressions) runs any static Java method, and a subquery of any
 * kind (scalar, {@code EXISTS}, {@code IN}) can read any table or file, such as {@code
 * parquet.`/some/path`}. Both are refused unless the SQL is trusted.
 */
public final class SqlTrust {
  private static final Set<String> REFLECTIVE = Set.of("reflect", "java_method", "try_reflect");

  private SqlTrust() {}

  /**
   * What in {@code sql} reaches beyond the rows, as the end of a sentence ("calls reflect, which
   * runs any static Java method"), or empty when nothing does or Spark cannot parse it (Spark's own
   * error then says why).
   */
  public static Optional<String> beyondTheRows(SparkSession spark, String sql) {
    Expression parsed;
    try {
      parsed =
          ((org.apache.spark.sql.classic.SparkSession) spark)
              .sessionState()
              .sqlParser()
              .parseExpression(sql);
    } catch (Exception e) { // ParseException is checked in Java's eyes
      return Optional.empty();
    }
    Deque<TreeNode<?>> pending = new ArrayDeque<>();
    pending.push(parsed);
    while (!pending.isEmpty()) {
      TreeNode<?> node = pending.pop();
      if (node instanceof UnresolvedFunction f) {
        String name = f.nameParts().last().toLowerCase(Locale.ROOT);
        if (REFLECTIVE.contains(name) || reflective(spark, name)) {
          return Optional.of("calls " + name + ", which runs any static Java method");
        }
      }
      if (node instanceof PlanExpression<?> p) {
        String read = relation(p.plan()).map(r -> " (here " + r + ")").orElse("");
        return Optional.of("has a subquery, which can read any table or file" + read);
      }
      for (Object child : CollectionConverters.asJava(node.children())) {
        pending.push((TreeNode<?>) child);
      }
    }
    return Optional.empty();
  }

  /**
   * Whether Spark's function registry maps {@code name} to a reflective expression. The registry's
   * own identifiers are looked up, since what a lookup accepts differs between Spark versions (4.2
   * asserts a three-part name, 4.0 and 4.1 take one part).
   */
  private static boolean reflective(SparkSession spark, String name) {
    FunctionRegistry registry =
        ((org.apache.spark.sql.classic.SparkSession) spark).sessionState().functionRegistry();
    for (FunctionIdentifier id : CollectionConverters.asJava(registry.listFunction())) {
      if (id.funcName().equalsIgnoreCase(name)) {
        scala.Option<ExpressionInfo> info = registry.lookupFunction(id);
        if (info.isDefined()
            && String.valueOf(info.get().getClassName())
                .toLowerCase(Locale.ROOT)
                .contains("reflect")) {
          return true;
        }
      }
    }
    return false;
  }

  /** The first table or file a plan reads, by name. */
  private static Optional<String> relation(Object plan) {
    if (!(plan instanceof LogicalPlan root)) {
      return Optional.empty();
    }
    Deque<LogicalPlan> pending = new ArrayDeque<>();
    pending.push(root);
    while (!pending.isEmpty()) {
      LogicalPlan node = pending.pop();
      if (node instanceof UnresolvedRelation r) {
        return Optional.of(r.tableName());
      }
      for (LogicalPlan child : CollectionConverters.asJava(node.children())) {
        pending.push(child);
      }
    }
    return Optional.empty();
  }
}
