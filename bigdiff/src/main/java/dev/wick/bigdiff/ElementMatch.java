package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.array_distinct;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.exists;
import static org.apache.spark.sql.functions.filter;
import static org.apache.spark.sql.functions.flatten;
import static org.apache.spark.sql.functions.forall;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.size;
import static org.apache.spark.sql.functions.sort_array;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.to_json;
import static org.apache.spark.sql.functions.transform;
import static org.apache.spark.sql.functions.try_element_at;
import static org.apache.spark.sql.functions.when;
import static org.apache.spark.sql.functions.zip_with;

import dev.wick.bigdiff.Alignment.KeyedArray;
import dev.wick.bigdiff.Alignment.Leaf;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.Schemas;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.types.DataTypes;

/**
 * Arrays of records matched by an element key, as Catalyst higher-order functions: within one key's
 * row, an element of the left array is paired with the element of the right array that has the same
 * element key (null-safe), wherever it is. No element is paired by position, so arrays of different
 * lengths never misalign. The work per row is quadratic in the array's length, which suits the
 * arrays records carry (tens to hundreds of elements).
 *
 * <p>An array in which an element key is null (or an element is null) or repeats cannot be matched
 * unambiguously: such an array never equals anything, and its key's report says why ({@link
 * #problem}), so that a gate never passes what was not compared.
 */
final class ElementMatch {
  private ElementMatch() {}

  /** The element key of {@code element} (a record), at {@code key} below it. */
  static Column keyOf(Column element, FieldPath key) {
    Column out = element;
    for (FieldPath.Step step : key.steps()) {
      out = out.getField(step.name());
    }
    return out;
  }

  /** Whether every element of {@code array} has a non-null key that no other element has. */
  static Column matchable(Column array, FieldPath key) {
    return forall(array, x -> keyOf(x, key).isNotNull())
        .and(size(array_distinct(transform(array, x -> keyOf(x, key)))).equalTo(size(array)));
  }

  /**
   * Both arrays (non-null) are equal when matched by key: both matchable, of one size, and every
   * left element has a right element with its key that equals it under {@code rules}. With unique
   * keys and equal sizes, that pairing is one to one.
   */
  static Column equal(
      Column l, Column r, ArrayType type, FieldPath path, FieldPath key, Rules rules) {
    FieldPath elements = Alignment.elements(path, true);
    Column matched = matchable(l, key).and(matchable(r, key)).and(size(l).equalTo(size(r)));
    if (!Rules.containsMap(type.element())) {
      // Sorted by element key (unique on both sides), equal arrays pair up position by position:
      // one sort per side instead of a search per element.
      Column ls = byKey(l, key);
      Column rs = byKey(r, key);
      if (!rules.needsDeepComparison(type.element(), elements)) {
        return matched.and(ls.eqNullSafe(rs));
      }
      return matched.and(
          forall(
              zip_with(
                  ls,
                  rs,
                  (a, b) ->
                      Comparisons.equal(
                          a.getField("v"), b.getField("v"), type.element(), elements, rules)),
              x -> x));
    }
    return matched.and(
        forall(
            l,
            x ->
                exists(
                    r,
                    y ->
                        keyOf(x, key)
                            .eqNullSafe(keyOf(y, key))
                            .and(Comparisons.equal(x, y, type.element(), elements, rules)))));
  }

  /** {@code array}'s elements as {@code (k: element key, v: element)}, sorted by key. */
  private static Column byKey(Column array, FieldPath key) {
    return sort_array(transform(array, x -> struct(keyOf(x, key).as("k"), x.as("v"))));
  }

  /**
   * Why two differing arrays could not be matched by key, or null when they could: names the side
   * whose array holds a null or repeated element key.
   */
  static Column problem(Column l, Column r, KeyedArray k) {
    Column badL = coalesce(not(matchable(l, k.elementKey())), lit(false));
    Column badR = coalesce(not(matchable(r, k.elementKey())), lit(false));
    String what = "a null or repeated " + k.elementKey() + " in ";
    return when(badL.and(badR), lit(what + "both sides"))
        .when(badL, lit(what + "lhs"))
        .when(badR, lit(what + "rhs"));
  }

