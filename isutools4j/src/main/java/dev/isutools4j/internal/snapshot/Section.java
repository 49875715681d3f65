package dev.isutools4j.internal.snapshot;

/**
 * One named part of a run's snapshot beside its tables, contributed by a collector or an analyzer:
 * a record read and written by its {@link SectionCodec}, listed in {@link SectionCodecs}.
 */
public interface Section {}
