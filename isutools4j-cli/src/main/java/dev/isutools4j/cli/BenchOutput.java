package dev.isutools4j.cli;

import com.fasterxml.jackson.jr.ob.JSON;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a benchmarker's verdict from what it printed: the score (the last JSON object's
 * {@code score}, or the first group of a given pattern's last match) and pass (the last JSON
 * object's {@code pass} when it has one, else whether the command exited 0).
 */
record BenchOutput(Long score, boolean pass) {

  static BenchOutput read(String stdout, Pattern scoreRegex, int exitCode) {
    Map<String, Object> last = lastJsonObject(stdout);
    Long score = null;
    Boolean pass = null;
    if (last != null) {
      score = number(last.get("score"));
      if (last.get("pass") instanceof Boolean b) {
        pass = b;
      }
    }
    if (scoreRegex != null) {
      score = null;
      Matcher matcher = scoreRegex.matcher(stdout);
      while (matcher.find()) {
        String found = matcher.groupCount() >= 1 ? matcher.group(1) : matcher.group();
        Long parsed = parse(found);
        if (parsed != null) {
          score = parsed;
        }
      }
    }
    return new BenchOutput(score, pass != null ? pass : exitCode == 0);
  }

  /** The last top-level JSON object in the text, or null. */
  static Map<String, Object> lastJsonObject(String text) {
    Map<String, Object> last = null;
    int i = text.indexOf('{');
    while (i >= 0) {
      int end = matchingBrace(text, i);
      Map<String, Object> parsed = end < 0 ? null : parseObject(text.substring(i, end + 1));
      if (parsed != null) {
        last = parsed;
        i = text.indexOf('{', end + 1);
      } else {
        i = text.indexOf('{', i + 1);
      }
    }
    return last;
  }

  /** The index of the brace closing the one at {@code open}, skipping strings; -1 when none. */
  private static int matchingBrace(String text, int open) {
    int depth = 0;
    boolean inString = false;
    for (int i = open; i < text.length(); i++) {
      char c = text.charAt(i);
      if (inString) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          inString = false;
        }
      } else if (c == '"') {
        inString = true;
      } else if (c == '{') {
        depth++;
      } else if (c == '}' && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  private static Map<String, Object> parseObject(String json) {
    try {
      return JSON.std.mapFrom(json);
    } catch (Exception e) {
      return null;
    }
  }

  private static Long number(Object value) {
    if (value instanceof Number n) {
      return Math.round(n.doubleValue());
    }
    return value instanceof String s ? parse(s) : null;
  }

  private static Long parse(String text) {
    if (text == null) {
      return null;
    }
    try {
      return Math.round(Double.parseDouble(text.trim().replace(",", "").replace("_", "")));
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
