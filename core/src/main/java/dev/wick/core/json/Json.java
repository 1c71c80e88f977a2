package dev.wick.core.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.WickException;
import java.util.Iterator;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Pattern;

/**
 * The one way Wick writes and reads its JSON files ({@code summary.json}, {@code profile.json},
 * {@code drift.json}, {@code _wick_sample.json}, ...).
 *
 * <p>Every key Wick chooses is lower camel case ({@code missingLhs}, {@code rowCount}); {@link
 * #write} refuses any other key, so a file cannot drift from the convention unnoticed. Keys that
 * are data (a stratum's values, a field's name) do not belong in keys: write them as values of an
 * array of objects instead. A number that is not finite, or absent, is written as {@code null}.
 */
public final class Json {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** What a key Wick writes looks like: lower camel case, letters and digits. */
  private static final Pattern KEY = Pattern.compile("[a-z][a-zA-Z0-9]*");

  private Json() {}

  /** A new, empty JSON object. */
  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  /** A new, empty JSON array. */
  public static ArrayNode array() {
    return MAPPER.createArrayNode();
  }

  /** Puts {@code value} under {@code key}, or {@code null} when it is not finite. */
  public static ObjectNode number(ObjectNode node, String key, double value) {
    if (Double.isFinite(value)) {
      node.put(key, value);
    } else {
      node.putNull(key);
    }
    return node;
  }

  /** Puts {@code value} under {@code key}, or {@code null} when it is absent or not finite. */
  public static ObjectNode number(ObjectNode node, String key, OptionalDouble value) {
    return value.isPresent() ? number(node, key, value.getAsDouble()) : node.putNull(key);
  }

  /**
   * {@code node} as indented JSON text ending in a newline.
   *
   * @throws IllegalArgumentException when a key is not lower camel case (a bug in the writer)
   */
  public static String write(JsonNode node) {
    checkKeys(node, "$");
    try {
      return MAPPER.writeValueAsString(node) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A JSON tree could not be written as text.", e);
    }
  }

  /**
   * Parses {@code text}, the content of {@code what} (a file's name, for the message).
   *
   * @throws WickException when it is not JSON, saying where it breaks
   */
  public static JsonNode read(String text, String what) {
    try {
      JsonNode node = MAPPER.readTree(text);
      if (node == null || node.isMissingNode()) {
        throw WickException.usage(what + " is empty, not JSON; give a file that Wick wrote.");
      }
      return node;
    } catch (JsonProcessingException e) {
      String reason = e.getOriginalMessage();
      int line = e.getLocation() == null ? -1 : e.getLocation().getLineNr();
      throw WickException.usage(
          what
              + " is not valid JSON"
              + (line > 0 ? " (line " + line + ": " + reason + ")" : " (" + reason + ")")
              + "; give a file that Wick wrote.",
          e);
    }
  }

  /** Whether {@code key} follows Wick's key convention. */
  public static boolean isKey(String key) {
    return KEY.matcher(key).matches();
  }

  private static void checkKeys(JsonNode node, String at) {
    if (node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (!isKey(e.getKey())) {
          throw new IllegalArgumentException(
              "JSON key '" + e.getKey() + "' at " + at + " is not lower camel case.");
        }
        checkKeys(e.getValue(), at + "." + e.getKey());
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        checkKeys(node.get(i), at + "[" + i + "]");
      }
    }
  }
}
