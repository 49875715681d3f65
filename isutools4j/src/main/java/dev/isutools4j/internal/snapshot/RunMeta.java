package dev.isutools4j.internal.snapshot;

import java.time.Instant;

/**
 * What identifies a run: when it ran, on which git revision, and how the benchmark scored it.
 *
 * @param score null when the run was saved without a score
 * @param pass null when the benchmark's verdict was not given
 * @param endedAt null while the run is in progress
 * @param healthFailures failures inside isutools4j during the run (caught and counted, never thrown)
 */
public record RunMeta(
    String id,
    Instant startedAt,
    Instant endedAt,
    Long score,
    Boolean pass,
    String revision,
    boolean dirty,
    String note,
    long requests,
    long queries,
    long healthFailures) {

  /** Seconds between start and end (or now, while in progress). */
  public double durationSeconds() {
    Instant end = endedAt == null ? Instant.now() : endedAt;
    return Math.max(0, end.toEpochMilli() - startedAt.toEpochMilli()) / 1000.0;
  }
}
