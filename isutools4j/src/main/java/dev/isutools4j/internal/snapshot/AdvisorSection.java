package dev.isutools4j.internal.snapshot;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The advisor's checklist of misconfigurations (docs/SNAPSHOT.md, "The {@code advisor} section"):
 * one row per finding, warns first, and how many rows have each status.
 */
public record AdvisorSection(List<Row> rows, Counts counts) implements Section {

  public AdvisorSection {
    rows = List.copyOf(rows);
  }

  /** The section of these rows, counted. */
  public static AdvisorSection of(List<Row> rows) {
    return new AdvisorSection(rows, Counts.tally(rows));
  }

  /** How a rule judged the run; declared in the order the checklist shows them, warns first. */
  public enum Status {
    WARN, MISSING, INFO, OK, SKIP;

    /** The name in the snapshot: {@code warn}, {@code missing}, ... */
    public String key() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The status of a name in the snapshot, or null for a name this version does not know. */
    public static Status byKey(String key) {
      for (Status status : values()) {
        if (status.key().equals(key)) {
          return status;
        }
      }
      return null;
    }
  }

  /**
   * One line of the checklist.
   *
   * @param rule the rule's stable id
   * @param title what the row checks; null in a file that has none
   * @param status null when the file names a status this version does not know
   * @param evidence the measured values the rule used, by name, in the rule's order: plain values
   *     (numbers, strings, booleans, lists of strings), shown as they are
   * @param fix one line: what to change (empty when there is nothing to do)
   */
  public record Row(String rule, String title, Status status, Map<String, Object> evidence,
      String fix) {

    public Row {
      Map<String, Object> copy = new LinkedHashMap<>();
      evidence.forEach((name, value) -> copy.put(name, frozen(value)));
      evidence = Collections.unmodifiableMap(copy);
      fix = fix == null ? "" : fix;
    }

    // Evidence read from a file holds the parser's mutable lists; values may be null, which
    // List.copyOf and Map.copyOf refuse.
    private static Object frozen(Object value) {
      if (value instanceof List<?> list) {
        List<Object> copy = new ArrayList<>(list.size());
        list.forEach(item -> copy.add(frozen(item)));
        return Collections.unmodifiableList(copy);
      }
      if (value instanceof Map<?, ?> map) {
        Map<Object, Object> copy = new LinkedHashMap<>();
        map.forEach((k, v) -> copy.put(k, frozen(v)));
        return Collections.unmodifiableMap(copy);
      }
      return value;
    }
  }

  /** How many rows have each status. */
  public record Counts(int warn, int missing, int info, int ok, int skip) {

    /** The counts of these rows' statuses; a row of an unknown status counts for none. */
    public static Counts tally(List<Row> rows) {
      int[] n = new int[Status.values().length];
      for (Row row : rows) {
        if (row.status() != null) {
          n[row.status().ordinal()]++;
        }
      }
      return new Counts(n[Status.WARN.ordinal()], n[Status.MISSING.ordinal()], n[Status.INFO.ordinal()],
          n[Status.OK.ordinal()], n[Status.SKIP.ordinal()]);
    }

    /** The count of one status. */
    public int of(Status status) {
      return switch (status) {
        case WARN -> warn;
        case MISSING -> missing;
        case INFO -> info;
        case OK -> ok;
        case SKIP -> skip;
      };
    }
  }
}
