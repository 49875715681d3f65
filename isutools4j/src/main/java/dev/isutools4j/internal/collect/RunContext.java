package dev.isutools4j.internal.collect;

import java.nio.file.Path;

/**
 * The run a collector is started for: its id, and its own folder in the history ({@code <id>/}
 * beside {@code <id>.json}) for files too big for the snapshot, such as profiles. The folder is
 * not created until a collector writes to it; prune may remove it from older runs, never the JSON.
 */
public record RunContext(String id, Path folder) {}
