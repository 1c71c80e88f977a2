/**
 * The failure messages of the dataset assertions, one factory per kind of failure, each building
 * the exact text a failing test prints.
 */
package dev.wick.testkit.jobtest.error;
