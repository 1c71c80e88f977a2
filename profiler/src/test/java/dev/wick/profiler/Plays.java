package dev.wick.profiler;

import java.sql.Date;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Generated track plays with every kind of field, and the Java lists the tests compute exact
 * statistics from. Seeded: the same seed gives the same rows.
 */
final class Plays {
  static final StructType USER =
      new StructType()
          .add("name", DataTypes.StringType, true)
          .add("age", DataTypes.IntegerType, true);

  static final StructType SCHEMA =
      new StructType(
          new StructField[] {
            new StructField("id", DataTypes.LongType, false, semantic("test_even")),
            new StructField("ms_played", DataTypes.DoubleType, true, Metadata.empty()),
            new StructField("country", DataTypes.StringType, true, semantic("test_upper")),
            new StructField("premium", DataTypes.BooleanType, true, Metadata.empty()),
            new StructField("day", DataTypes.DateType, true, Metadata.empty()),
            new StructField(
                "tags",
                DataTypes.createArrayType(DataTypes.StringType, true),
                true,
                Metadata.empty()),
            new StructField("user", USER, true, Metadata.empty()),
            new StructField(
                "attrs",
                DataTypes.createMapType(DataTypes.StringType, DataTypes.IntegerType, true),
                true,
                Metadata.empty())
          });

  final List<Row> rows = new ArrayList<>();

  private static Metadata semantic(String name) {
    return new MetadataBuilder().putString("wick.semantic", name).build();
  }

  /** A Zipf-like draw from {@code n} values: value k has weight 1 / k^s. */
  static int zipf(SplittableRandom r, double[] cumulative) {
    double u = r.nextDouble() * cumulative[cumulative.length - 1];
    int i = Arrays.binarySearch(cumulative, u);
    return i >= 0 ? i : -i - 1;
  }

  static double[] zipfWeights(int n, double s) {
    double[] c = new double[n];
    double sum = 0;
    for (int k = 0; k < n; k++) {
      sum += 1.0 / Math.pow(k + 1, s);
      c[k] = sum;
    }
    return c;
  }

  /**
   * {@code n} plays; {@code shift} moves the play times' mean (in standard deviations) and {@code
   * countryShift} moves that share of plays to country "ZZ".
   */
  static Plays generate(int n, long seed, double shift, double countryShift) {
    Plays p = new Plays();
    SplittableRandom r = new SplittableRandom(seed);
    double[] countries = zipfWeights(300, 1.2);
    for (int i = 0; i < n; i++) {
      Double ms;
      int m = r.nextInt(100);
      if (m < 5) {
        ms = null;
      } else if (m == 5) {
        ms = Double.NaN;
      } else if (m == 6 && i % 2 == 0) {
        ms = Double.POSITIVE_INFINITY;
      } else {
        ms = 180_000 + 60_000 * (gaussian(r) + shift);
      }
      String country;
      int c = r.nextInt(100);
      if (c < 2) {
        country = null;
      } else if (c < 4) {
        country = "";
      } else if (r.nextDouble() < countryShift) {
        country = "ZZ";
      } else {
        int k = zipf(r, countries);
        country = k % 7 == 0 ? "c" + k : "C" + k;
      }
      Boolean premium = r.nextInt(10) == 0 ? null : r.nextInt(3) == 0;
      Date day =
          r.nextInt(20) == 0
              ? null
              : Date.valueOf(LocalDate.of(2024, 1, 1).plusDays(r.nextInt(366)));
      List<String> tags = null;
      if (r.nextInt(10) != 0) {
        tags = new ArrayList<>();
        int size = r.nextInt(5);
        for (int t = 0; t < size; t++) {
          tags.add(r.nextInt(8) == 0 ? null : "t" + r.nextInt(12));
        }
      }
      Row user = null;
      if (r.nextInt(20) != 0) {
        user =
            RowFactory.create(
                r.nextInt(10) == 0 ? null : "name" + r.nextInt(1000),
                r.nextInt(10) == 0 ? null : 18 + r.nextInt(60));
      }
      Map<String, Integer> attrs = null;
      if (r.nextInt(4) != 0) {
        attrs = new LinkedHashMap<>();
        int size = r.nextInt(3);
        for (int a = 0; a < size; a++) {
          attrs.put("k" + a, r.nextInt(6) == 0 ? null : r.nextInt(100));
        }
      }
      p.rows.add(
          RowFactory.create(
              (long) i,
              ms,
              country,
              premium,
              day,
              tags == null ? null : tags.toArray(new String[0]),
              user,
              attrs == null ? null : scala(attrs)));
    }
    return p;
  }

  private static scala.collection.Map<String, Integer> scala(Map<String, Integer> m) {
    return scala.jdk.javaapi.CollectionConverters.asScala(m);
  }

  private static double gaussian(SplittableRandom r) {
    double u1 = r.nextDouble();
    double u2 = r.nextDouble();
    return Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
  }

  Dataset<Row> dataset(SparkSession spark, int partitions) {
    return spark.createDataFrame(rows, SCHEMA).repartition(partitions);
  }

  /** The values of column {@code i}. */
  List<Object> column(int i) {
    List<Object> out = new ArrayList<>();
    for (Row r : rows) {
      out.add(r.get(i));
    }
    return out;
  }
}
