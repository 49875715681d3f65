package dev.isutools4j.internal.diff;

import dev.isutools4j.internal.snapshot.HostInfo;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One host of two runs across hosts: its part in each compared as two runs are (its own SQL,
 * HTTP, machine, profile, logs and advisor), or, when only one run holds its part, a line saying so.
 *
 * @param name the host's name
 * @param state {@code compared} (both runs hold its part), {@code new} (only the later run does),
 *     {@code gone} (only the earlier one does) or {@code missing} (neither does)
 * @param note the plain line for a host not compared, such as {@code db: only in the later run};
 *     null when compared
 * @param diff the two parts compared; null unless compared
 */
public record HostDiff(String name, String state, String note, RunDiff diff) {

  public static final String COMPARED = "compared";
  public static final String NEW = "new";
  public static final String GONE = "gone";
  public static final String MISSING = "missing";

  public boolean compared() {
    return diff != null;
  }

  /**
   * The hosts of two runs across hosts, the later run's order first, then those only the earlier
   * run names. Empty unless both runs span several hosts.
   */
  static List<HostDiff> of(Snapshot before, Snapshot after) {
    if (!before.meta().multiHost() || !after.meta().multiHost()) {
      return List.of();
    }
    Set<String> names = new LinkedHashSet<>();
    after.meta().hosts().forEach(h -> names.add(h.name()));
    after.parts().keySet().forEach(names::add);
    before.meta().hosts().forEach(h -> names.add(h.name()));
    before.parts().keySet().forEach(names::add);
    List<HostDiff> out = new ArrayList<>(names.size());
    for (String name : names) {
      out.add(of(name, before, after));
    }
    return out;
  }

  private static HostDiff of(String name, Snapshot before, Snapshot after) {
    Snapshot b = before.parts().get(name);
    Snapshot a = after.parts().get(name);
    if (b != null && a != null) {
      return new HostDiff(name, COMPARED, null, RunDiff.of(b, a));
    }
    HostInfo inBefore = host(before.meta(), name);
    HostInfo inAfter = host(after.meta(), name);
    if (a != null) {
      return new HostDiff(name, NEW, name + ": " + (inBefore == null ? "only in the later run"
          : "the earlier run has no part of it (" + reason(inBefore) + ")"), null);
    }
    if (b != null) {
      return new HostDiff(name, GONE, name + ": " + (inAfter == null ? "only in the earlier run"
          : "the later run has no part of it (" + reason(inAfter) + ")"), null);
    }
    String note;
    if (inBefore != null && inAfter != null) {
      note = "neither run has its part (earlier: " + reason(inBefore) + "; later: "
          + reason(inAfter) + ")";
    } else if (inAfter != null) {
      note = "only in the later run, which has no part of it (" + reason(inAfter) + ")";
    } else {
      note = "only in the earlier run, which has no part of it (" + reason(inBefore) + ")";
    }
    return new HostDiff(name, MISSING, name + ": " + note, null);
  }

  private static HostInfo host(RunMeta meta, String name) {
    for (HostInfo h : meta.hosts()) {
      if (h.name().equals(name)) {
        return h;
      }
    }
    return null;
  }

  private static String reason(HostInfo host) {
    return host.reason() == null || host.reason().isBlank() ? "it sent none" : host.reason();
  }

  /** The host as plain JSON data (docs/SNAPSHOT.md, the diff's {@code hosts}). */
  public Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("name", name);
    out.put("state", state);
    out.put("note", note);
    out.put("diff", diff == null ? null : diff.toMap());
    return out;
  }
}
