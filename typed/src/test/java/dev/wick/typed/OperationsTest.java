package dev.wick.typed;

import static dev.wick.typed.Functions.asc;
import static dev.wick.typed.Functions.avg;
import static dev.wick.typed.Functions.collectList;
import static dev.wick.typed.Functions.collectSet;
import static dev.wick.typed.Functions.count;
import static dev.wick.typed.Functions.countDistinct;
import static dev.wick.typed.Functions.desc;
import static dev.wick.typed.Functions.first;
import static dev.wick.typed.Functions.max;
import static dev.wick.typed.Functions.min;
import static dev.wick.typed.Functions.sum;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.typed.shapes.City;
import dev.wick.typed.shapes.City_;
import dev.wick.typed.shapes.Country;
import dev.wick.typed.shapes.Country_;
import dev.wick.typed.shapes.Person;
import dev.wick.typed.shapes.Person_;
import dev.wick.typed.shapes.Purchase;
import dev.wick.typed.shapes.Purchase_;
import dev.wick.typed.shapes.Results.AgeCity;
import dev.wick.typed.shapes.Results.CityStats;
import dev.wick.typed.shapes.Results.Item;
import dev.wick.typed.shapes.Results.Key;
import dev.wick.typed.shapes.Results.Located;
import dev.wick.typed.shapes.Results.NameAge;
import dev.wick.typed.shapes.Results.NameAmount;
import dev.wick.typed.shapes.Results.Renamed;
import dev.wick.typed.shapes.Results.Spend;
import dev.wick.typed.shapes.Results_AgeCity_;
import dev.wick.typed.shapes.Results_CityStats_;
import dev.wick.typed.shapes.Results_Item_;
import dev.wick.typed.shapes.Results_Key_;
import dev.wick.typed.shapes.Results_Located_;
import dev.wick.typed.shapes.Results_NameAge_;
import dev.wick.typed.shapes.Results_NameAmount_;
import dev.wick.typed.shapes.Results_Renamed_;
import dev.wick.typed.shapes.Results_Spend_;
import java.util.List;
import java.util.TreeSet;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/** Every dataset operation, checked on data. */
class OperationsTest {
  static final SparkSession spark = Fixtures.spark();

  static final List<Person> PEOPLE =
      List.of(
          new Person(1, "Ann", "Paris", 30),
          new Person(2, "Bob", "Oslo", 25),
          new Person(3, "Cid", null, 41),
          new Person(4, "Dee", "Paris", 30),
          new Person(5, "Eve", "Rome", 35));

  static final List<Purchase> PURCHASES =
      List.of(
          new Purchase(100, 1, 10.0, List.of("pen", "ink")),
          new Purchase(101, 1, 5.5, List.of("pad")),
          new Purchase(102, 2, 20.0, List.of()),
          new Purchase(103, 9, 1.0, List.of("gum")));

  static final List<City> CITIES =
      List.of(new City("Paris", "FR"), new City("Oslo", "NO"), new City("Lima", "PE"));

  static final List<Country> COUNTRIES = List.of(new Country("FR", 68), new Country("PE", 34));

  static TypedDataset<Person, Person_, Person_.Nullable> people() {
    return Typed.of(spark, PEOPLE, Person_.META);
  }

  static TypedDataset<Purchase, Purchase_, Purchase_.Nullable> purchases() {
    return Typed.of(spark, PURCHASES, Purchase_.META);
  }

  static TypedDataset<City, City_, City_.Nullable> cities() {
    return Typed.of(spark, CITIES, City_.META);
  }

  static TypedDataset<Country, Country_, Country_.Nullable> countries() {
    return Typed.of(spark, COUNTRIES, Country_.META);
  }

  @Test
  void filterSelectOrderLimitCount() {
    var adults =
        people()
            .filter(p -> p.age().ge(30))
            .select(p -> Results_NameAge_.of(p.name().upper(), p.age()))
            .orderBy(p -> desc(p.age()).then(asc(p.name())));
    assertThat(adults.collect())
        .containsExactly(
            new NameAge("CID", 41),
            new NameAge("EVE", 35),
            new NameAge("ANN", 30),
            new NameAge("DEE", 30));
    assertThat(adults.limit(2).collect()).hasSize(2);
    assertThat(adults.count()).isEqualTo(4);
  }

  @Test
  void filterOnANullableColumnNeedsMapAndDropsNulls() {
    var parisians = people().filter(p -> p.city().map(c -> c.eq("Paris")));
    assertThat(parisians.collect()).extracting(Person::name).containsExactly("Ann", "Dee");
    var unknown = people().filter(p -> p.city().isNull());
    assertThat(unknown.collect()).extracting(Person::name).containsExactly("Cid");
  }

