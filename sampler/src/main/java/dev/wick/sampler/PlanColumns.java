package dev.wick.sampler;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.floor;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.log2;

import org.apache.spark.sql.Column;

/** The helper columns a sample plan adds (and drops before writing), named to avoid clashes. */
final class PlanColumns {
  static final String PREFIX = "__wick_sample_";
  static final String UNIT = PREFIX + "u";
  static final String ID = PREFIX + "id";
  static final String PROBABILITY = PREFIX + "p";
  static final String TARGET = PREFIX + "t";
  static final String MAX_BUCKET = PREFIX + "b";
  static final String BUCKET = PREFIX + "bucket";
  static final String TIE = PREFIX + "tie";
  static final String RANK = PREFIX + "rank";
  static final String COUNT = PREFIX + "n";
  static final String RUNNING = PREFIX + "running";
  static final String KEY = PREFIX + "key";
  static final String KEY_JSON = PREFIX + "key_json";

  /** The bucket of a unit value when none is below 2^-53 (only an exact 0 lands here). */
  static final long ZERO_BUCKET = -100_000L;

  /** A bound that no bucket reaches: a stratum with a target of 0 keeps no candidates. */
  static final long NO_BUCKET = Long.MIN_VALUE;

  private PlanColumns() {}

  /** The column holding the i-th stratum field in pass 1 and in the plan table. */
  static String stratum(int i) {
    return PREFIX + "s" + i;
  }

  /**
   * The bucket of a unit value {@code u} in [0, 1): {@code floor(64 * log2(u))}, 64 buckets per
   * halving, so a bucket spans about 1.1% of its values. Exact sampling counts records per bucket
   * in pass 1 and keeps, in pass 2, only the buckets up to the one that reaches the target: never
   * fewer candidates than the target, and about 1% more. A monotone function of u, so the kept
   * records are the target's smallest u.
   */
  static Column bucket(Column unit) {
    return coalesce(floor(log2(unit).multiply(lit(64))), lit(ZERO_BUCKET));
  }

  static Column unit() {
    return col(UNIT);
  }
}
