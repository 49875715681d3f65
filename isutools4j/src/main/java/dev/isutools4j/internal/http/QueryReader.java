package dev.isutools4j.internal.http;

/**
 * Reads a request's query string (raw, as it came; null when none). Called only for a request
 * kept among the run's slowest, so that the others pay nothing for it: the filters pass a
 * non-capturing method reference, which is one shared object.
 */
@FunctionalInterface
public interface QueryReader {

  /** Reads nothing: for callers that have no query string. */
  QueryReader NONE = request -> null;

  String query(Object request);
}
