package dev.wick.checks;

import static dev.wick.checks.Messages.result;
import static org.apache.spark.sql.functions.count_if;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.report.Wording;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.spark.sql.Column;

/**
 * At least {@code min} of the rows have a (non-null) value in {@code field}.
 *
 * @param field the field path
 * @param min the smallest filled fraction, 0 to 1
 */
public record CompletenessCheck(String field, double min) implements Check.Rule {
  @Override
  public String describe() {
    return "completeness(" + field + ")";
  }

  /**
   * The share of the rows that have the field, or for a path into arrays or maps the share of the
   * values there that are set.
   */
  static final CheckKind<CompletenessCheck> KIND =
      new CheckKind<>(CompletenessCheck.class, "completeness", List.of("field", "min")) {
        @Override
        Check.Rule parse(ChecksFile.Fields f) {
          return new CompletenessCheck(f.field(), f.fraction("min", null));
        }

        @Override
        void write(CompletenessCheck r, ObjectNode o) {
          o.put("field", r.field()).put("min", r.min());
        }

        @Override
        Planned plan(Check check, CompletenessCheck r, Planning p) {
          Resolved f = p.field(check, r.field());
          int all = f.repeated() ? p.add(f.all()) : 0; // aggregate 0 counts the rows
          // A field's null rows are counted as such: the very count of the rows the check fails.
          int present = f.repeated() ? p.add(f.present()) : -1;
          int missing = f.repeated() ? -1 : p.add(count_if(f.column().isNull()));
          String what =
              f.repeated()
                  ? " of the values of " + r.field() + " are set ("
                  : " of the rows have a " + r.field() + " (";
          return new Planned(
                  check,
                  a -> {
                    long n = a.getLong(all);
                    long filled = f.repeated() ? a.getLong(present) : n - a.getLong(missing);
                    Double share = n == 0 ? null : (double) filled / n;
                    boolean ok = share == null || share >= r.min();
                    return result(
                        check,
                        ok,
                        share,
                        ">= " + Numbers.text(r.min()),
                        OptionalLong.of(n - filled),
                        check.name()
                            + ": "
                            + (share == null ? "" : Wording.percent(share))
                            + what
                            + Wording.count(filled)
                            + " of "
                            + Wording.count(n)
                            + "); at least "
                            + Wording.percent(r.min())
                            + " must.");
                  },
                  Optional.of(f.failingRows(Column::isNull)))
              .rowsWhere(r.field(), Planned.reason(f, "is null"), missing);
        }
      };
}
