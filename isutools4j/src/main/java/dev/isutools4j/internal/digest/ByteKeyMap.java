package dev.isutools4j.internal.digest;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A map from byte strings to values, looked up straight from a buffer without building a key
 * object: the cache that turns a log's raw text (a path, a statement) into its row. Bounded: once
 * it holds {@code maxEntries} keys or {@code maxBytes} bytes of keys, {@link #put} refuses, and
 * keys longer than {@code maxKeyLength} are never stored. Open addressing, linear probing.
 *
 * <p>Not thread-safe: one per reading thread.
 *
 * @param <V> the values
 */
public final class ByteKeyMap<V> {

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final int maxEntries;
  private final long maxBytes;
  private final int maxKeyLength;
  private final long[] hashes;
  private final byte[][] keys;
  private final Object[] values;
  private final int mask;
  private int size;
  private long bytes;

  public ByteKeyMap(int maxEntries, long maxBytes, int maxKeyLength) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.maxKeyLength = maxKeyLength;
    int slots = Integer.highestOneBit(Math.max(16, maxEntries * 2 - 1)) << 1;
    this.hashes = new long[slots];
    this.keys = new byte[slots][];
    this.values = new Object[slots];
    this.mask = slots - 1;
  }

  /** A hash of {@code b[from, to)}: eight bytes per step. */
  public static long hash(byte[] b, int from, int to) {
    long h = 0x9E3779B97F4A7C15L ^ (to - from);
    int i = from;
    for (; i + 8 <= to; i += 8) {
      h = (h ^ (long) LONGS.get(b, i)) * 0xFF51AFD7ED558CCDL;
      h ^= h >>> 29;
    }
    long tail = 0;
    for (int shift = 0; i < to; i++, shift += 8) {
      tail |= (b[i] & 0xffL) << shift;
    }
    h = (h ^ tail) * 0xC4CEB9FE1A85EC53L;
    return h ^ (h >>> 32);
  }

  /** The value stored for {@code b[from, to)} with its {@link #hash}, or null. */
  @SuppressWarnings("unchecked")
  public V get(byte[] b, int from, int to, long hash) {
    int slot = (int) hash & mask;
    while (true) {
      byte[] key = keys[slot];
      if (key == null) {
        return null;
      }
      if (hashes[slot] == hash && Arrays.equals(key, 0, key.length, b, from, to)) {
        return (V) values[slot];
      }
      slot = (slot + 1) & mask;
    }
  }

  /** Stores a copy of the key with its value; false when full or the key is too long. */
  public boolean put(byte[] b, int from, int to, long hash, V value) {
    int length = to - from;
    if (length > maxKeyLength || size >= maxEntries || bytes + length > maxBytes) {
      return false;
    }
    int slot = (int) hash & mask;
    while (keys[slot] != null) {
      if (hashes[slot] == hash && Arrays.equals(keys[slot], 0, keys[slot].length, b, from, to)) {
        values[slot] = value;
        return true;
      }
      slot = (slot + 1) & mask;
    }
    keys[slot] = Arrays.copyOfRange(b, from, to);
    hashes[slot] = hash;
    values[slot] = value;
    size++;
    bytes += length;
    return true;
  }

  public int size() {
    return size;
  }
}
