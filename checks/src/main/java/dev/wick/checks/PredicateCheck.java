package dev.wick.checks;

import static dev.wick.checks.Messages.allowance;
import static dev.wick.checks.Messages.result;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.count_if;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.not;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.WickException;
import dev.wick.core.io.Source;
import dev.wick.core.report.Wording;
import dev.wick.core.spark.SqlTrust;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/**
 * At least {@code minFraction} of the rows satisfy a Spark SQL predicate over the row (a null
 * result fails).
 *
 * @param sql the predicate, such as {@code ended_at >= started_at}
 * @param minFraction the smallest share of rows that satisfy it, 0 to 1
 */
public record PredicateCheck(String sql, double minFraction) implements Check.Rule {
  @Override
  public String describe() {
    return "predicate(" + sql + ")";
  }

  static final CheckKind<PredicateCheck> KIND =
      new CheckKind<>(PredicateCheck.class, "predicate", List.of("sql", "minFraction")) {
        @Override
        Check.Rule parse(ChecksFile.Fields f) {
          return new PredicateCheck(
              f.text("sql", "a SQL predicate such as ended_at >= started_at"),
              f.fraction("minFraction", 1.0));
        }

        @Override
        void write(PredicateCheck r, ObjectNode o) {
          ChecksFile.fraction(o.put("sql", r.sql()), r.minFraction());
        }

        @Override
        Planned plan(Check check, PredicateCheck r, Planning p) {
          Checks checks = p.checks();
          Dataset<Row> data = p.data();
          String where = checks.origin().map(o -> " in " + o).orElse("");
          if (!checks.sqlTrusted()) {
            Optional<String> beyond = SqlTrust.beyondTheRows(data.sparkSession(), r.sql());
            if (beyond.isPresent()) {
              throw WickException.usage(
                      "Check '"
                          + check.name()
                          + "'"
                          + where
                          + " has a SQL predicate that "
                          + beyond.get()
                          + "; the SQL of checks may only compute over the rows, so remove that"
                          + " from it, or trust the checks with Checks.trustSql() if you trust"
                          + " whoever wrote them.")
                  .about(Source.TRUST_SQL, "with Checks.trustSql()");
            }
          }
          Column c;
          DataType type;
          try {
            c = expr(r.sql());
            type = data.select(c).schema().fields()[0].dataType();
            if (type.equals(DataTypes.BooleanType)) {
              // analysed as the aggregation will use it: Spark refuses some expressions only there
              data.agg(count_if(not(coalesce(c, lit(false)))));
            }
          } catch (Exception e) { // Spark's AnalysisException is checked in Java's eyes
            throw WickException.usage(
                "Check '"
                    + check.name()
                    + "'"
                    + where
                    + " has a SQL predicate Spark cannot use ("
                    + firstLine(e)
                    + "); fix the predicate in the checks.",
                e);
          }
          if (!type.equals(DataTypes.BooleanType)) {
            throw WickException.usage(
                "Check '"
                    + check.name()
                    + "'"
                    + where
                    + " has a SQL predicate of type "
                    + type.simpleString()
                    + ", not boolean; write a condition such as ended_at >= started_at.");
          }
          Column bad = not(coalesce(c, lit(false)));
          int failing = p.add(count_if(bad));
          return new Planned(
                  check,
                  a -> {
                    long rows = p.rows();
                    long b = a.getLong(failing);
                    Double share = rows == 0 ? null : (double) (rows - b) / rows;
                    boolean ok = share == null || share >= r.minFraction();
                    return result(
                        check,
                        ok,
                        share,
                        ">= " + Numbers.text(r.minFraction()),
                        OptionalLong.of(b),
                        check.name()
                            + ": "
                            + Wording.count(b)
                            + " of "
                            + Wording.count(rows)
                            + " rows do not satisfy "
                            + r.sql()
                            + "; "
                            + allowance(r.minFraction())
                            + ".");
                  },
                  Optional.of(bad))
              .rowsWhere("", "does not satisfy " + r.sql(), failing);
        }

        /**
         * A job that failed on the predicate's SQL (a cast of a malformed value under ANSI, a
         * division by zero) fails again with the predicate alone: then it is named with Spark's
         * reason.
         */
        @Override
        Optional<WickException> blame(
            Check check,
            PredicateCheck r,
            Checks checks,
            Dataset<Row> data,
            RuntimeException failure) {
          try {
            data.agg(count_if(not(coalesce(expr(r.sql()), lit(false))))).collectAsList();
          } catch (RuntimeException e) {
            Throwable reason = e;
            for (Throwable t = e; t != null; t = t.getCause()) {
              if (t instanceof org.apache.spark.SparkThrowable
                  && !(t instanceof org.apache.spark.SparkException)) {
                reason = t;
                break;
              }
            }
            return Optional.of(
                WickException.usage(
                    "Check '"
                        + check.name()
                        + "'"
                        + checks.origin().map(o -> " in " + o).orElse("")
                        + " has a SQL predicate that fails on the data ("
                        + firstLine(reason)
                        + "); fix the predicate in the checks.",
                    failure));
          }
          return Optional.empty();
        }
      };

  /**
   * The first line of an exception's message, as Spark's reason inside a sentence: without its
   * error class, SQLSTATE and closing punctuation.
   */
  private static String firstLine(Throwable e) {
    return String.valueOf(e.getMessage())
        .strip()
        .lines()
        .findFirst()
        .orElse("")
        .strip()
        .replaceFirst("^\\[[A-Z0-9_.]+\\]\\s*", "")
        .replaceAll("\\s*SQLSTATE: \\w+", "")
        .replaceFirst("[.;]+$", "");
  }
}
