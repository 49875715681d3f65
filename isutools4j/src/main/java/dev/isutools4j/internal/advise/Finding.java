package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.AdvisorSection.Row;
import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One line of the checklist, as a rule found it.
 *
 * @param rule the rule's stable id
 * @param evidence the measured values the rule used, by name
 * @param fix one line: what to change (empty when there is nothing to do)
 */
public record Finding(String rule, String title, Status status, Map<String, Object> evidence,
    String fix) {

  public Finding {
    evidence = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(evidence));
    fix = fix == null ? "" : fix;
  }

  /** A rule whose inputs are absent: {@code missing} says which. */
  public static Finding skip(String rule, String title, String missing) {
    return new Finding(rule, title, Status.SKIP, Map.of("missing", missing), "");
  }

  /** The row of the {@code advisor} section. */
  public Row row() {
    return new Row(rule, title, status, evidence, fix);
  }
}
