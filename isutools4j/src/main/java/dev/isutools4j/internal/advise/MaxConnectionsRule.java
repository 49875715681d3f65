package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import java.util.List;

/** The server must accept every pooled connection (plus a margin for admin tools). */
final class MaxConnectionsRule implements Rule {

  static final String ID = "db-max-connections";
  private static final String TITLE = "max_connections above the pool size";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(AdvisorInput in) {
    if (in.database() == null) {
      return List.of(Finding.skip(ID, TITLE, in.databaseMissing()));
    }
    Long max = Values.longOrNull(in.variables().get("max_connections"));
    if (max == null) {
      return List.of(Finding.skip(ID, TITLE, "max_connections"));
    }
    PoolSize pool = PoolSize.of(in);
    if (pool == null) {
      return List.of(Finding.skip(ID, TITLE,
          "pool size (not visible in the machine samples nor in the JDBC URL)"));
    }
    Evidence ev = Evidence.of("max_connections", max).and("poolSize", pool.size())
        .and("poolSource", pool.source());
    if (max > pool.size()) {
      return List.of(new Finding(ID, TITLE, Status.OK, ev.map(), ""));
    }
    return List.of(new Finding(ID, TITLE, Status.WARN, ev.map(),
        "set max_connections above the sum of every app server's pool (e.g. "
            + Math.max(pool.size() * 2, 1024) + ") in my.cnf"));
  }
}
