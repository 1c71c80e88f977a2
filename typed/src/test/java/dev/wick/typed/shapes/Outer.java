package dev.wick.typed.shapes;

import dev.wick.typed.WickRecord;

/** Holds a nested record, whose metamodel is {@code Outer_Item_}. */
public final class Outer {
  private Outer() {}

  /** A record declared inside a class. */
  @WickRecord
  public record Item(String sku, int quantity) {}
}
