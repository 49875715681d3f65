package dev.isutools4j.internal.digest.access;

/**
 * One access log line as read, for a filter that chooses which lines are counted
 * ({@link AccessLogDigest.Options#withFilter}). Valid only during the call it is given to.
 */
public interface AccessLine {

  /** The request method; "-" when the client sent no request line. */
  String method();

  /** The request URI as logged, query string included; "-" when there was no request line. */
  String uri();

  int status();

  /** The body size in bytes (0 when not logged). */
  long bodyBytes();

  /** {@code $request_time} in microseconds, or -1 when not logged. */
  long requestMicros();

  /** {@code $upstream_response_time} in microseconds (several added up), or -1 when none. */
  long upstreamMicros();
}
