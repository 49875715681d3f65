package dev.isutools4j.internal.snapshot;

/**
 * One named counter of a run.
 *
 * @param hitRate hits / (hits + misses), or null when no hit or miss was counted
 */
public record CounterRow(String name, long count, long hits, long misses, Double hitRate) {}
