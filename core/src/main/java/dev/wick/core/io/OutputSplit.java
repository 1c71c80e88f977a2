package dev.wick.core.io;

import dev.wick.core.io.Output.Split;
import dev.wick.core.io.Output.SplitCounts;
import dev.wick.core.io.internal.SplitAvroFormat;
import dev.wick.core.io.internal.SplitOrcFormat;
import dev.wick.core.io.internal.SplitParquetFormat;
import dev.wick.core.io.internal.SplitWrite;
import dev.wick.core.spark.Columns;
import java.util.Optional;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.util.LongAccumulator;

/**
 * {@link Output#writeSplit}: rows written as two parts of an output in one pass, through the split
 * formats of {@link SplitWrite}, which write both parts into one folder; the parts are then moved
 * to their own names.
 */
final class OutputSplit {
  private OutputSplit() {}

  /** The split format class that writes {@code format}, if one does. */
  static Optional<String> splitFormat(Format format) {
    return Optional.ofNullable(
            switch (format) {
              case PARQUET -> SplitParquetFormat.class;
              case ORC -> SplitOrcFormat.class;
              case AVRO -> SplitAvroFormat.class;
              default -> null;
            })
        .map(Class::getName);
  }

  /** Writes {@code rows} into the open {@code out} as {@code split} says; see {@link Output}. */
  static SplitCounts write(Output out, Dataset<Row> rows, Format format, Split split) {
    String formatClass =
        splitFormat(format)
            .orElseThrow(
                () -> new IllegalArgumentException(format.sparkName() + " cannot be split"));
    var fields = rows.schema().fields();
    if (fields.length < 2
        || !fields[fields.length - 1]
            .dataType()
            .equals(org.apache.spark.sql.types.DataTypes.BooleanType)) {
      throw new IllegalArgumentException(
          "a split's rows end with the boolean column that chooses each row's part");
    }
    Dataset<Row> falseRows = split.falseRows().apply(rows);
    SplitWrite.Plan plan =
        SplitWrite.plan(
            rows, split.trueOptions(), falseRows, split.falseOptions(), split.counted());
    String id = SplitWrite.register(plan);
    String both = "_wick_split-" + id;
    Output.step("write.dataset-started", out.destinationPath());
    try {
      out.writeWith(
          () ->
              rows.write()
                  .mode(SaveMode.ErrorIfExists)
                  .option(SplitWrite.PLAN_OPTION, id)
                  .format(formatClass)
                  .save(Locations.forSpark(out.part(both))));
    } finally {
      SplitWrite.unregister(id);
    }
    Output.step("write.dataset-written", out.destinationPath());
    String falseFolder = both + "/" + SplitWrite.FALSE_FOLDER;
    if (out.move(falseFolder, split.falsePart())) {
      out.writeString(split.falsePart() + "/" + Output.SUCCESS, "");
    } else {
      // Task 0 writes the false side's file even with no false row; a format that still left no
      // file gets the part written empty here, with its columns.
      Dataset<Row> empty = falseRows.limit(0);
      out.writeDataset(
          split.falsePart(),
          empty.select(
              java.util.Arrays.stream(empty.columns())
                  .limit(empty.columns().length - (long) split.counted())
                  .map(Columns::column)
                  .toArray(Column[]::new)),
          format,
          split.falseOptions());
    }
    // Every task, and at least one, wrote a true file, empty or not: the rest is the true part.
    if (!out.exists(both + "/" + Output.SUCCESS)) {
      out.writeString(both + "/" + Output.SUCCESS, "");
    }
    out.move(both, split.truePart());
    return new SplitCounts(
        plan.trueRows().value(),
        plan.falseRows().value(),
        plan.counters().stream().map(LongAccumulator::value).toList());
  }
}
