package dev.isutools4j.internal.advise;

import java.util.List;
import java.util.Map;

/**
 * Facts about where the app runs, gathered once at save ({@link EnvironmentProbe}); rules read them
 * without touching the machine. Null means not known.
 *
 * @param maxHeapBytes the JVM's max heap (Runtime.maxMemory)
 * @param gcNames the garbage collectors' MXBean names
 * @param sysctl values under /proc/sys by dotted name ({@code net.core.somaxconn})
 * @param jdbcUrl the last real JDBC URL a connection was opened with
 * @param nginx the nginx configuration text ({@code nginx -T} or the configured file)
 * @param nginxMissing why there is no nginx text (when {@code nginx} is null)
 */
public record Environment(Long maxHeapBytes, Integer availableProcessors, List<String> gcNames,
    Map<String, String> sysctl, String jdbcUrl, String nginx, String nginxMissing) {

  public Environment {
    gcNames = gcNames == null ? List.of() : List.copyOf(gcNames);
    sysctl = sysctl == null ? Map.of() : Map.copyOf(sysctl);
  }

  /** Nothing known (for tests, which then set what they need). */
  public static Environment empty() {
    return new Environment(null, null, List.of(), Map.of(), null, null, "not gathered");
  }

  public Environment withJvm(long maxHeap, int processors, List<String> gcs) {
    return new Environment(maxHeap, processors, gcs, sysctl, jdbcUrl, nginx, nginxMissing);
  }

  public Environment withSysctl(Map<String, String> values) {
    return new Environment(maxHeapBytes, availableProcessors, gcNames, values, jdbcUrl, nginx,
        nginxMissing);
  }

  public Environment withJdbcUrl(String url) {
    return new Environment(maxHeapBytes, availableProcessors, gcNames, sysctl, url, nginx,
        nginxMissing);
  }

  public Environment withNginx(String text) {
    return new Environment(maxHeapBytes, availableProcessors, gcNames, sysctl, jdbcUrl, text,
        nginxMissing);
  }
}
