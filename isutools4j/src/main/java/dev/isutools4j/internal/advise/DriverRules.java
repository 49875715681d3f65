package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.List;

/**
 * Connector/J and MariaDB Connector/J properties read from the JDBC URL, judged only for those two
 * drivers (an H2 or PostgreSQL URL has none of them). Defaults as documented:
 * Connector/J caches no prepared statement unless {@code cachePrepStmts=true} (size 25, SQL up to
 * 256 chars); MariaDB Connector/J 3 caches by default (250).
 */
final class DriverRules {

  private DriverRules() {}

  static List<Rule> all() {
    return List.of(new ServerPrep(), new PrepCache(), new RewriteBatched());
  }

  /** Why the rules cannot judge this URL's driver, or null when they can. */
  static String notJudged(JdbcUrl url) {
    if (url == null) {
      return "JDBC URL";
    }
    if (!url.mysqlFamily()) {
      return "driver " + (url.product().isEmpty() ? "unknown" : url.product())
          + ": these are Connector/J and MariaDB Connector/J settings";
    }
    return null;
  }

  static final class ServerPrep implements Rule {
    static final String ID = "jdbc-server-prep-stmts";
    private static final String TITLE = "one round trip per query (useServerPrepStmts=false)";

    @Override
    public String id() {
      return ID;
    }

    @Override
    public List<Finding> check(AdvisorInput in) {
      JdbcUrl url = in.jdbcUrl();
      String notJudged = notJudged(url);
      if (notJudged != null) {
        return List.of(Finding.skip(ID, TITLE, notJudged));
      }
      String server = url.get("useServerPrepStmts");
      String cache = url.get("cachePrepStmts");
      Evidence ev = Evidence.of("url", url.shown()).and("useServerPrepStmts", server)
          .and("cachePrepStmts", cache);
      if (!Boolean.TRUE.equals(Values.onOff(server))) {
        return List.of(new Finding(ID, TITLE, Status.OK, ev.map(), ""));
      }
      if (Boolean.TRUE.equals(Values.onOff(cache))) {
        return List.of(new Finding(ID, TITLE, Status.INFO, ev.map(),
            "server-side statements cached per connection: fine while the pool keeps connections"));
      }
      return List.of(new Finding(ID, TITLE, Status.WARN, ev.map(),
          "drop useServerPrepStmts=true (a prepare round trip per statement) or add cachePrepStmts=true"));
    }
  }

  static final class PrepCache implements Rule {
    static final String ID = "jdbc-prep-stmt-cache";
    private static final String TITLE = "prepared statement cache on and large enough";

    @Override
    public String id() {
      return ID;
    }

    @Override
    public List<Finding> check(AdvisorInput in) {
      JdbcUrl url = in.jdbcUrl();
      String notJudged = notJudged(url);
      if (notJudged != null) {
        return List.of(Finding.skip(ID, TITLE, notJudged));
      }
      boolean maria = url.mariadb();
      Boolean on = Values.onOff(url.get("cachePrepStmts"));
      boolean cache = on == null ? maria : on;
      Long size = Values.longOrNull(url.get("prepStmtCacheSize"));
      long effectiveSize = size != null ? size : maria ? 250 : 25;
      Long limit = Values.longOrNull(url.get("prepStmtCacheSqlLimit"));
      long effectiveLimit = limit != null ? limit : maria ? Long.MAX_VALUE : 256;
      int longest = in.sql().stream().mapToInt(r -> r.fingerprint().length()).max().orElse(0);
      Evidence ev = Evidence.of("driver", url.product()).and("cachePrepStmts", cache)
          .and("prepStmtCacheSize", effectiveSize)
          .and("prepStmtCacheSqlLimit", maria && limit == null ? null : effectiveLimit)
          .and("statements", in.sql().size()).and("longestStatement", longest);
      String fix = "add cachePrepStmts=true&prepStmtCacheSize=500&prepStmtCacheSqlLimit=2048 to the URL";
      if (!cache) {
        return List.of(new Finding(ID, TITLE, Status.MISSING, ev.map(), fix));
      }
      if (effectiveSize < in.sql().size() || effectiveLimit < longest) {
        return List.of(new Finding(ID, TITLE, Status.WARN, ev.map(), fix));
      }
      return List.of(new Finding(ID, TITLE, Status.OK, ev.map(), ""));
    }
  }

  static final class RewriteBatched implements Rule {
    static final String ID = "jdbc-rewrite-batched";
    private static final String TITLE = "batches sent as one statement (rewriteBatchedStatements)";

    @Override
    public String id() {
      return ID;
    }

    @Override
    public List<Finding> check(AdvisorInput in) {
      JdbcUrl url = in.jdbcUrl();
      String notJudged = notJudged(url);
      if (notJudged != null) {
        return List.of(Finding.skip(ID, TITLE, notJudged));
      }
      long batches = in.sql().stream().mapToLong(SqlRow::batches).sum();
      if (batches == 0) {
        return List.of(Finding.skip(ID, TITLE, "no JDBC batches in this run"));
      }
      String rewrite = url.get("rewriteBatchedStatements");
      Evidence ev = Evidence.of("batches", batches).and("driver", url.product())
          .and("rewriteBatchedStatements", rewrite).and("useBulkStmts", url.get("useBulkStmts"));
      if (url.mariadb()) {
        return List.of(new Finding(ID, TITLE, Status.INFO, ev.map(),
            "MariaDB Connector/J 3 sends batches with its bulk protocol (useBulkStmts), not rewrites"));
      }
      if (Boolean.TRUE.equals(Values.onOff(rewrite))) {
        return List.of(new Finding(ID, TITLE, Status.OK, ev.map(), ""));
      }
      return List.of(new Finding(ID, TITLE, Status.MISSING, ev.map(),
          "add rewriteBatchedStatements=true to the URL (one multi-row INSERT per batch)"));
    }
  }
}
