package dev.isutools4j.testing;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs committed under src/test/resources/saved-runs. Saved by an earlier release, so that the
 * documents they wrote stay readable as they were: three of the demo on H2 (set "h2", levels 0, 1,
 * 2) and two of isugram on MariaDB behind nginx with the slow log on ("mariadb", levels 0 and 1, so
 * the second compares its schema and plans with the first). Saved by this release's demo: its three
 * levels ("demo"), what a new user sees first (the README's pictures are taken from them).
 */
public final class SavedRuns {

  public static final Path DIR = Path.of("src/test/resources/saved-runs");
  private static final List<String> EARLIER_RELEASE = List.of("h2", "mariadb");

  private SavedRuns() {}

  /** Every run an earlier release saved, by set then id (oldest first within a set). */
  public static List<Path> all() {
    try (Stream<Path> files = Files.walk(DIR)) {
      return files.filter(p -> p.toString().endsWith(".json"))
          .filter(p -> EARLIER_RELEASE.contains(p.getParent().getFileName().toString())).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The runs of one set ("h2", "mariadb" or "demo"), oldest first. */
  public static List<Path> set(String name) {
    try (Stream<Path> files = Files.list(DIR.resolve(name))) {
      return files.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static String text(Path run) {
    try {
      return Files.readString(run, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The file as plain JSON data. */
  public static Map<String, Object> tree(Path run) {
    try {
      return JSON.std.mapFrom(text(run));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * JSON data with every number as a BigDecimal without trailing zeros, so that 3, 3L and 3.0
   * compare equal while an absent key, a null and a changed value still differ.
   */
  public static Object normalized(Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> out = new LinkedHashMap<>();
      map.forEach((k, v) -> out.put(String.valueOf(k), normalized(v)));
      return out;
    }
    if (value instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      list.forEach(v -> out.add(normalized(v)));
      return out;
    }
    if (value instanceof Number n) {
      BigDecimal d = new BigDecimal(n.toString()).stripTrailingZeros();
      return d.signum() == 0 ? BigDecimal.ZERO : d;
    }
    return value;
  }

  /**
   * Where two JSON trees (as {@link #normalized}) first differ, as a path and both values cut
   * short, or null when they are equal: a failure that names the field, not two whole documents.
   */
  public static String firstDifference(Object expected, Object actual) {
    return difference("", normalized(expected), normalized(actual));
  }

  private static String difference(String path, Object expected, Object actual) {
    if (expected instanceof Map<?, ?> e && actual instanceof Map<?, ?> a) {
      for (Object key : e.keySet()) {
        if (!a.containsKey(key)) {
          return path + "." + key + ": missing (expected " + cut(e.get(key)) + ")";
        }
        String d = difference(path + "." + key, e.get(key), a.get(key));
        if (d != null) {
          return d;
        }
      }
      for (Object key : a.keySet()) {
        if (!e.containsKey(key)) {
          return path + "." + key + ": not expected (" + cut(a.get(key)) + ")";
        }
      }
      return null;
    }
    if (expected instanceof List<?> e && actual instanceof List<?> a) {
      for (int i = 0; i < Math.min(e.size(), a.size()); i++) {
        String d = difference(path + "[" + i + "]", e.get(i), a.get(i));
        if (d != null) {
          return d;
        }
      }
      return e.size() == a.size() ? null
          : path + ": " + a.size() + " elements, expected " + e.size();
    }
    return java.util.Objects.equals(expected, actual) ? null
        : path + ": " + cut(actual) + ", expected " + cut(expected);
  }

  private static String cut(Object value) {
    String s = String.valueOf(value);
    return s.length() > 200 ? s.substring(0, 200) + "…" : s;
  }
}
