package dev.isutools4j.internal.snapshot;

/**
 * One host of a run that spans several (docs/SNAPSHOT.md, {@code meta.hosts}).
 *
 * @param name as the hub's {@code isutools.peers} names it (the hub's own part: its
 *     {@code isutools.host.name})
 * @param address the peer's base URL, or {@code local} for the hub's own part
 * @param role {@code app}, {@code database}, {@code web} or {@code mixed}; null when never heard from
 * @param version the host's isutools4j version; null when never heard from
 * @param revision the git revision the host ran; null when unknown
 * @param clockOffsetMs the host's clock minus the hub's, measured at reset from the round trip's
 *     midpoint; NaN when not measured
 * @param roundTripMs the reset's round trip, the bound on the offset's error; NaN when not measured
 * @param status {@code ok}, {@code missing} (no part: see reason) or {@code late} (its part was
 *     attached after the run was saved)
 * @param reason why the host is missing, or what happened to it; null when nothing did
 * @param waitedMs how long the hub waited for the answer that failed; 0 when none did
 */
public record HostInfo(String name, String address, String role, String version, String revision,
    double clockOffsetMs, double roundTripMs, String status, String reason, long waitedMs) {

  public static final String OK = "ok";
  public static final String MISSING = "missing";
  public static final String LATE = "late";

  /** Whether the run holds this host's part. */
  public boolean hasPart() {
    return !MISSING.equals(status);
  }

  public HostInfo withStatus(String newStatus, String newReason, long newWaitedMs) {
    return new HostInfo(name, address, role, version, revision, clockOffsetMs, roundTripMs,
        newStatus, newReason, newWaitedMs);
  }
}
