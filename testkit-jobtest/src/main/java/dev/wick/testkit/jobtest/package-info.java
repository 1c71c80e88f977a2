/**
 * Testing Spark jobs: {@link dev.wick.testkit.jobtest.JobTest} runs a {@link
 * dev.wick.core.job.WickJob} on in-memory inputs (or through real files) and hands its outputs and
 * counters to assertions; {@link dev.wick.testkit.jobtest.SparkTest} gives JUnit 5 tests and jqwik
 * properties an isolated Spark session each; {@link dev.wick.testkit.jobtest.WickAssertions}
 * asserts on datasets, AssertJ style.
 */
package dev.wick.testkit.jobtest;
