package dev.isutools4j.isugram.bench;

/** The run is over: the request was not sent, and counts for nothing. */
final class DeadlineReached extends RuntimeException {

  DeadlineReached() {
    super("deadline", null, false, false);
  }
}
