package dev.wick.checks;

import static dev.wick.checks.Messages.result;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.lit;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.WickException;
import dev.wick.core.io.DatasetReader;
import dev.wick.core.report.Wording;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Every non-null value of {@code field} occurs in the field {@code datasetField} of another
 * dataset, {@code dataset} (referential integrity: {@code user_id in users.user_id}).
 *
 * @param field the field path in the checked data
 * @param dataset the name of the referenced dataset
 * @param datasetField the field path in the referenced dataset
 */
public record ReferencesCheck(String field, String dataset, String datasetField)
    implements Check.Rule {
  @Override
  public String describe() {
    return "references(" + field + " in " + dataset + "." + datasetField + ")";
  }

  /**
   * One left-anti join of the data with the referenced dataset's keys, a job of its own; per row, a
   * left join with those keys marks the orphan rows.
   */
  static final CheckKind<ReferencesCheck> KIND =
      new CheckKind<>(ReferencesCheck.class, "references", List.of("field", "in")) {
        @Override
        Check.Rule parse(ChecksFile.Fields f) {
          String field = f.field();
          String in = f.text("in", "the referenced dataset and field, such as users.user_id");
          int dot = in.indexOf('.');
          if (dot <= 0 || dot == in.length() - 1) {
            throw WickException.usage(
                f.here()
                    + ": in is '"
                    + in
                    + "', which does not name a dataset and its field; write it as DATASET.FIELD,"
                    + " such as users.user_id.");
          }
          return new ReferencesCheck(field, in.substring(0, dot), in.substring(dot + 1));
        }

        @Override
        void write(ReferencesCheck r, ObjectNode o) {
          o.put("field", r.field()).put("in", r.dataset() + "." + r.datasetField());
        }

        @Override
        Planned plan(Check check, ReferencesCheck r, Planning p) {
          Dataset<Row> data = p.data();
          Resolved mine = p.single(check, r.field(), "a references");
          Column c = mine.column();
          Dataset<Row> other = p.given().get(r.dataset());
          if (other == null) {
            String path = p.checks().references().get(r.dataset());
            if (path == null) {
              throw WickException.usage(
                      "Check '"
                          + check.name()
                          + "' refers to the dataset '"
                          + r.dataset()
                          + "', which was not given; give its path under references in the"
                          + " checks.")
                  .about("references", "give its path under references in the checks");
            }
            other = DatasetReader.read(data.sparkSession(), path, Optional.empty());
          }
          Column theirs =
              Resolved.resolve(
                      other.schema(), r.datasetField(), "the dataset '" + r.dataset() + "'", check)
                  .single("a references", check)
                  .column();
          String ref = "__wick_ref";
          Dataset<Row> keys = other.select(theirs.as(ref)).where(col(ref).isNotNull()).distinct();
          Function<Dataset<Row>, Dataset<Row>> orphans =
              source -> source.where(c.isNotNull()).join(keys, c.equalTo(col(ref)), "left_anti");
          return Planned.own(
                  check,
                  new Planned.OwnJob(
                      source -> orphans.apply(source).count(),
                      n -> {
                        CheckResult result =
                            result(
                                check,
                                n == 0,
                                n,
                                "0 missing",
                                OptionalLong.of(n),
                                check.name()
                                    + ": "
                                    + Wording.count(n, "row")
                                    + (n == 1 ? " holds a " : " hold a ")
                                    + r.field()
                                    + " that "
                                    + r.dataset()
                                    + "."
                                    + r.datasetField()
                                    + " does not have; none may.");
                        return n == 0
                            ? result
                            : result.withExamples(p.examples(orphans.apply(data)));
                      }))
              .withRows(
                  Planned.Rows.flag(
                      r.field(),
                      concat(
                          Planned.rendered(mine),
                          lit(" is not in " + r.dataset() + "." + r.datasetField())),
                      (source, flag) -> {
                        // The keys are distinct: a left join keeps each row once, and marks the
                        // rows whose value the referenced dataset has.
                        String key = flag + "_key";
                        String found = flag + "_found";
                        Dataset<Row> marks =
                            keys.select(col(ref).as(key)).withColumn(found, lit(true));
                        return source
                            .join(marks, c.equalTo(col(key)), "left")
                            .withColumn(flag, c.isNotNull().and(col(found).isNull()))
                            .drop(key, found);
                      }));
        }
      };
}
