package dev.isutools4j.internal.collect.database;

import dev.isutools4j.internal.dbtarget.DatabaseTarget;
import dev.isutools4j.internal.snapshot.DatabaseSection.Table;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * What was read at reset: the counters and digests the save subtracts, the schema in case the
 * database is gone by then, or why nothing could be read.
 *
 * @param digests null when performance_schema is off or unreadable ({@code digestsSkipped} says why)
 */
record RunStart(DatabaseTarget target, String product, String version, Map<String, Long> status,
    Map<String, Digests.Row> digests, String digestsSkipped, List<Table> tables,
    Map<String, String> variables, String error) {

  static RunStart of(DatabaseTarget target, String product, String version) {
    return new RunStart(target, product, version, Map.of(), null, null, List.of(), Map.of(), null);
  }

  static RunStart failed(DatabaseTarget target, String error) {
    return new RunStart(target, null, null, Map.of(), null, null, List.of(), Map.of(), error);
  }

  static RunStart read(DatabaseTarget target, Connection c) throws SQLException {
    String product = c.getMetaData().getDatabaseProductName();
    String version = c.getMetaData().getDatabaseProductVersion();
    Map<String, String> variables = MySqlReads.variables(c);
    Map<String, Long> status = MySqlReads.status(c);
    List<Table> tables = MySqlReads.tables(c);
    Map<String, Digests.Row> digests = null;
    String skipped;
    if (!MySqlReads.performanceSchemaOn(variables)) {
      skipped = "performance_schema is OFF";
    } else {
      try {
        digests = MySqlReads.digests(c);
        skipped = null;
      } catch (SQLException e) {
        skipped = "cannot read performance_schema digests: " + DatabaseCollector.reason(e);
      }
    }
    return new RunStart(target, product, version, status, digests, skipped, tables, variables, null);
  }
}
