package dev.isutools4j.internal.hub;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waits for calls made to all peers at once, under one deadline: the timeout plus a little, so
 * that a peer that never answers holds the player no longer than that. A call still running at
 * the deadline is given up (its request ends at its own timeout, which is the same).
 */
final class Fanout {

  /** Beyond the calls' own timeout: time for the client to notice and report it. */
  static final int SLACK_MS = 250;

  /** A call's value, or why there is none. */
  record Outcome<T>(T value, PeerFailure failure) {

    boolean ok() {
      return failure == null;
    }
  }

  private Fanout() {}

  static <T> List<Outcome<T>> await(List<CompletableFuture<T>> calls, long startNanos,
      int timeoutMs) {
    long deadline = startNanos + TimeUnit.MILLISECONDS.toNanos(timeoutMs + SLACK_MS);
    List<Outcome<T>> outcomes = new ArrayList<>(calls.size());
    for (CompletableFuture<T> call : calls) {
      try {
        long left = Math.max(0, deadline - System.nanoTime());
        outcomes.add(new Outcome<>(call.get(left, TimeUnit.NANOSECONDS), null));
      } catch (TimeoutException e) {
        call.cancel(true);
        outcomes.add(new Outcome<>(null, PeerClient.timedOut(startNanos, timeoutMs)));
      } catch (ExecutionException e) {
        outcomes.add(new Outcome<>(null, PeerClient.failure(e, startNanos, timeoutMs)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        call.cancel(true);
        outcomes.add(new Outcome<>(null, new PeerFailure("the hub was interrupted",
            PeerClient.elapsedMs(startNanos))));
      }
    }
    return outcomes;
  }
}
