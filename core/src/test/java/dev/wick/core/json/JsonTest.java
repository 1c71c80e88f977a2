package dev.wick.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class JsonTest {

  @Test
  void writesCamelCaseKeysAndNonFiniteNumbersAsNull() {
    ObjectNode root = Json.object();
    root.put("rowCount", 3);
    Json.number(root, "mean", 1.5);
    Json.number(root, "ratio", Double.NaN);
    Json.number(root, "p99", OptionalDouble.empty());
    root.putArray("topValues").addObject().put("value", "a_b");

    String text = Json.write(root);

    assertThat(Json.read(text, "x.json")).isEqualTo(root);
    assertThat(text)
        .contains("\"rowCount\" : 3")
        .contains("\"mean\" : 1.5")
        .contains("\"ratio\" : null")
        .contains("\"p99\" : null")
        .endsWith("}\n");
  }

  @Test
  void refusesKeysInAnotherCasingNamingWhere() {
    ObjectNode root = Json.object();
    root.putObject("global").put("records_in", 1);

    assertThatThrownBy(() -> Json.write(root))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("JSON key 'records_in' at $.global is not lower camel case.");
  }

  @Test
  void aFileThatIsNotJsonIsAUsageErrorNamingTheLine() {
    assertThatThrownBy(() -> Json.read("{\n \"a\": 1,\n oops }", "profile.json"))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("profile.json is not valid JSON (line 3: ")
        .hasMessageEndingWith("; give a file that Wick wrote.")
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
    assertThatThrownBy(() -> Json.read("", "drift.json"))
        .hasMessage("drift.json is empty, not JSON; give a file that Wick wrote.");
  }

  @Test
  void keysAreLowerCamelCase() {
    assertThat(Json.isKey("missingLhs")).isTrue();
    assertThat(Json.isKey("p99")).isTrue();
    assertThat(Json.isKey("MissingLhs")).isFalse();
    assertThat(Json.isKey("missing_lhs")).isFalse();
    assertThat(Json.isKey("")).isFalse();
  }
}
