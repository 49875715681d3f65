package dev.isutools4j.internal.keys;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Gives each distinct key a small int id, for the life of the JVM, up to a cap. Keys beyond the cap
 * all share {@link #otherId()}, shown as the "(other)" row.
 *
 * <p>Lookups of known keys are lock-free and allocation-free; the first sight of a key inserts it
 * (once per JVM). Per-run tables are plain arrays indexed by these ids.
 */
public final class KeyIndex {

  public static final String OTHER = "(other)";

  private final int capacity;
  private final ConcurrentHashMap<String, Integer> ids = new ConcurrentHashMap<>();
  private final AtomicReferenceArray<String> names;
  private final AtomicInteger next = new AtomicInteger();

  public KeyIndex(int capacity) {
    this.capacity = capacity;
    this.names = new AtomicReferenceArray<>(capacity + 1);
    names.set(capacity, OTHER);
  }

  /** The id of {@code key}, or {@link #otherId()} once the cap is reached. */
  public int id(String key) {
    Integer known = ids.get(key);
    if (known != null) {
      return known;
    }
    if (next.get() >= capacity) {
      return capacity;
    }
    // Reserve an id without a lock; a thread that loses the race for the same key wastes one slot.
    int id = next.getAndIncrement();
    if (id >= capacity) {
      return capacity;
    }
    names.set(id, key);
    Integer raced = ids.putIfAbsent(key, id);
    return raced == null ? id : raced;
  }

  /** The key of {@code id}. */
  public String name(int id) {
    return names.get(id);
  }

  /** The id shared by every key beyond the cap. */
  public int otherId() {
    return capacity;
  }

  /** Ids in use range over {@code [0, size())}, plus {@link #otherId()}. */
  public int size() {
    return Math.min(next.get(), capacity);
  }

  /** Number of slots a per-run table needs: every id, the "(other)" one included. */
  public int slots() {
    return capacity + 1;
  }
}