  @Test
  void withColumnReplacesAFieldKeepingTheType() {
    var older = people().withColumn(p -> p.age()).to(p -> p.age().plus(1));
    assertThat(older.collect()).extracting(Person::age).containsExactly(31, 26, 42, 31, 36);
    var located = people().withColumn(p -> p.city()).to(p -> p.city().orElse("?").asNullable());
    assertThat(located.collect()).extracting(Person::city).contains("?").doesNotContainNull();
    assertThat(older.toDF().columns()).containsExactly("id", "name", "city", "age");
  }

  @Test
  void withColumnAndDropDuplicatesTakeFieldsOnly() {
    assertThatThrownBy(() -> people().withColumn(p -> p.age().plus(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "withColumn takes fields of the record, like v -> v.price(), not the expression"
                + " +(age, 1).");
    assertThatThrownBy(() -> people().dropDuplicates(p -> p.name().upper()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("dropDuplicates takes fields of the record");
  }

  @Test
  void distinctDropDuplicatesAndUnion() {
    var twice = people().union(people());
    assertThat(twice.count()).isEqualTo(10);
    assertThat(twice.distinct().count()).isEqualTo(5);
    assertThat(people().dropDuplicates(p -> p.city(), p -> p.age()).count()).isEqualTo(4);
    assertThat(twice.dropDuplicates().count()).isEqualTo(5);
  }

  @Test
  void innerLeftRightAndFullJoins() {
    var inner =
        people()
            .join(purchases(), (p, o) -> p.id().eq(o.person_id()))
            .select((p, o) -> Results_NameAmount_.of(p.name(), o.amount()));
    assertThat(inner.collect())
        .containsExactlyInAnyOrder(
            new NameAmount("Ann", 10.0), new NameAmount("Ann", 5.5), new NameAmount("Bob", 20.0));

    var left =
        people()
            .leftJoin(purchases(), (p, o) -> p.id().eq(o.person_id()))
            .select((p, o) -> Results_NameAmount_.of(p.name(), o.amount()));
    assertThat(left.collect())
        .hasSize(6)
        .contains(new NameAmount("Cid", null), new NameAmount("Ann", 5.5));

    var right =
        people()
            .rightJoin(purchases(), (p, o) -> p.id().eq(o.person_id()))
            .select((p, o) -> Results_NameAmount_.of(p.name(), o.amount()));
    assertThat(right.collect()).hasSize(4).contains(new NameAmount(null, 1.0));

    var full =
        people()
            .fullJoin(purchases(), (p, o) -> p.id().eq(o.person_id()))
            .select((p, o) -> Results_NameAmount_.of(p.name(), o.amount()));
    assertThat(full.collect())
        .hasSize(7)
        .contains(new NameAmount(null, 1.0), new NameAmount("Eve", null));
  }

  @Test
  void semiAndAntiJoinsKeepTheLeftRecords() {
    var buyers = people().semiJoin(purchases(), (p, o) -> p.id().eq(o.person_id()));
    assertThat(buyers.collect()).extracting(Person::name).containsExactlyInAnyOrder("Ann", "Bob");
    var others = people().antiJoin(purchases(), (p, o) -> p.id().eq(o.person_id()));
    assertThat(others.collect())
        .extracting(Person::name)
        .containsExactlyInAnyOrder("Cid", "Dee", "Eve");
    assertThat(others.toDF().columns()).containsExactly("id", "name", "city", "age");
  }

  @Test
  void fourInputsJoinInOneChain() {
    var located =
        people()
            .join(purchases(), (p, o) -> p.id().eq(o.person_id()))
            .leftJoin(cities(), (p, o, c) -> p.city().map(pc -> pc.eq(c.city())))
            .leftJoin(countries(), (p, o, c, k) -> c.country().map(cc -> cc.eq(k.country())))
            .filter((p, o, c, k) -> o.amount().gt(6.0))
            .select(
                (p, o, c, k) ->
                    Results_Located_.of(p.name(), c.city(), c.country(), k.population()));
    assertThat(located.collect())
        .containsExactlyInAnyOrder(
            new Located("Ann", "Paris", "FR", 68L), new Located("Bob", "Oslo", "NO", null));
  }

  @Test
  void joinsAfterOuterJoinsAndSelfJoins() {
    var everyone =
        cities()
            .fullJoin(countries(), (c, k) -> c.country().eq(k.country()))
            .semiJoin(people(), (c, k, p) -> c.city().eqNullSafe(p.city()))
            .select(
                (c, k) ->
                    Results_Located_.of(
                        c.city().orElse("?"), c.city(), k.country(), k.population()));
    assertThat(everyone.collect())
        .containsExactlyInAnyOrder(
            new Located("Paris", "Paris", "FR", 68L), new Located("Oslo", "Oslo", null, null));

    var neighbours =
        people()
            .join(people(), (a, b) -> a.city().eqNullSafe(b.city()).and(a.id().lt(b.id())))
            .select((a, b) -> Results_NameAge_.of(a.name().concat(b.name()), b.age()));
    assertThat(neighbours.collect()).containsExactly(new NameAge("AnnDee", 30));
  }

  @Test
  void explodeInASelect() {
    var items =
        purchases()
            .select(o -> Results_Item_.of(o.purchase_id(), o.items().explode()))
            .orderBy(i -> asc(i.item()));
    assertThat(items.collect())
        .containsExactly(
            new Item(103, "gum"), new Item(100, "ink"), new Item(101, "pad"), new Item(100, "pen"));
  }

  @Test
  void groupByWithEveryAggregate() {
    var stats =
        people()
            .groupBy(p -> p.city())
            .agg(
                (city, p) ->
                    Results_CityStats_.of(
                        city,
                        count(),
                        count(p.city()),
                        countDistinct(p.age()),
                        sum(p.age()),
                        avg(p.age()),
                        min(p.age()),
                        first(p.name().substring(1, 1)).map(n -> n.concat("*")),
                        max(p.city()),
                        collectList(p.name()),
                        collectSet(p.age())))
            .orderBy(s -> asc(s.city()));
    List<CityStats> rows = stats.collect();
    assertThat(rows).extracting(CityStats::city).containsExactly(null, "Oslo", "Paris", "Rome");
    CityStats paris = rows.get(2);
    assertThat(paris.people()).isEqualTo(2);
    assertThat(paris.with_city()).isEqualTo(2);
    assertThat(paris.distinct_ages()).isEqualTo(1);
    assertThat(paris.age_sum()).isEqualTo(60L);
    assertThat(paris.age_avg()).isEqualTo(30.0);
    assertThat(paris.youngest()).isEqualTo(30);
    assertThat(paris.first_name()).isIn("A*", "D*");
    assertThat(paris.max_city()).isEqualTo("Paris");
    assertThat(new TreeSet<>(paris.names())).containsExactly("Ann", "Dee");
    assertThat(paris.ages()).containsExactly(30);
    CityStats nowhere = rows.get(0);
    assertThat(nowhere.with_city()).isZero();
    assertThat(nowhere.max_city()).isNull();
    assertThat(nowhere.first_name()).isEqualTo("C*");
  }

  @Test
  void groupByKeysInAnyOrderRenamedOrAlone() {
    var counts =
        people()
            .groupBy(p -> p.city(), p -> p.age())
            .agg((city, age, p) -> Results_AgeCity_.of(count(), age, city))
            .orderBy(c -> desc(c.n()).then(asc(c.age())));
    assertThat(counts.collect())
        .containsExactly(
            new AgeCity(2, 30, "Paris"),
            new AgeCity(1, 25, "Oslo"),
            new AgeCity(1, 35, "Rome"),
            new AgeCity(1, 41, null));
    assertThat(counts.toDF().columns()).containsExactly("n", "age", "city");

    var keys = people().groupBy(p -> p.city()).agg((city, p) -> Results_Key_.of(city));
    assertThat(keys.collect())
        .containsExactlyInAnyOrder(
            new Key("Paris"), new Key("Oslo"), new Key("Rome"), new Key(null));

    // The key's own name, city, is also the name of an aggregate: the keys are named apart.
    var renamed =
        people().groupBy(p -> p.city()).agg((city, p) -> Results_Renamed_.of(city, min(p.name())));
    assertThat(renamed.collect())
        .containsExactlyInAnyOrder(
            new Renamed("Paris", "Ann"),
            new Renamed("Oslo", "Bob"),
            new Renamed("Rome", "Eve"),
            new Renamed(null, "Cid"));
  }

  @Test
  void aggregatesOverJoinedAndNullableValues() {
    var spend =
        people()
            .leftJoin(purchases(), (p, o) -> p.id().eq(o.person_id()))
            .select((p, o) -> Results_NameAmount_.of(p.name(), o.amount()))
            .groupBy(r -> r.name().orElse("?"), r -> r.name())
            .agg(
                (name, ignored, r) ->
                    Results_Spend_.of(
                        name,
                        sum(r.amount()).map(s -> s.orElse(0.0)),
                        sum(r.amount())
                            .combine(count(), (s, n) -> s.map(v -> v.divide(n.asDouble())))))
            .orderBy(s -> desc(s.total()).then(asc(s.name())));
    assertThat(spend.collect())
        .containsExactly(
            new Spend("Bob", 20.0, 20.0),
            new Spend("Ann", 15.5, 7.75),
            new Spend("Cid", 0.0, null),
            new Spend("Dee", 0.0, null),
            new Spend("Eve", 0.0, null));
  }
}
