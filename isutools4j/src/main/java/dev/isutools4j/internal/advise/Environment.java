package dev.isutools4j.internal.advise;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

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
 * @param nginxFronts why nginx is taken to front the app ({@link NginxFront}); empty when nothing
 *     says so, and then the nginx rules skip whatever nginx the machine has
 */
public record Environment(Long maxHeapBytes, Integer availableProcessors, List<String> gcNames,
    Map<String, String> sysctl, String jdbcUrl, String nginx, String nginxMissing,
    List<String> nginxFronts) {

  public Environment {
    gcNames = gcNames == null ? List.of() : List.copyOf(gcNames);
    sysctl = sysctl == null ? Map.of() : Map.copyOf(sysctl);
    nginxFronts = nginxFronts == null ? List.of() : List.copyOf(nginxFronts);
  }

  /** Nothing known (for tests, which then set what they need). */
  public static Environment empty() {
    return new Environment(null, null, List.of(), Map.of(), null, null, "not gathered", List.of());
  }

  public Environment withJvm(long maxHeap, int processors, List<String> gcs) {
    return new Environment(maxHeap, processors, gcs, sysctl, jdbcUrl, nginx, nginxMissing,
        nginxFronts);
  }

  public Environment withSysctl(Map<String, String> values) {
    return new Environment(maxHeapBytes, availableProcessors, gcNames, values, jdbcUrl, nginx,
        nginxMissing, nginxFronts);
  }

  public Environment withJdbcUrl(String url) {
    return new Environment(maxHeapBytes, availableProcessors, gcNames, sysctl, url, nginx,
        nginxMissing, nginxFronts);
  }

  /**
   * With this nginx configuration text, read because of {@code front} (an {@link NginxFront}
   * reason; null for none, as the text of an nginx that does not front the app).
   */
  public Environment withNginx(String text, String front) {
    List<String> fronts = front == null ? nginxFronts
        : Stream.concat(nginxFronts.stream(), Stream.of(front)).toList();
    return new Environment(maxHeapBytes, availableProcessors, gcNames, sysctl, jdbcUrl, text,
        nginxMissing, fronts);
  }
}
