package dev.wick.typed.shapes;

import dev.wick.typed.WickRecord;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Result shapes of the operation tests. */
public final class Results {
  private Results() {}

  /** A name and an amount that a join may leave empty. */
  @WickRecord
  public record NameAmount(@Nullable String name, @Nullable Double amount) {}

  /** A name and an age. */
  @WickRecord
  public record NameAge(String name, int age) {}

  /** A person's name, city and country. */
  @WickRecord
  public record Located(
      String name, @Nullable String city, @Nullable String country, @Nullable Long population) {}

  /** One item of a purchase. */
  @WickRecord
  public record Item(long purchase_id, String item) {}

  /** Every aggregate of a city's people. */
  @WickRecord
  public record CityStats(
      @Nullable String city,
      long people,
      long with_city,
      long distinct_ages,
      long age_sum,
      double age_avg,
      int youngest,
      String first_name,
      @Nullable String max_city,
      List<String> names,
      List<Integer> ages) {}

  /** A count per two keys, with the keys in another order. */
  @WickRecord
  public record AgeCity(long n, int age, @Nullable String city) {}

  /** Distinct keys only. */
  @WickRecord
  public record Key(@Nullable String city) {}

  /** A key whose output name is also an aggregate's. */
  @WickRecord
  public record Renamed(@Nullable String name, String city) {}

  /** Total purchase amounts per person name. */
  @WickRecord
  public record Spend(String name, double total, @Nullable Double total_of_nullable) {}
}
