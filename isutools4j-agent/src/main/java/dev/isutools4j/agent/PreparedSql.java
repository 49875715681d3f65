package dev.isutools4j.agent;

import dev.isutools4j.sql.SqlShape;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.ConcurrentHashMap;

/*
 * Why a side table and not a field: adding a field to the driver's statement classes is a class
 * format change, which retransformation forbids (and it would differ per driver). Reading the
 * driver's own SQL field is driver-specific. So each prepared statement maps to the shape of the SQL
 * it was prepared with, keyed by identity and held weakly: a statement the app drops is collected as
 * if the table did not exist, and its entry is purged on a later prepare. The table is bounded
 * (MAX_ENTRIES live statements); beyond that, new statements go unrecorded rather than grow it.
 * Lookups on the execute path use the thread's reusable Probe, so they allocate nothing.
 */
final class PreparedSql {

  static final int MAX_ENTRIES = 100_000;

  private final ConcurrentHashMap<Object, SqlShape> shapes = new ConcurrentHashMap<>();
  private final ReferenceQueue<Object> collected = new ReferenceQueue<>();
  private final int maxEntries;

  PreparedSql() {
    this(MAX_ENTRIES);
  }

  PreparedSql(int maxEntries) {
    this.maxEntries = maxEntries;
  }

  /** Remembers the shape {@code statement} was prepared with; false if the table is full. */
  boolean put(Object statement, SqlShape shape) {
    purge();
    if (shapes.size() >= maxEntries) {
      return false;
    }
    shapes.put(new WeakKey(statement, collected), shape);
    return true;
  }

  /** The shape {@code statement} was prepared with, or null. Allocation-free. */
  SqlShape get(Object statement, Probe probe) {
    probe.target = statement;
    probe.hash = System.identityHashCode(statement);
    try {
      return shapes.get(probe);
    } finally {
      probe.target = null;
    }
  }

  int size() {
    purge();
    return shapes.size();
  }

  private void purge() {
    Reference<?> ref;
    while ((ref = collected.poll()) != null) {
      shapes.remove(ref);
    }
  }

  /** A statement held weakly, equal to another key or probe for the same live object. */
  private static final class WeakKey extends WeakReference<Object> {
    private final int hash;

    WeakKey(Object statement, ReferenceQueue<Object> queue) {
      super(statement, queue);
      this.hash = System.identityHashCode(statement);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object other) {
      if (this == other) {
        return true;
      }
      Object mine = get();
      return mine != null && other instanceof WeakKey key && key.get() == mine;
    }
  }

  /** A per-thread, reusable lookup key: equal to the WeakKey of the same object. */
  static final class Probe {
    private Object target;
    private int hash;

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof WeakKey key && target != null && key.get() == target;
    }
  }
}
