package dev.wick.testkit.jobtest.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.Test;
import scala.jdk.javaapi.CollectionConverters;

class RowComparatorTest {
  private final RowComparator exact = RowComparator.EXACT;

  @Test
  void numbersCompareByValueAcrossBoxedTypes() {
    assertThat(exact.equal(2, 2L)).isTrue();
    assertThat(exact.equal((short) 2, 3L)).isFalse();
    assertThat(exact.equal(new BigDecimal("1.50"), new BigDecimal("1.5"))).isTrue();
    assertThat(exact.equal(0.1f, 0.1)).isTrue();
    assertThat(exact.equal(Double.NaN, Double.NaN)).isTrue();
    assertThat(exact.equal(Double.NaN, 1.0)).isFalse();
    assertThat(exact.equal(0.0, -0.0)).isTrue();
    assertThat(exact.equal(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY)).isTrue();
    assertThat(exact.equal(0.1 + 0.2, 0.3)).isFalse();
    assertThat(exact.withTolerance(1e-12).equal(0.1 + 0.2, 0.3)).isTrue();
    assertThat(exact.withTolerance(0.01).equal(new BigDecimal("1.001"), 1.0)).isTrue();
  }

  @Test
  void timesCompareAsInstantsWithinTheTolerance() {
    Instant t = Instant.parse("2024-05-01T00:00:00Z");
    assertThat(exact.equal(Timestamp.from(t), t)).isTrue();
    assertThat(exact.equal(Timestamp.from(t), Timestamp.from(t.plusNanos(1000)))).isFalse();
    assertThat(
            exact
                .withTimestampTolerance(Duration.ofMillis(1))
                .equal(Timestamp.from(t), Timestamp.from(t.plusMillis(1))))
        .isTrue();
    assertThat(exact.equal(Date.valueOf("2024-05-01"), LocalDate.of(2024, 5, 1))).isTrue();
  }

  @Test
  void nestedValuesCompareElementByElement() {
    var seq = CollectionConverters.asScala(List.<Object>of(1.0, 2.0)).toSeq();
    assertThat(exact.equal(seq, List.of(1.0, 2.0))).isTrue();
    assertThat(exact.equal(seq, List.of(1.0))).isFalse();
    assertThat(exact.withTolerance(0.5).equal(seq, List.of(1.2, 2.3))).isTrue();
    assertThat(exact.equal(RowFactory.create("a", 1L), RowFactory.create("a", 1))).isTrue();
    assertThat(exact.equal(Map.of("k", 1L), Map.of("k", 1))).isTrue();
    assertThat(exact.equal(Map.of("k", 1L), Map.of("j", 1L))).isFalse();
    assertThat(exact.equal(new byte[] {1, 2}, java.nio.ByteBuffer.wrap(new byte[] {1, 2})))
        .isTrue();
    assertThat(exact.equal(null, null)).isTrue();
    assertThat(exact.equal(null, "a")).isFalse();
  }

  @Test
  void tolerancesMustMakeSense() {
    assertThatThrownBy(() -> exact.withTolerance(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tolerance must be a finite number >= 0, but was -1.0");
    assertThatThrownBy(() -> exact.withTimestampTolerance(Duration.ofSeconds(-1)))
        .hasMessage("timestampTolerance must not be negative, but was PT-1S");
  }
}
