package dev.isutools4j.internal.hub;

import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.snapshot.HostInfo;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Puts a run across hosts together: each host's part under {@code parts} in the order of
 * {@code meta.hosts}; at the top the app hosts' tables merged ({@link MergedTables}), no sections
 * of its own; the meta's requests and queries the merged sums, its health failures the hub's own
 * plus each part's, partial while a host is missing.
 */
final class CombinedRun {

  private CombinedRun() {}

  /**
   * @param base the run's id, times, score, verdict, note and revision
   * @param hubFailures failures counted by the hub during the run that no part holds
   * @param parts each host's part by name; a host with none is {@code missing} in {@code hosts}
   */
  static Snapshot of(RunMeta base, long hubFailures, List<HostInfo> hosts,
      Map<String, Snapshot> parts) {
    Map<String, Snapshot> ordered = new LinkedHashMap<>();
    List<Snapshot> apps = new ArrayList<>();
    long failures = hubFailures;
    for (HostInfo host : hosts) {
      Snapshot part = parts.get(host.name());
      if (part == null) {
        continue;
      }
      ordered.put(host.name(), part);
      failures += part.meta().healthFailures();
      if (isApp(host, part)) {
        apps.add(part);
      }
    }
    MergedTables merged = MergedTables.of(apps);
    long requests = merged.http().stream().mapToLong(r -> r.time().count()).sum();
    long queries = merged.sql().stream().mapToLong(r -> r.time().count()).sum();
    RunMeta meta = new RunMeta(base.id(), base.startedAt(), base.endedAt(), base.score(),
        base.pass(), base.revision(), base.dirty(), base.revisionSource(), base.note(), requests,
        queries, failures).withHosts(hosts).withLabel(base.label());
    return new Snapshot(meta, merged.sql(), merged.http(), merged.counters(), Map.of(), ordered);
  }

  /** The failures a combined run counts beyond its parts' own: the hub's. */
  static long hubFailures(Snapshot combined) {
    long parts = combined.parts().values().stream().mapToLong(p -> p.meta().healthFailures()).sum();
    return Math.max(0, combined.meta().healthFailures() - parts);
  }

  /** An app host's part: its role says so, or it recorded HTTP requests or SQL. */
  static boolean isApp(HostInfo host, Snapshot part) {
    return HostIdentity.APP.equals(host.role()) || HostIdentity.MIXED.equals(host.role()) || !part.http().isEmpty()
        || !part.sql().isEmpty();
  }
}
