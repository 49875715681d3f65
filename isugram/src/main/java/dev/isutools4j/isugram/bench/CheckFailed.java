package dev.isutools4j.isugram.bench;

/** A response that is not what the app must answer: -10. */
final class CheckFailed extends RuntimeException {

  CheckFailed(String message) {
    super(message, null, false, false);
  }
}
