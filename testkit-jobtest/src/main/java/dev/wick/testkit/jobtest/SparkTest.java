package dev.wick.testkit.jobtest;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.PropagationMode;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Spark for JUnit 5 tests and jqwik properties. Every test (each JUnit test method, each jqwik
 * property) gets its own session, a {@code newSession()} of one local session shared by the whole
 * JVM: SQL settings, temporary views and functions do not leak between tests, while the costly
 * SparkContext starts once. Each session starts with settings for a test's small data, where a
 * query's time is Spark's fixed cost per stage and task: two shuffle partitions ({@code
 * spark.sql.shuffle.partitions}), two partitions per in-memory input ({@code
 * spark.sql.leafNodeDefaultParallelism}), and artifacts shared with the other test sessions ({@code
 * spark.sql.artifact.isolation.enabled}), so that a new session runs the code Spark generated and
 * compiled for the tests before it; a test may set others on its session. A {@code SparkSession}
 * parameter receives it, it is the thread's active session during the test (so {@link JobTest} runs
 * in it), and a {@link JobTest} built during the test but never run fails the test.
 *
 * <pre>{@code
 * @SparkTest
 * class TrackPlayCountJobTest {
 *   @Test
 *   void countsPlays(SparkSession spark) { ... }
 *
 *   @Property(tries = 20)
 *   void countsAddUp(@ForAll List<@From("plays") TrackPlay> plays, SparkSession spark) { ... }
 * }
 * }</pre>
 *
 * <p>JUnit Jupiter reads the {@link ExtendWith} part ({@link SparkExtension}); jqwik reads the
 * {@link AddLifecycleHook} part ({@link SparkPropertyHook}). In jqwik, the tries of one property
 * share its session.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@ExtendWith(SparkExtension.class)
@AddLifecycleHook(value = SparkPropertyHook.class, propagateTo = PropagationMode.ALL_DESCENDANTS)
public @interface SparkTest {}
