package dev.isutools4j.internal.collect.database;

/**
 * A statement the database inspector may EXPLAIN at save: a fingerprint of the run with one of
 * its statements, values and all, and what the fingerprint cost in the run.
 *
 * @param sample the statement to explain (null when none was captured)
 * @param schema the schema it ran in; null when unknown (the inspector's connection's, then)
 * @param count the fingerprint's executions in the run
 * @param totalMs their time in all
 */
public record ExplainCandidate(String fingerprint, String sample, String schema, long count,
    double totalMs) {}
