package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Says each reason for skipping once: the skipped findings that share a reason ({@code missing})
 * become one row naming their rules, where that reason's first finding stood.
 */
final class SkipGroups {

  private SkipGroups() {}

  static List<Finding> of(List<Finding> findings) {
    Map<Object, List<Finding>> byReason = new LinkedHashMap<>();
    for (Finding f : findings) {
      if (f.status() == Status.SKIP) {
        byReason.computeIfAbsent(f.evidence().get("missing"), k -> new ArrayList<>()).add(f);
      }
    }
    List<Finding> out = new ArrayList<>();
    for (Finding f : findings) {
      List<Finding> group = f.status() == Status.SKIP ? byReason.get(f.evidence().get("missing")) : null;
      if (group == null || group.size() == 1) {
        out.add(f);
      } else if (group.get(0) == f) {
        out.add(merged(group));
      }
    }
    return out;
  }

  private static Finding merged(List<Finding> group) {
    List<String> rules = group.stream().map(Finding::rule).distinct().toList();
    Evidence ev = Evidence.of("missing", group.get(0).evidence().get("missing")).and("rules", rules);
    return new Finding(groupId(rules), rules.size() + " checks skipped", Status.SKIP, ev.map(), "");
  }

  /** {@code nginx-*} when the rules share their first word, else their ids joined. */
  static String groupId(List<String> rules) {
    String first = rules.get(0);
    int dash = first.indexOf('-');
    if (dash > 0) {
      String prefix = first.substring(0, dash + 1);
      if (rules.stream().allMatch(r -> r.startsWith(prefix))) {
        return prefix + "*";
      }
    }
    return String.join(",", rules);
  }
}
