/**
 * Internals of the dataset assertions (row comparison and matching, schema differences, message
 * formatting); not an API.
 */
package dev.wick.testkit.jobtest.internal;
