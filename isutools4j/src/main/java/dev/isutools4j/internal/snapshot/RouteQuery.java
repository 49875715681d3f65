package dev.isutools4j.internal.snapshot;

/**
 * One fingerprint as run by one route.
 *
 * @param perRequest executions per request of the route (over all its requests)
 * @param maxPerRequest the most executions within a single request
 * @param nPlusOne whether some request ran it at least the N+1 threshold times
 */
public record RouteQuery(
    String fingerprint,
    long count,
    long requests,
    double perRequest,
    long maxPerRequest,
    double totalMs,
    boolean nPlusOne) {}
