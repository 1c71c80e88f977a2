package dev.wick.core.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

class WickSparkTest {

  @Test
  void localSessionIsSharedAndHasWicksDefaults() {
    SparkSession spark = WickSpark.local(2);

    assertThat(WickSpark.local(2)).isSameAs(spark);
    assertThat(WickSpark.session("other", Optional.empty())).isSameAs(spark);
    assertThat(spark.conf().get("spark.sql.session.timeZone")).isEqualTo("UTC");
    assertThat(spark.sparkContext().getConf().get("spark.ui.enabled")).isEqualTo("false");
    assertThat(spark.conf().get("spark.sql.catalogImplementation")).isEqualTo("in-memory");
    assertThat(spark.sql("select cast(timestamp'2024-01-01 00:00:00' as long)").first().getLong(0))
        .isEqualTo(1_704_067_200L);
  }
}
