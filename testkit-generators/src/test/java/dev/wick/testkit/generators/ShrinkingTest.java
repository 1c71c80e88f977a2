package dev.wick.testkit.generators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.wick.testkit.generators.TestRecords.User;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Shrinking works end to end: properties that fail on purpose run through jqwik's own engine, and
 * the sample jqwik reports is the smallest record that still fails.
 */
class ShrinkingTest {

  /** A failure that carries the record it failed on. */
  static final class Failed extends AssertionError {
    private static final long serialVersionUID = 1L;
    final transient Object sample;

    Failed(Object sample) {
      super("fails on " + sample);
      this.sample = sample;
    }
  }

  /**
   * Properties that fail on purpose. Not a test class of its own (its name matches no surefire
   * pattern, and nested classes are not run); {@link #run} starts them through jqwik's engine.
   */
  static class FailingOnPurpose {
    @Provide
    Arbitrary<GenericRecord> orders() {
      return Generators.avro(SchemaCorpus.file("order.avsc"));
    }

    /** Fails for any order with a line of quantity 100 or more. */
    @Property(
        seed = "42",
        tries = 1000,
        shrinking = ShrinkingMode.FULL,
        afterFailure = AfterFailureMode.RANDOM_SEED)
    void noLargeQuantities(@ForAll("orders") GenericRecord order) {
      for (Object line : (List<?>) order.get("lines")) {
        if ((Integer) ((GenericRecord) line).get("quantity") >= 100) {
          throw new Failed(order);
        }
      }
    }

    @Provide
    Arbitrary<User> users() {
      return Generators.records(User.class);
    }

    /** Fails for any user with two or more tags. */
    @Property(
        seed = "7",
        tries = 1000,
        shrinking = ShrinkingMode.FULL,
        afterFailure = AfterFailureMode.RANDOM_SEED)
    void fewTags(@ForAll("users") User user) {
      if (user.tags().size() >= 2) {
        throw new Failed(user);
      }
    }
  }

  /** Runs one property of {@link FailingOnPurpose} through jqwik's engine; returns its failure. */
  static Throwable run(String method) {
    Launcher launcher = LauncherFactory.create();
    List<Throwable> failures = new ArrayList<>();
    launcher.execute(
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectClass(FailingOnPurpose.class))
            .filters(
                (org.junit.platform.launcher.PostDiscoveryFilter)
                    descriptor ->
                        org.junit.platform.engine.FilterResult.includedIf(
                            !descriptor.isTest() || descriptor.getDisplayName().equals(method)))
            .build(),
        new TestExecutionListener() {
          @Override
          public void executionFinished(TestIdentifier id, TestExecutionResult result) {
            if (id.isTest() && result.getStatus() == TestExecutionResult.Status.FAILED) {
              failures.add(result.getThrowable().orElseThrow());
            }
          }
        });
    assertThat(failures).as("failures of " + method).hasSize(1);
    return failures.get(0);
  }

  @Test
  void aFailingOrderShrinksToOneLineOfQuantity100AndNothingElse() {
    Throwable failure = run("noLargeQuantities");
    assertThat(failure).isInstanceOf(Failed.class);
    GenericRecord order = (GenericRecord) ((Failed) failure).sample;

    List<?> lines = (List<?>) order.get("lines");
    assertThat(lines).hasSize(1);
    GenericRecord line = (GenericRecord) lines.get(0);
    assertThat(line.get("quantity")).isEqualTo(100);
    assertThat(line.get("sku")).isEqualTo("");
    assertThat((List<?>) line.get("discounts")).isEmpty();
    assertThat(GeneratorsApiTest.decimal((java.nio.ByteBuffer) line.get("unit_price"), 2))
        .isEqualByComparingTo(BigDecimal.ZERO);
    GenericRecord customer = (GenericRecord) order.get("customer");
    assertThat(customer.get("customer_id")).isEqualTo(0L);
    assertThat(customer.get("email")).isNull();
    assertThat(customer.get("address")).isNull();
    assertThat((Map<?, ?>) order.get("metadata")).isEmpty();
    assertThat(order.get("payment")).isNull();
    assertThat(order.get("delivery_date")).isNull();
    assertThat(order.get("placed_at")).isEqualTo(0L);
  }

  @Test
  void aFailingJavaRecordShrinksToTwoEmptyTags() {
    Throwable failure = run("fewTags");
    User user = (User) ((Failed) failure).sample;
    assertThat(user.tags()).containsExactly("", "");
    assertThat(user.name()).isEmpty();
    assertThat(user.age()).isZero();
    assertThat(user.email()).isNull();
    assertThat(user.counters()).isEmpty();
    assertThat(user.balance()).isEqualByComparingTo(BigDecimal.ZERO);
  }
}
