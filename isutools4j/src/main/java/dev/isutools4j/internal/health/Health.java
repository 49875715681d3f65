package dev.isutools4j.internal.health;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts failures inside isutools4j so that they are shown, never thrown into the app.
 *
 * <p>Thread-safe and lock-free: {@link #failed} is called from app threads inside catch blocks.
 */
public final class Health {

  private static final LongAdder FAILURES = new LongAdder();
  private static final AtomicReference<Failure> LAST = new AtomicReference<>();

  /** The most recent failure: where, what and when. */
  public record Failure(String where, String message, String stack, Instant at) {}

  private Health() {}

  /** Records an internal failure. Never throws. */
  public static void failed(String where, Throwable error) {
    try {
      FAILURES.increment();
      StringWriter stack = new StringWriter();
      error.printStackTrace(new PrintWriter(stack));
      LAST.set(new Failure(where, String.valueOf(error), stack.toString(), Instant.now()));
    } catch (Throwable ignored) {
      // Out of memory or worse: the count above is what we can still keep.
    }
  }

  /** Failures since the JVM started. */
  public static long failures() {
    return FAILURES.sum();
  }

  /** The last failure, or null when there was none. */
  public static Failure last() {
    return LAST.get();
  }
}
