package dev.isutools4j.internal.collect.database;

import dev.isutools4j.internal.dbtarget.DatabaseTarget;
import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.DatabaseSection.Counter;
import dev.isutools4j.internal.snapshot.DatabaseSection.StatementDigests;
import dev.isutools4j.internal.snapshot.DatabaseSection.Table;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Makes one run's {@code database} section (see docs/SNAPSHOT.md) from what the reset read and
 * what the save reads: the save's schema, status counters and digests first, then the plans.
 */
final class ReadingsToDatabase {

  private final DatabaseTarget target;
  private final String product;
  private final String version;
  private final RunStart start;
  private String schema;
  private List<Table> tables = List.of();
  private Map<String, Counter> status = Map.of();
  private StatementDigests digests;
  private Map<String, String> variables = Map.of();

  ReadingsToDatabase(DatabaseTarget target, String product, String version, RunStart start) {
    this.target = target;
    this.product = product;
    this.version = version;
    this.start = start;
  }

  static boolean mysqlLike(String product) {
    String p = product == null ? "" : product.toLowerCase(Locale.ROOT);
    return p.contains("mysql") || p.contains("mariadb");
  }

  /** The section of a save that could not read the database: what the reset read, and why. */
  static DatabaseSection failed(DatabaseTarget target, RunStart start, String error) {
    boolean known = start != null && start.product() != null;
    return DatabaseSection.failed(known ? mysqlLike(start.product()) : true,
        known ? start.product() : null, known ? start.version() : null, target.describe(), error,
        known ? start.tables() : List.of(), known ? start.variables() : Map.of());
  }

  void readEnd(Connection c) throws SQLException {
    schema = c.getCatalog();
    tables = MySqlReads.tables(c);
    variables = MySqlReads.variables(c);
    status = status(start == null ? Map.of() : start.status(), MySqlReads.status(c));
    if (start == null || start.product() == null) {
      digests = skipped("no reading at reset to subtract from");
    } else if (start.digests() == null) {
      digests = skipped(start.digestsSkipped());
    } else if (!MySqlReads.performanceSchemaOn(variables)) {
      digests = skipped("performance_schema is OFF");
    } else {
      digests = StatementDigests.ran(Digests.delta(start.digests(), MySqlReads.digests(c)));
    }
  }

  /** The section, with the plans explained after {@link #readEnd}. */
  DatabaseSection explained(Explains.Result result) {
    String startError = start == null ? null : start.error();
    return DatabaseSection.inspected(product, version, target.describe(), startError, schema,
        tables, result.plans(), result.summary(), status, digests, variables);
  }

  /** Each counter's start, end and delta; gauges (connections now) are read by their end. */
  static Map<String, Counter> status(Map<String, Long> start, Map<String, Long> end) {
    Map<String, Counter> m = new LinkedHashMap<>();
    for (Map.Entry<String, Long> e : end.entrySet()) {
      Long began = start.get(e.getKey());
      m.put(e.getKey(), new Counter(began, e.getValue(), began == null ? null : e.getValue() - began));
    }
    return m;
  }

  private static StatementDigests skipped(String reason) {
    return StatementDigests.skipped(reason == null ? "unknown" : reason);
  }
}
