package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.report.Wording;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.Columns;
import java.io.PrintWriter;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code wick show}: prints some rows of a dataset as a text table, such as the invalid rows {@code
 * wick validate} and {@code wick check --split} write, with their reasons.
 */
@Command(
    name = "show",
    header = "Print rows of a dataset as a table.",
    mixinStandardHelpOptions = true,
    description =
        "Print the first rows of a dataset (a file, folder or glob, or a table) as a text table on"
            + " stdout: --where keeps the rows a SQL predicate holds for, --columns chooses the"
            + " fields (nested ones as a.b), --limit says how many rows. Nulls read null, records,"
            + " arrays and maps read as compact JSON-like text, long values are cut with an"
            + " ellipsis, and the reasons column of an invalid/ folder that wick validate or wick"
            + " check --split wrote reads field: reason; field2: reason2. The last line says how"
            + " many rows were shown and whether more match.")
final class ShowCommand implements Callable<Integer> {
  /** How many rows are shown unless {@code --limit} says otherwise. */
  static final int DEFAULT_LIMIT = 20;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin SparkOptions spark;

  @Mixin InputOptions input;

  @Option(
      names = "--limit",
      paramLabel = "N",
      description = "How many rows to show, 1 or more (default: ${DEFAULT-VALUE}).")
  int limit = DEFAULT_LIMIT;

  @Option(
      names = "--columns",
      split = ",",
      paramLabel = "FIELD",
      description =
          "Show only these fields, in this order: top-level columns or nested paths such as"
              + " address.city or events[].kind (default: every column).")
  List<String> columns = new ArrayList<>();

  @Override
  public Integer call() {
    if (limit < 1) {
      throw WickException.usage(
          "--limit " + limit + " shows no rows; pass a number of rows of 1 or more.");
    }
    List<FieldPath> paths = new ArrayList<>();
    for (String c : columns) {
      paths.add(FieldPath.parse(c));
    }
    SparkSession session = spark.spark();
    Dataset<Row> data = input.source().read(session);
    List<String> headers = new ArrayList<>();
    Dataset<Row> shown = data;
    if (!paths.isEmpty()) {
      Schema schema = Schemas.fromSpark(data.schema());
      List<Column> selected = new ArrayList<>();
      for (int i = 0; i < paths.size(); i++) {
        FieldPath path = paths.get(i);
        try {
          path.resolve(schema);
        } catch (WickException e) {
          throw WickException.usage(
              e.getMessage().replaceFirst("[.\\s]+$", "") + "; fix --columns.", e);
        }
        Column c = path.isStructPath() ? Columns.column(path) : Columns.values(path);
        selected.add(c.as("c" + i));
        headers.add(path.toString());
      }
      shown = data.select(selected.toArray(new Column[0]));
    } else {
      headers.addAll(List.of(data.columns()));
    }
    // One row more than shown says whether more match, without counting them all.
    int asked = limit == Integer.MAX_VALUE ? limit : limit + 1;
    List<Row> rows = shown.limit(asked).collectAsList();
    boolean more = rows.size() > limit;
    List<Row> printed = more ? rows.subList(0, limit) : rows;

    PrintWriter out = spec.commandLine().getOut();
    ZoneId zone = ZoneId.of(session.conf().get("spark.sql.session.timeZone"));
    ShowTable.print(out, headers, shown.schema(), printed, zone);
    if (printed.isEmpty()) {
      out.println("0 rows.");
    } else if (more) {
      out.println(Wording.count(printed.size(), "row") + " shown; more match (raise --limit).");
    } else {
      out.println(Wording.count(printed.size(), "row") + " shown.");
    }
    out.flush();
    return 0;
  }
}
