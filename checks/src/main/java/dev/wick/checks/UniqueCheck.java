package dev.wick.checks;

import static dev.wick.checks.Messages.result;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.WickException;
import dev.wick.core.report.Wording;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * No combination of values of {@code fields} occurs in more than one row (exact; nulls count as a
 * value).
 *
 * @param fields the field paths of the key
 */
public record UniqueCheck(List<String> fields) implements Check.Rule {
  private static final String COUNT = "__wick_count";

  public UniqueCheck {
    fields = List.copyOf(fields);
  }

  @Override
  public String describe() {
    return "unique(" + String.join(", ", fields) + ")";
  }

  /**
   * One count of the distinct key values (nulls count as one value, as in a grouping), which equals
   * the row count exactly when no key repeats. Only a failure groups the keys again, for how many
   * repeat and for examples. Per row: the rows of a key that more than one row holds, every one of
   * them, counted over a window of the key.
   */
  static final CheckKind<UniqueCheck> KIND =
      new CheckKind<>(UniqueCheck.class, "unique", List.of("fields", "field")) {
        @Override
        Check.Rule parse(ChecksFile.Fields f) {
          if (f.has("fields") && f.has("field")) {
            throw WickException.usage(
                f.here() + " has both field and fields; give the key's fields under fields alone.");
          }
          if (f.has("field")) {
            return new UniqueCheck(List.of(f.field()));
          }
          JsonNode list = f.node().get("fields");
          if (list == null) {
            throw WickException.usage(
                f.here() + " lacks fields; give the key's fields, such as fields: [user_id, day].");
          }
          List<String> fields = new ArrayList<>();
          if (list.isArray()) {
            for (JsonNode n : list) {
              if (!n.isTextual() || n.asText().isBlank()) {
                fields = null;
                break;
              }
              fields.add(n.asText());
            }
          }
          if (fields == null || !list.isArray() || fields.isEmpty()) {
            throw WickException.usage(
                f.here()
                    + ": fields is "
                    + ChecksFile.describe(list)
                    + "; give a list of field names, such as fields: [user_id, day].");
          }
          return new UniqueCheck(fields);
        }

        @Override
        void write(UniqueCheck r, ObjectNode o) {
          ArrayNode a = o.putArray("fields");
          r.fields().forEach(a::add);
        }

        @Override
        Planned plan(Check check, UniqueCheck r, Planning p) {
          List<Column> keys = new ArrayList<>();
          Column[] plain = new Column[r.fields().size()];
          List<Column> named = new ArrayList<>();
          for (int i = 0; i < r.fields().size(); i++) {
            Resolved f = p.single(check, r.fields().get(i), "a unique");
            plain[i] = f.column();
            keys.add(plain[i].as(r.fields().get(i)));
            if (i > 0) {
              named.add(lit(", "));
            }
            named.add(Planned.rendered(f));
          }
          Column[] keyColumns = keys.toArray(new Column[0]);
          String what =
              r.fields().size() == 1
                  ? " of " + r.fields().get(0)
                  : " of " + String.join(", ", r.fields());
          String noun = r.fields().size() == 1 ? "value" : "combination";
          Function<Dataset<Row>, Dataset<Row>> duplicated =
              source ->
                  source.groupBy(keyColumns).agg(count(lit(1)).as(COUNT)).where(col(COUNT).gt(1));
          return Planned.own(
                  check,
                  new Planned.OwnJob(
                      source -> DistinctKeys.count(source.select(keyColumns)),
                      distinct -> {
                        if (distinct == p.rows()) {
                          return result(check, true, 0L, "0 duplicated", OptionalLong.of(0), "");
                        }
                        Row counts =
                            p.first(
                                duplicated
                                    .apply(p.data())
                                    .agg(count(lit(1)), coalesce(sum(col(COUNT)), lit(0L))));
                        long keysDuplicated = counts.getLong(0);
                        long rowsDuplicated = counts.getLong(1);
                        return result(
                                check,
                                false,
                                keysDuplicated,
                                "0 duplicated",
                                OptionalLong.of(keysDuplicated),
                                check.name()
                                    + ": "
                                    + Wording.count(keysDuplicated, noun)
                                    + what
                                    + (keysDuplicated == 1 ? " occurs" : " occur")
                                    + " more than once ("
                                    + Wording.count(rowsDuplicated, "row")
                                    + "); each must occur once.")
                            .withExamples(p.examples(duplicated.apply(p.data())));
                      }))
              .withRows(
                  Planned.Rows.flag(
                      String.join(", ", r.fields()),
                      r.fields().size() == 1
                          ? concat(named.get(0), lit(" occurs in more than one row"))
                          : concat(
                              lit("("),
                              concat(named.toArray(new Column[0])),
                              lit(") occur together in more than one row")),
                      (source, flag) -> flagDuplicated(source, flag, plain)));
        }
      };

  /**
   * {@code source} with the boolean column {@code flag}, true on every row of a key that more than
   * one row holds (null keys group together, as in the check's count). The duplicated keys are
   * found over the key columns alone and joined back, so only they, usually few, meet the rows.
   */
  private static Dataset<Row> flagDuplicated(Dataset<Row> source, String flag, Column[] key) {
    Column[] aliased = new Column[key.length];
    Column on = lit(true);
    for (int i = 0; i < key.length; i++) {
      String name = flag + "_k" + i;
      aliased[i] = key[i].as(name);
      on = on.and(key[i].eqNullSafe(col(name)));
    }
    String n = flag + "_n";
    Dataset<Row> duplicated =
        source
            .groupBy(aliased)
            .agg(count(lit(1)).as(n))
            .where(col(n).gt(1))
            .drop(n)
            .withColumn(flag, lit(true));
    Dataset<Row> joined = source.join(duplicated, on, "left");
    for (int i = 0; i < key.length; i++) {
      joined = joined.drop(flag + "_k" + i);
    }
    return joined;
  }
}
