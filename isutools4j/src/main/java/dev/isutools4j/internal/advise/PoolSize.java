package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.Fields;

/** How many pooled connections this JVM holds: seen in the machine samples, else from the URL. */
record PoolSize(long size, String source) {

  /** The pool size, or null when neither the samples nor the URL say. */
  static PoolSize of(AdvisorInput in) {
    Fields machine = in.machine();
    if (machine != null) {
      long max = -1;
      for (Fields sample : machine.fieldsList("series")) {
        Long total = sample.longOrNull("poolTotal");
        if (total != null) {
          max = Math.max(max, total);
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