  /**
   * The element-level differences of two arrays that could be matched ({@link #problem} is null),
   * as entries of {@code keys/}'s {@code fields}: an element on one side only ({@code plays[]}, the
   * element as JSON on its side), and each differing field of a matched element ({@code
   * plays[].ms_played}, with both values and the delta); {@code element} names the element key.
   */
  static Column entries(Column l, Column r, KeyedArray k, Rules rules) {
    org.apache.spark.sql.types.DataType sparkType =
        Schemas.toSpark(k.array().type(), k.array().name());
    Column empty = array().cast(sparkType);
    Column lhs = coalesce(l, empty);
    Column rhs = coalesce(r, empty);
    FieldPath key = k.elementKey();
    Column pairs =
        transform(
            lhs,
            x ->
                struct(
                    x.as("l"),
                    try_element_at(
                            filter(rhs, y -> keyOf(y, key).eqNullSafe(keyOf(x, key))), lit(1))
                        .as("r")));
    Column onlyLhs =
        transform(
            filter(pairs, p -> p.getField("r").isNull()),
            p ->
                entry(
                    k.elements(),
                    p.getField("l"),
                    k,
                    to_json(p.getField("l")),
                    nothing(),
                    nothing()));
    Column onlyRhs =
        transform(
            filter(rhs, y -> not(exists(lhs, x -> keyOf(x, key).eqNullSafe(keyOf(y, key))))),
            y -> entry(k.elements(), y, k, nothing(), to_json(y), nothing()));
    Column matched =
        flatten(
            transform(
                filter(pairs, p -> p.getField("r").isNotNull()),
                p -> fieldEntries(p.getField("l"), p.getField("r"), k, rules)));
    return filter(concat(onlyLhs, onlyRhs, matched), e -> e.isNotNull());
  }

  /** One entry per element field: the differing ones, nulls for the others. */
  private static Column fieldEntries(Column x, Column y, KeyedArray k, Rules rules) {
    List<Column> out = new ArrayList<>();
    for (Leaf f : k.fields()) {
      Column lv = value(x, f, k);
      Column rv = value(y, f, k);
      Column eq =
          f.presence() ? lv.eqNullSafe(rv) : Comparisons.equal(lv, rv, f.type(), f.path(), rules);
      out.add(
          when(
              not(eq),
              entry(
                  f,
                  x,
                  k,
                  DeltaExpressions.render(lv, f),
                  DeltaExpressions.render(rv, f),
                  DeltaExpressions.delta(lv, rv, f, rules))));
    }
    if (out.isEmpty()) {
      return array().cast(DataTypes.createArrayType(DiffPlan.FIELD_DIFF));
    }
    return array(out.toArray(new Column[0]));
  }

  /** The value of element field {@code f} in {@code element} (for a presence leaf: is it null). */
  private static Column value(Column element, Leaf f, KeyedArray k) {
    List<FieldPath.Step> steps = f.path().steps();
    int depth = k.elements().path().steps().size();
    Column out = element;
    for (FieldPath.Step step : steps.subList(depth, steps.size())) {
      out = out.getField(step.name());
    }
    return f.presence() ? out.isNull() : out;
  }

  private static Column entry(
      Leaf field, Column element, KeyedArray k, Column left, Column right, Column raw) {
    Column delta = DeltaExpressions.finite(DeltaExpressions.value(raw.cast("double"), field));
    return struct(
        lit(field.name()).as("field"),
        left.cast("string").as("left"),
        right.cast("string").as("right"),
        delta.cast("double").as("delta"),
        concat(lit(k.elementKey() + "="), keyOf(element, k.elementKey()).cast("string"))
            .as("element"),
        (field.presence() ? lit(null) : DeltaExpressions.lowerBound(raw, field))
            .cast("boolean")
            .as("lowerBound"));
  }

  private static Column nothing() {
    return lit(null);
  }
}
