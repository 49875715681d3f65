package dev.isutools4j.internal.flow;

import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/**
 * What a session cookie's value becomes before anything keeps it: HMAC-SHA256 (RFC 2104) of its
 * UTF-8 bytes under a key drawn once per JVM, cut to its first 64 bits. The key is never written
 * anywhere, so a saved run holds no session secret and no hash that another process could match
 * against a cookie; within the JVM, equal values give equal keys.
 *
 * <p>Hot path: allocation-free after a thread's first call; each thread hashes with its own
 * {@link MessageDigest} (the JDK's SHA-256, which the JIT compiles to the CPU's instructions).
 */
final class SessionHash {

  private static final int BLOCK = 64;

  private final byte[] innerPad = new byte[BLOCK];
  private final byte[] outerPad = new byte[BLOCK];
  private final ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(Scratch::new);

  /** With {@code key} (at most 64 bytes, as HMAC uses a key of its hash's block size or less). */
  SessionHash(byte[] key) {
    if (key.length > BLOCK) {
      throw new IllegalArgumentException("an HMAC-SHA256 key of at most 64 bytes: " + key.length);
    }
    for (int i = 0; i < BLOCK; i++) {
      byte k = i < key.length ? key[i] : 0;
      innerPad[i] = (byte) (k ^ 0x36);
      outerPad[i] = (byte) (k ^ 0x5c);
    }
  }

  /** Under a random 256-bit key. */
  static SessionHash random() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return new SessionHash(key);
  }

  /** The first 64 bits of the HMAC of {@code text}'s chars {@code [from, to)}; never 0. */
  long of(String text, int from, int to) {
    Scratch s = scratch.get();
    MessageDigest sha = s.sha;
    try {
      sha.update(innerPad);
      utf8(sha, s.chunk, text, from, to);
      sha.digest(s.inner, 0, s.inner.length);
      sha.update(outerPad);
      sha.update(s.inner);
      sha.digest(s.outer, 0, s.outer.length);
    } catch (DigestException impossible) {
      throw new IllegalStateException(impossible); // the buffers are a SHA-256 digest long
    }
    long key = 0;
    for (int i = 0; i < 8; i++) {
      key = (key << 8) | (s.outer[i] & 0xff);
    }
    return key == 0 ? 1 : key; // 0 means "no session" to the flow
  }

  /** Feeds {@code text}'s chars as UTF-8, through {@code chunk}. */
  private static void utf8(MessageDigest sha, byte[] chunk, String text, int from, int to) {
    int n = 0;
    for (int i = from; i < to; i++) {
      if (n > chunk.length - 4) {
        sha.update(chunk, 0, n);
        n = 0;
      }
      char c = text.charAt(i);
      if (c < 0x80) {
        chunk[n++] = (byte) c;
      } else if (c < 0x800) {
        chunk[n++] = (byte) (0xc0 | c >> 6);
        chunk[n++] = (byte) (0x80 | c & 0x3f);
      } else if (Character.isHighSurrogate(c) && i + 1 < to && Character.isLowSurrogate(text.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, text.charAt(++i));
        chunk[n++] = (byte) (0xf0 | cp >> 18);
        chunk[n++] = (byte) (0x80 | cp >> 12 & 0x3f);
        chunk[n++] = (byte) (0x80 | cp >> 6 & 0x3f);
        chunk[n++] = (byte) (0x80 | cp & 0x3f);
      } else if (Character.isSurrogate(c)) {
        chunk[n++] = '?'; // a lone surrogate, as String.getBytes(UTF_8) writes it
      } else {
        chunk[n++] = (byte) (0xe0 | c >> 12);
        chunk[n++] = (byte) (0x80 | c >> 6 & 0x3f);
        chunk[n++] = (byte) (0x80 | c & 0x3f);
      }
    }
    sha.update(chunk, 0, n);
  }

  /** One thread's digest and buffers. */
  private static final class Scratch {

    final MessageDigest sha;
    final byte[] chunk = new byte[BLOCK];
    final byte[] inner = new byte[32];
    final byte[] outer = new byte[32];

    Scratch() {
      try {
        sha = MessageDigest.getInstance("SHA-256");
      } catch (NoSuchAlgorithmException impossible) {
        throw new IllegalStateException(impossible); // every JDK has SHA-256
      }
    }
  }
}
