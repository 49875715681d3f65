package dev.isutools4j.internal.web;

import dev.isutools4j.internal.health.Health;

/**
 * isutools4j's own health as the pages show it.
 *
 * @param failures internal failures since the JVM started
 * @param last the most recent failure, or null when there was none
 */
public record HealthStatus(long failures, Health.Failure last) {

  /** Healthy: no failure. */
  public static final HealthStatus HEALTHY = new HealthStatus(0, null);

  /** The current state of {@link Health}. */
  public static HealthStatus now() {
    return new HealthStatus(Health.failures(), Health.last());
  }

  public boolean healthy() {
    return failures <= 0;
  }
}
