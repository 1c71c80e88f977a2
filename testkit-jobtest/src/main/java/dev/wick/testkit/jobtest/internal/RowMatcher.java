package dev.wick.testkit.jobtest.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Row;

/**
 * Matches expected rows against actual rows as multisets. Rows with equal canonical forms match
 * first (a hash lookup); what is left is matched pairwise under the comparator's tolerances; what
 * is still left is paired into changed rows by key columns, or without a key by the most columns in
 * common (at least half of them), and the rest is missing or unexpected.
 */
public final class RowMatcher {
  /** Above this many pairs of leftover rows the pairwise passes are skipped. */
  static final long MAX_PAIRS = 10_000_000L;

  /** Above this many pairs of leftover rows no changed rows are paired without a key. */
  static final long MAX_SIMILARITY_PAIRS = 1_000_000L;

  private RowMatcher() {}

  /**
   * The difference between {@code expected} and {@code actual} regardless of order.
   *
   * @param keyColumns the columns that identify a row, to pair changed rows; empty to pair by the
   *     most columns in common
   */
  public static RowDiff unordered(
      List<Row> expected, List<Row> actual, RowComparator comparator, List<Integer> keyColumns) {
    Map<Object, Deque<Integer>> actualByValue = new HashMap<>();
    for (int i = 0; i < actual.size(); i++) {
      actualByValue
          .computeIfAbsent(RowComparator.canonical(actual.get(i)), k -> new ArrayDeque<>())
          .add(i);
    }
    boolean[] actualMatched = new boolean[actual.size()];
    List<Integer> leftExpected = new ArrayList<>();
    for (int i = 0; i < expected.size(); i++) {
      Deque<Integer> same = actualByValue.get(RowComparator.canonical(expected.get(i)));
      if (same != null && !same.isEmpty()) {
        actualMatched[same.poll()] = true;
      } else {
        leftExpected.add(i);
      }
    }
    List<Integer> leftActual = new ArrayList<>();
    for (int i = 0; i < actual.size(); i++) {
      if (!actualMatched[i]) {
        leftActual.add(i);
      }
    }
    boolean pairwise = (long) leftExpected.size() * leftActual.size() <= MAX_PAIRS;
    if (pairwise) {
      matchWithin(expected, actual, comparator, leftExpected, leftActual);
    }
    List<RowDiff.Changed> changed = new ArrayList<>();
    if (!keyColumns.isEmpty()) {
      pairByKey(expected, actual, comparator, keyColumns, leftExpected, leftActual, changed);
    } else if ((long) leftExpected.size() * leftActual.size() <= MAX_SIMILARITY_PAIRS) {
      pairBySimilarity(expected, actual, comparator, leftExpected, leftActual, changed);
    }
    return new RowDiff(
        leftExpected.stream().map(expected::get).toList(),
        leftActual.stream().map(actual::get).toList(),
        changed);
  }

  /** The first index where two equally long lists of rows differ, or -1. */
  public static int firstDifference(List<Row> expected, List<Row> actual, RowComparator c) {
    for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
      if (!c.rowsEqual(expected.get(i), actual.get(i))) {
        return i;
      }
    }
    return expected.size() == actual.size() ? -1 : Math.min(expected.size(), actual.size());
  }

  /** The indexes of the columns where two rows differ. */
  public static List<Integer> differingColumns(Row expected, Row actual, RowComparator c) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < Math.max(expected.length(), actual.length()); i++) {
      Object e = i < expected.length() ? expected.get(i) : null;
      Object a = i < actual.length() ? actual.get(i) : null;
      if (i >= expected.length() || i >= actual.length() || !c.equal(e, a)) {
        out.add(i);
      }
    }
    return out;
  }

  private static void matchWithin(
      List<Row> expected,
      List<Row> actual,
      RowComparator comparator,
      List<Integer> leftExpected,
      List<Integer> leftActual) {
    var e = leftExpected.iterator();
    while (e.hasNext()) {
      Row row = expected.get(e.next());
      for (int j = 0; j < leftActual.size(); j++) {
        if (comparator.rowsEqual(row, actual.get(leftActual.get(j)))) {
          leftActual.remove(j);
          e.remove();
          break;
        }
      }
    }
  }

  private static void pairByKey(
      List<Row> expected,
      List<Row> actual,
      RowComparator comparator,
      List<Integer> keyColumns,
      List<Integer> leftExpected,
      List<Integer> leftActual,
      List<RowDiff.Changed> changed) {
    Map<Object, Deque<Integer>> actualByKey = new HashMap<>();
    for (int a : leftActual) {
      actualByKey.computeIfAbsent(key(actual.get(a), keyColumns), k -> new ArrayDeque<>()).add(a);
    }
    List<Integer> pairedActual = new ArrayList<>();
    var e = leftExpected.iterator();
    while (e.hasNext()) {
      Row row = expected.get(e.next());
      Deque<Integer> same = actualByKey.get(key(row, keyColumns));
      if (same != null && !same.isEmpty()) {
        int a = same.poll();
        pairedActual.add(a);
        changed.add(
            new RowDiff.Changed(
                row, actual.get(a), differingColumns(row, actual.get(a), comparator)));
        e.remove();
      }
    }
    leftActual.removeAll(pairedActual);
  }

  private static Object key(Row row, List<Integer> keyColumns) {
    List<Object> out = new ArrayList<>(keyColumns.size());
    for (int k : keyColumns) {
      out.add(k < row.length() ? RowComparator.canonical(row.get(k)) : null);
    }
    return out;
  }

  private record Candidate(int expected, int actual, int common) {}

  private static void pairBySimilarity(
      List<Row> expected,
      List<Row> actual,
      RowComparator comparator,
      List<Integer> leftExpected,
      List<Integer> leftActual,
      List<RowDiff.Changed> changed) {
    List<Candidate> candidates = new ArrayList<>();
    for (int e : leftExpected) {
      Row er = expected.get(e);
      if (er.length() < 2) {
        continue;
      }
      for (int a : leftActual) {
        Row ar = actual.get(a);
        if (ar.length() != er.length()) {
          continue;
        }
        int common = 0;
        for (int c = 0; c < er.length(); c++) {
          if (comparator.equal(er.get(c), ar.get(c))) {
            common++;
          }
        }
        if (common * 2 >= er.length() && common < er.length()) {
          candidates.add(new Candidate(e, a, common));
        }
      }
    }
    candidates.sort(
        Comparator.comparingInt(Candidate::common)
            .reversed()
            .thenComparingInt(Candidate::expected)
            .thenComparingInt(Candidate::actual));
    Set<Integer> pairedExpected = new HashSet<>();
    Set<Integer> pairedActual = new HashSet<>();
    List<Candidate> chosen = new ArrayList<>();
    for (Candidate c : candidates) {
      if (!pairedExpected.contains(c.expected()) && !pairedActual.contains(c.actual())) {
        pairedExpected.add(c.expected());
        pairedActual.add(c.actual());
        chosen.add(c);
      }
    }
    chosen.sort(Comparator.comparingInt(Candidate::expected));
    for (Candidate c : chosen) {
      Row er = expected.get(c.expected());
      Row ar = actual.get(c.actual());
      changed.add(new RowDiff.Changed(er, ar, differingColumns(er, ar, comparator)));
    }
    leftExpected.removeAll(pairedExpected);
    leftActual.removeAll(pairedActual);
  }
}
