/**
 * Internal: the generation engine shared by the jqwik arbitraries and the bulk generation of {@code
 * dev.wick.testkit.generators}, which is its only user. Its public types are public for that
 * package alone and may change at any time; other modules use {@code
 * dev.wick.testkit.generators.Generators} and {@code dev.wick.testkit.generators.BulkGeneration}.
 * Nothing here refers to that package, so that the two packages form no cycle.
 */
package dev.wick.testkit.generators.internal;
