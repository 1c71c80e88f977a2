/**
 * Results tables: the numbers of every run ({@link dev.wick.core.results.Metric}), with the run
 * that measured them ({@link dev.wick.core.results.Run}), appended to one table ({@link
 * dev.wick.core.results.ResultsTable}) to be queried and charted over time.
 */
package dev.wick.core.results;
