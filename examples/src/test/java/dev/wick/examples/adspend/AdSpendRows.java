package dev.wick.examples.adspend;

import dev.wick.core.schema.RowCodec;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** The ad-spend output rows as records, in their order. */
final class AdSpendRows {
  private AdSpendRows() {}

  static List<AdSpend> of(Dataset<Row> rows) {
    return rows.collectAsList().stream().map(r -> RowCodec.toRecord(r, AdSpend.class)).toList();
  }
}
