package dev.isutools4j.internal.jdbc;

import dev.isutools4j.internal.sql.SqlDialect;
import dev.isutools4j.internal.sql.SqlShape;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A plain statement's batch of SQL texts, recorded as one batch of each fingerprint among them:
 * each gets its share of the time and the rows of its own update counts, and its first text as
 * the sample. Public for the agent, which records plain batches the same way.
 */
public final class TextBatch {

  private TextBatch() {}

  /**
   * Records a finished batch of texts read by {@code dialect}; {@code counts} may be null or short
   * when it failed.
   */
  public static void record(List<String> texts, SqlDialect dialect, long nanos, long[] counts,
      boolean failed) {
    Map<Integer, Group> groups = new LinkedHashMap<>(); // by fingerprint id, in batch order
    for (int i = 0; i < texts.size(); i++) {
      SqlShape shape = SqlRecording.shape(texts.get(i), dialect);
      if (shape == null) {
        continue;
      }
      Group group = groups.computeIfAbsent(shape.id(), id -> new Group(shape));
      group.items++;
      if (counts != null && i < counts.length) {
        group.rows += Math.max(counts[i], 0);
      }
    }
    for (Group group : groups.values()) {
      SqlRecording.batchExecuted(group.shape, nanos * group.items / texts.size(), group.items,
          group.rows, failed, group.shape.text());
    }
  }

  /** {@link #record} for {@code executeBatch()}'s int counts. */
  public static void record(List<String> texts, SqlDialect dialect, long nanos, int[] counts,
      boolean failed) {
    record(texts, dialect, nanos, SqlRecording.widen(counts), failed);
  }

  /** The texts of one fingerprint in the batch; the shape is that of the first. */
  private static final class Group {
    final SqlShape shape;
    int items;
    long rows;

    Group(SqlShape shape) {
      this.shape = shape;
    }
  }
}
