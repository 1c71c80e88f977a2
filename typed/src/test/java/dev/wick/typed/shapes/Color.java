package dev.wick.typed.shapes;

/** An enum component's type. */
public enum Color {
  RED,
  GREEN,
  BLUE
}
