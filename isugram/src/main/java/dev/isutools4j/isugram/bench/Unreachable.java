package dev.isutools4j.isugram.bench;

/** A timeout or a connection error: -20. */
final class Unreachable extends RuntimeException {

  Unreachable(String message) {
    super(message, null, false, false);
  }
}
