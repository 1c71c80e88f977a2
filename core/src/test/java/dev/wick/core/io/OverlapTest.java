package dev.wick.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.io.Overlap.Relation;
import dev.wick.core.spark.WickSpark;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/** The overlap rule on its own: part-by-part glob matching and file systems' own qualification. */
class OverlapTest {
  private static final SparkSession SPARK = WickSpark.local(2);

  static {
    SPARK
        .sparkContext()
        .hadoopConfiguration()
        .set("fs.wickport.impl", PortFileSystem.class.getName());
    SPARK.sparkContext().hadoopConfiguration().set("fs.wickport.impl.disable.cache", "true");
  }

  @Test
  void aGlobIsMatchedPartByPart() {
    List<String> glob = Overlap.parts("/dat?/plays");
    assertThat(Overlap.compare(Overlap.parts("/data/plays"), glob)).isEqualTo(Relation.SAME);
    assertThat(Overlap.compare(Overlap.parts("/data/plays/x"), glob)).isEqualTo(Relation.INSIDE);
    assertThat(Overlap.compare(Overlap.parts("/data"), glob)).isEqualTo(Relation.CONTAINS);
    assertThat(Overlap.compare(Overlap.parts("/"), glob)).isEqualTo(Relation.CONTAINS);
    assertThat(Overlap.compare(Overlap.parts("/data/other"), glob)).isEqualTo(Relation.APART);
    assertThat(Overlap.compare(Overlap.parts("/base/plays"), glob)).isEqualTo(Relation.APART);
    assertThat(Overlap.parts("/a/./b/../c//d/")).containsExactly("a", "c", "d");
  }

  @Test
  void qualifiedUrisAreComparedThroughTheirFileSystem() {
    assertThatThrownBy(
            () ->
                Output.checkNotOverlapping(
                    SPARK, "wickport://nn:8020/data/plays", List.of("wickport://nn/data/plays")))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Output wickport://nn:8020/data/plays is the input wickport://nn/data/plays; Wick never"
                + " writes over its inputs, choose another output path.");
    assertThatThrownBy(
            () ->
                Output.checkNotOverlapping(
                    SPARK, "wickport://nn/data/plays/x", List.of("wickport://nn:8020/data/pl*")))
        .hasMessageContaining(" lies inside the input wickport://nn:8020/data/pl*;");
    // Another name node is another file system: nothing there is an input here.
    assertThatCode(
            () ->
                Output.checkNotOverlapping(
                    SPARK, "wickport://nn:8020/data/plays", List.of("wickport://other/data/plays")))
        .doesNotThrowAnyException();
    assertThatCode(
            () ->
                Output.checkNotOverlapping(
                    SPARK, "wickport://nn:8020/data/plays", List.of("/data/plays")))
        .doesNotThrowAnyException();
  }
}
