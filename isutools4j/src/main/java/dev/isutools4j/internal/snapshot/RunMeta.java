package dev.isutools4j.internal.snapshot;

import java.time.Instant;
import java.util.List;

/**
 * What identifies a run: when it ran, on which git revision, and how the benchmark scored it.
 *
 * @param score null when the run was saved without a score
 * @param pass null when the benchmark's verdict was not given
 * @param endedAt null while the run is in progress
 * @param revisionSource where the revision was found ({@code setting}, {@code working directory
 *     /path}, {@code jar /path/app.jar}, {@code classes folder /path}), or {@code none: } and why;
 *     null in runs saved before it was recorded
 * @param healthFailures failures inside isutools4j during the run (caught and counted, never thrown)
 * @param hosts the hosts of a run that spans several, the hub's own part first if it has one;
 *     empty for a run of one host
 * @param partial whether some host's part is missing: said on every page, never merged as if
 *     complete
 * @param label the configuration the run measured ({@code isutools.label}, or the save's
 *     {@code label=}), such as a tuning level; null when none was given. Runs are repeats of each
 *     other only when their revision, dirty flag, label and note are the same.
 */
public record RunMeta(
    String id,
    Instant startedAt,
    Instant endedAt,
    Long score,
    Boolean pass,
    String revision,
    boolean dirty,
    String revisionSource,
    String note,
    long requests,
    long queries,
    long healthFailures,
    List<HostInfo> hosts,
    boolean partial,
    String label) {

  public RunMeta {
    hosts = hosts == null ? List.of() : List.copyOf(hosts);
  }

  /** A run with no label. */
  public RunMeta(String id, Instant startedAt, Instant endedAt, Long score, Boolean pass,
      String revision, boolean dirty, String revisionSource, String note, long requests,
      long queries, long healthFailures, List<HostInfo> hosts, boolean partial) {
    this(id, startedAt, endedAt, score, pass, revision, dirty, revisionSource, note, requests,
        queries, healthFailures, hosts, partial, null);
  }

  /** A run of one host. */
  public RunMeta(String id, Instant startedAt, Instant endedAt, Long score, Boolean pass,
      String revision, boolean dirty, String revisionSource, String note, long requests,
      long queries, long healthFailures) {
    this(id, startedAt, endedAt, score, pass, revision, dirty, revisionSource, note, requests,
        queries, healthFailures, List.of(), false);
  }

  /** A run with no revision source recorded. */
  public RunMeta(String id, Instant startedAt, Instant endedAt, Long score, Boolean pass,
      String revision, boolean dirty, String note, long requests, long queries, long healthFailures) {
    this(id, startedAt, endedAt, score, pass, revision, dirty, null, note, requests, queries,
        healthFailures);
  }

  /** Whether the run spans several hosts. */
  public boolean multiHost() {
    return !hosts.isEmpty();
  }

  /** The same meta with these hosts, partial when any is missing. */
  public RunMeta withHosts(List<HostInfo> newHosts) {
    boolean missing = newHosts.stream().anyMatch(h -> !h.hasPart());
    return new RunMeta(id, startedAt, endedAt, score, pass, revision, dirty, revisionSource, note,
        requests, queries, healthFailures, newHosts, missing, label);
  }

  /** The same meta with this label (null: none). */
  public RunMeta withLabel(String newLabel) {
    return new RunMeta(id, startedAt, endedAt, score, pass, revision, dirty, revisionSource, note,
        requests, queries, healthFailures, hosts, partial, newLabel);
  }

  /** Seconds between start and end (or now, while in progress). */
  public double durationSeconds() {
    Instant end = endedAt == null ? Instant.now() : endedAt;
    return Math.max(0, end.toEpochMilli() - startedAt.toEpochMilli()) / 1000.0;
  }
}
