package dev.isutools4j.isugram.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** The running tally of a benchmark: points, successes, failures and their messages. Thread-safe. */
public final class Score {

  /** What a successful request is worth. */
  public enum Kind {
    GET(1), POST(2), UPLOAD(5);

    final int points;

    Kind(int points) {
      this.points = points;
    }
  }

  public static final int FAILED_CHECK = 10;
  public static final int UNREACHABLE = 20;
  public static final int MAX_MESSAGES = 20;
  private static final int MAX_MESSAGE_LENGTH = 300;

  private final AtomicLong points = new AtomicLong();
  private final AtomicLong success = new AtomicLong();
  private final AtomicLong fail = new AtomicLong();
  private final Set<String> messages = ConcurrentHashMap.newKeySet();
  private final List<String> order = new ArrayList<>();

  public void ok(Kind kind) {
    points.addAndGet(kind.points);
    success.incrementAndGet();
  }

  /** A check that did not hold: -10. */
  public void failedCheck(String message) {
    points.addAndGet(-FAILED_CHECK);
    fail.incrementAndGet();
    remember(message);
  }

  /** A timeout or a connection error: -20. */
  public void unreachable(String message) {
    points.addAndGet(-UNREACHABLE);
    fail.incrementAndGet();
    remember(message);
  }

  private void remember(String message) {
    String text = message.length() > MAX_MESSAGE_LENGTH ? message.substring(0, MAX_MESSAGE_LENGTH) + "..." : message;
    if (messages.size() < MAX_MESSAGES && messages.add(text)) {
      synchronized (order) {
        order.add(text);
      }
    }
  }

  /** The points, never below 0. */
  public long score() {
    return Math.max(0, points.get());
  }

  public long success() {
    return success.get();
  }

  public long fail() {
    return fail.get();
  }

  public BenchResult result(boolean pass) {
    List<String> copy;
    synchronized (order) {
      copy = List.copyOf(order.subList(0, Math.min(order.size(), MAX_MESSAGES)));
    }
    return new BenchResult(pass, score(), success(), fail(), copy);
  }
}
