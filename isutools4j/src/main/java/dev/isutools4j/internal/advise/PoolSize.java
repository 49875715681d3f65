package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;

/** How many pooled connections this JVM holds: seen in the machine samples, else from the URL. */
record PoolSize(long size, String source) {

  /** The pool size, or null when neither the samples nor the URL say. */
  static PoolSize of(AdvisorInput in) {
    MachineSection machine = in.machine();
    if (machine != null) {
      long max = -1;
      for (MachineSection.Sample sample : machine.series()) {
        if (sample.has(MachineMetric.POOL_TOTAL)) {
          max = Math.max(max, sample.whole(MachineMetric.POOL_TOTAL));
        }
      }
      if (max > 0) {
        return new PoolSize(max, "machine: peak poolTotal");
      }
    }
    JdbcUrl url = in.jdbcUrl();
    if (url != null) {
      Long fromUrl = Values.longOrNull(url.get("maxPoolSize"));
      if (fromUrl != null) {
        return new PoolSize(fromUrl, "JDBC URL maxPoolSize");
      }
    }
    return null;
  }
}
