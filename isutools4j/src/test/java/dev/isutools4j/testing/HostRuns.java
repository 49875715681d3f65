package dev.isutools4j.testing;

import dev.isutools4j.internal.hub.MergedTables;
import dev.isutools4j.internal.snapshot.HostInfo;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs across hosts built from the saved runs under saved-runs/, as a hub saves them: each part a
 * whole run as its host saved it (under the hub's run id), the app hosts' tables merged by
 * {@link MergedTables}, the hosts in {@code meta.hosts}, partial when one is missing.
 *
 * <p>{@link #earlier()}: app1 and app2 (two H2 runs), whole. {@link #later()}: app1 and app2 (the
 * next two H2 runs, app2's clock 5 s ahead), db (the MariaDB run, its part attached late) and app3,
 * which did not answer the save, so the run is partial.
 */
public final class HostRuns {

  public static final String EARLIER = "20261202-100000-000";
  public static final String LATER = "20261202-110000-000";
  public static final String TIMED_OUT = "at save: timed out after 30000 ms";
  public static final double APP2_OFFSET_MS = 5000;
  public static final double DB_OFFSET_MS = -1234.5;

  private HostRuns() {}

  public static Snapshot earlier() {
    List<HostInfo> hosts = List.of(
        ok("app1", "local", "app", 0, 0),
        ok("app2", "http://127.0.0.3:19191", "app", 0, 0.8));
    Map<String, Snapshot> parts = new LinkedHashMap<>();
    parts.put("app1", saved("h2", 0));
    parts.put("app2", saved("h2", 1));
    return run(EARLIER, 9_000L, hosts, parts);
  }

  public static Snapshot later() {
    List<HostInfo> hosts = List.of(
        ok("app1", "local", "app", 0, 0),
        ok("app2", "http://127.0.0.3:19191", "app", APP2_OFFSET_MS, 0.8),
        ok("db", "http://127.0.0.4:19191", "database", DB_OFFSET_MS, 2.5)
            .withStatus(HostInfo.LATE, "attached by hub attach", 0),
        new HostInfo("app3", "http://127.0.0.5:19191", "app", "dev", "0123abcd-dirty", 0.4, 1.1,
            HostInfo.MISSING, TIMED_OUT, 30_000));
    Map<String, Snapshot> parts = new LinkedHashMap<>();
    parts.put("app1", saved("h2", 1));
    parts.put("app2", saved("h2", 2));
    parts.put("db", saved("mariadb", 0));
    return run(LATER, 12_000L, hosts, parts);
  }

  /** A host whose part came. */
  public static HostInfo ok(String name, String address, String role, double offsetMs,
      double roundTripMs) {
    return new HostInfo(name, address, role, "dev", "fedcba9876543210", offsetMs, roundTripMs,
        HostInfo.OK, null, 0);
  }

  /** The run of these hosts: each part under the run's id, the app hosts' tables merged. */
  public static Snapshot run(String id, Long score, List<HostInfo> hosts,
      Map<String, Snapshot> parts) {
    Map<String, Snapshot> own = new LinkedHashMap<>();
    List<Snapshot> apps = new ArrayList<>();
    for (HostInfo host : hosts) {
      Snapshot part = parts.get(host.name());
      if (part == null) {
        continue;
      }
      Snapshot renamed = part.withMeta(withId(part.meta(), id));
      own.put(host.name(), renamed);
      if ("app".equals(host.role())) {
        apps.add(renamed);
      }
    }
    MergedTables merged = MergedTables.of(apps);
    Snapshot first = own.values().iterator().next();
    long requests = merged.http().stream().mapToLong(r -> r.time().count()).sum();
    long queries = merged.sql().stream().mapToLong(r -> r.time().count()).sum();
    RunMeta m = first.meta();
    RunMeta meta = new RunMeta(id, m.startedAt(), m.endedAt(), score, true, m.revision(),
        m.dirty(), m.revisionSource(), "across hosts", requests, queries, 0, List.of(), false)
        .withHosts(hosts);
    return new Snapshot(meta, merged.sql(), merged.http(), merged.counters(), Map.of(), own);
  }

  /** The {@code index}th saved run (oldest first) of a set. */
  public static Snapshot saved(String set, int index) {
    try {
      return SnapshotJson.read(SavedRuns.text(SavedRuns.set(set).get(index)));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The sum of a fingerprint's counts over the parts: what the merged SQL table must say. */
  public static long sqlCount(List<Snapshot> parts, String fingerprint) {
    return parts.stream().flatMap(p -> p.sql().stream())
        .filter(r -> r.fingerprint().equals(fingerprint)).mapToLong(r -> r.time().count()).sum();
  }

  /** The sum of a route's counts over the parts. */
  public static long httpCount(List<Snapshot> parts, String method, String route) {
    return parts.stream().flatMap(p -> p.http().stream())
        .filter(r -> r.method().equals(method) && r.route().equals(route))
        .mapToLong(r -> r.time().count()).sum();
  }

  /** The busiest statement of the merged table. */
  public static SqlRow top(Snapshot run) {
    return run.sql().get(0);
  }

  /** The busiest route of the merged table. */
  public static HttpRow topRoute(Snapshot run) {
    return run.http().get(0);
  }

  private static RunMeta withId(RunMeta m, String id) {
    return new RunMeta(id, m.startedAt(), m.endedAt(), m.score(), m.pass(), m.revision(),
        m.dirty(), m.revisionSource(), m.note(), m.requests(), m.queries(), m.healthFailures(),
        m.hosts(), m.partial());
  }
}
