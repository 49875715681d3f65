package dev.isutools4j.agent;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the agent remembers about a driver's objects (a prepared statement's SQL shape, the values
 * of a statement whose sample is wanted, a plain statement's batch), keyed by identity and held
 * weakly.
 *
 * <p>Why a side table and not a field: for classes that were loaded before the agent (and the few
 * others {@link InjectedFields} leaves alone) adding a field is a class format change, which
 * retransformation forbids; the rest carry an {@link InjectedField} instead. Reading the driver's
 * own SQL field is driver-specific. An object the app drops is collected as if the table
 * did not exist, and its entry is purged on a later put or remove. The table is bounded
 * ({@code maxEntries} live objects); beyond that, new objects go unrecorded rather than grow it.
 * Lookups on the execute path use the thread's reusable Probe, so they allocate nothing.
 */
final class WeakIdentityTable<V> {

  private final ConcurrentHashMap<Object, V> values = new ConcurrentHashMap<>();
  private final ReferenceQueue<Object> collected = new ReferenceQueue<>();
  private final int maxEntries;

  WeakIdentityTable(int maxEntries) {
    this.maxEntries = maxEntries;
  }

  /** Remembers {@code value} for {@code key}; false if the table is full. */
  boolean put(Object key, V value) {
    purge();
    if (values.size() >= maxEntries) {
      return false;
    }
    values.put(new WeakKey(key, collected), value);
    return true;
  }

  /** The value remembered for {@code key}, or null. Allocation-free. */
  V get(Object key, Probe probe) {
    probe.target = key;
    probe.hash = System.identityHashCode(key);
    try {
      return values.get(probe);
    } finally {
      probe.target = null;
    }
  }

  /** Forgets {@code key}; returns what was remembered for it, or null. Allocation-free. */
  V remove(Object key, Probe probe) {
    purge();
    probe.target = key;
    probe.hash = System.identityHashCode(key);
    try {
      return values.remove(probe);
    } finally {
      probe.target = null;
    }
  }

  /** Whether nothing is remembered: one read, for the paths that usually find nothing to do. */
  boolean isEmpty() {
    return values.isEmpty();
  }

  int size() {
    purge();
    return values.size();
  }

  private void purge() {
    Reference<?> ref;
    while ((ref = collected.poll()) != null) {
      values.remove(ref);
    }
  }

  /** An object held weakly, equal to another key or probe for the same live object. */
  private static final class WeakKey extends WeakReference<Object> {
    private final int hash;

    WeakKey(Object key, ReferenceQueue<Object> queue) {
      super(key, queue);
      this.hash = System.identityHashCode(key);
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
