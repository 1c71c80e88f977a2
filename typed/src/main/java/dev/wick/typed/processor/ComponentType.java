package dev.wick.typed.processor;

/**
 * How the typed API sees one record component (or an element inside one): the Java type of its
 * values, the non-null column class, the source of the maker that types it, and whether it may be
 * null. All are Java source text for the generated metamodel.
 */
record ComponentType(String valueType, String columnType, String maker, boolean nullable) {
  static final String API = "dev.wick.typed.";

  /** The type of the expression for one value: the column class, or its nullable form. */
  String exprType() {
    return nullable ? nullableType() : columnType;
  }

  /** The nullable form of the column class. */
  String nullableType() {
    return API + "NullableCol<" + valueType + ", " + columnType + ">";
  }

  /** The maker of {@link #exprType()}. */
  String exprMaker() {
    return nullable ? nullableMaker() : maker;
  }

  /** The maker of the nullable form. */
  String nullableMaker() {
    return API + "Makers.nullable(" + maker + ")";
  }

  ComponentType withNullable(boolean value) {
    return new ComponentType(valueType, columnType, maker, value);
  }
}
