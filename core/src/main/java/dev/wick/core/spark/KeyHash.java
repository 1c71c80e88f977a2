package dev.wick.core.spark;

import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.shiftrightunsigned;
import static org.apache.spark.sql.functions.xxhash64;

import dev.wick.core.WickException;
import dev.wick.core.report.Wording;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.DoubleType;
import dev.wick.core.schema.DataType.FloatType;
import dev.wick.core.schema.DataType.IntType;
import dev.wick.core.schema.DataType.LongType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.DataType.TimeType;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.ResolvedPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.types.StructType;

/**
 * The key hash behind {@code --by}: a number in {@code [0, 1)} computed from a record's key fields
 * and a seed, with Spark's built-in {@code xxhash64} (a Catalyst expression, code-generated; no
 * UDF). A record is kept when its number falls below the fraction, so a key gets the same decision
 * in every dataset, every run and every partitioning.
 *
 * <h2>Encoding</h2>
 *
 * Spark's {@code xxhash64(e1, e2, ...)} hashes each argument in turn, feeding the running hash in
 * as the seed of the next; it skips null arguments, and hashes an {@code int} differently from a
 * {@code long} of the same value. Left alone, {@code (null, 'a')} and {@code ('a', null)} would
 * collide and a key stored as {@code int} in one dataset and {@code long} in another would sample
 * differently. So the arguments are, in order:
 *
 * <ol>
 *   <li>the seed, as a {@code BIGINT};
 *   <li>for each key field: {@code field IS NULL} (a boolean, never null: the null marker), then
 *       the field's value, normalized: integral types (and times of day) cast to {@code BIGINT},
 *       {@code FLOAT} cast to {@code DOUBLE}; a record field is replaced by the same pair for each
 *       of its fields, recursively.
 * </ol>
 *
 * The boolean before each value says whether a value follows, so the sequence of hashed items
 * decodes one way only; each string is hashed as its own item, and xxHash folds an item's byte
 * length into its hash, so {@code ('ab', 'c')} and {@code ('a', 'bc')} are different inputs. Arrays
 * and maps cannot be keys. Decimals hash as Spark hashes them (by precision class and unscaled
 * value), so give a decimal key the same type in every dataset; dates and timestamps hash as their
 * day and microsecond counts.
 *
 * <p>The 64-bit hash becomes a number in {@code [0, 1)} from its upper 53 bits: {@code
 * shiftrightunsigned(hash, 11) / 2^53}, exact in a {@code DOUBLE}.
 *
 * <h2>The same decision in Spark SQL</h2>
 *
 * {@code wick sample --by user_id,country --fraction 0.01 --seed 42} keeps exactly the rows of
 * {@code plays} (with {@code user_id} an integer and {@code country} a string) that this query
 * keeps:
 *
 * <pre>{@code
 * SELECT * FROM plays
 * WHERE shiftrightunsigned(
 *         xxhash64(CAST(42 AS BIGINT),
 *                  `user_id` IS NULL, CAST(`user_id` AS BIGINT),
 *                  `country` IS NULL, `country`),
 *         11) / 9007199254740992D < 0.01D
 * }</pre>
 *
 * {@link #unitSql} writes this expression for any schema and key, and {@code _wick_sample.json}
 * records it for every sample taken by key. The sampler's {@code --by} and bigdiff's sampled diff
 * both use this hash, so a diff on a sample picks the keys a sample by key picks.
 */
public final class KeyHash {
  /** {@code 2^53}: the upper 53 bits of the hash divided by it give a double in [0, 1). */
  static final double TWO_POW_53 = 9007199254740992.0;

  private KeyHash() {}

  /** The key's number in {@code [0, 1)} as a Catalyst column over data of {@code schema}. */
  public static Column unit(StructType schema, List<String> fields, long seed) {
    return both(schema, fields, seed).column();
  }

  /** The same number as a Spark SQL expression (see the class documentation). */
  public static String unitSql(StructType schema, List<String> fields, long seed) {
    return both(schema, fields, seed).sql();
  }

  /**
   * The unit value as a column and as Spark SQL, from one resolution of the key fields.
   *
   * @param column the key's number in {@code [0, 1)} as a Catalyst column
   * @param sql the same number as a Spark SQL expression
   */
  public record Unit(Column column, String sql) {}

  /** {@link #unit} and {@link #unitSql} at once, for callers that need both. */
  public static Unit both(StructType schema, List<String> fields, long seed) {
    Items items = items(schema, fields, seed);
    Column column =
        shiftrightunsigned(xxhash64(items.columns.toArray(Column[]::new)), 11)
            .divide(lit(TWO_POW_53));
    String sql =
        "shiftrightunsigned(xxhash64("
            + String.join(", ", items.sql)
            + "), 11) / 9007199254740992D";
    return new Unit(column, sql);
  }

  /**
   * The Spark SQL condition that keeps the same records as a sample {@code by} these fields with
   * {@code fraction} f.
   */
  public static String predicateSql(
      StructType schema, List<String> fields, long seed, double fraction) {
    return unitSql(schema, fields, seed) + " < " + Wording.plain(fraction) + "D";
  }

  /** The hashed items, as columns and as SQL, built side by side so they cannot drift apart. */
  private record Items(List<Column> columns, List<String> sql) {
    void add(Column c, String s) {
      columns.add(c);
      sql.add(s);
    }
  }

  private static Items items(StructType schema, List<String> fields, long seed) {
    if (fields.isEmpty()) {
      throw WickException.usage("A key hash needs at least one field; name the key fields in by.")
          .about("by", "by");
    }
    Schema model = Schemas.fromSpark(schema, "Input");
    Items items = new Items(new ArrayList<>(), new ArrayList<>());
    items.add(lit(seed), "CAST(" + seed + " AS BIGINT)");
    for (String name : fields) {
      ResolvedPath resolved = model.resolve(name);
      if (resolved.repeated()) {
        throw Schema.manyValuesPerRecord(name, "by").about("by", "by");
      }
      encode(resolved.path(), resolved.type(), name, items);
    }
    return items;
  }

  private static void encode(FieldPath path, DataType type, String keyName, Items items) {
    Column value = Columns.column(path);
    String sql = sql(path);
    items.add(value.isNull(), sql + " IS NULL");
    if (type instanceof IntType || type instanceof LongType || type instanceof TimeType) {
      items.add(value.cast("bigint"), "CAST(" + sql + " AS BIGINT)");
    } else if (type instanceof FloatType || type instanceof DoubleType) {
      items.add(value.cast("double"), "CAST(" + sql + " AS DOUBLE)");
    } else if (type instanceof RecordType r) {
      for (Field f : r.fields()) {
        encode(
            path.child(new FieldPath.Step(f.name(), FieldPath.Step.Kind.FIELD)),
            f.type(),
            keyName,
            items);
      }
    } else if (type instanceof ArrayType || type instanceof MapType) {
      throw WickException.usage(
              "Field '"
                  + keyName
                  + "' holds "
                  + (type instanceof ArrayType ? "an array" : "a map")
                  + (path.toString().equals(keyName) ? "" : " at '" + path + "'")
                  + ", which cannot be a key; name scalar fields (or records of them) in by.")
          .about("by", "by");
    } else {
      items.add(value, sql);
    }
  }

  /** The path in Spark SQL: {@code `a`.`b`}. */
  private static String sql(FieldPath path) {
    StringBuilder s = new StringBuilder();
    for (FieldPath.Step step : path.steps()) {
      if (s.length() > 0) {
        s.append('.');
      }
      s.append(Columns.quote(step.name()));
    }
    return s.toString();
  }
}
