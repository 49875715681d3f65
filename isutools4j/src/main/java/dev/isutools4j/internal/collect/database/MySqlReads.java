package dev.isutools4j.internal.collect.database;

import dev.isutools4j.internal.snapshot.DatabaseSection.Index;
import dev.isutools4j.internal.snapshot.DatabaseSection.Table;
import dev.isutools4j.internal.sql.InspectorMark;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The reads of a MySQL or MariaDB server: schema, variables, status counters, statement digests;
 * each statement carries the {@link InspectorMark}.
 */
final class MySqlReads {

  /** The status counters worth a delta (or, for gauges, a start and end value). */
  static final List<String> STATUS = List.of(
      "Innodb_buffer_pool_reads", "Innodb_buffer_pool_read_requests", "Innodb_row_lock_waits",
      "Innodb_row_lock_time", "Threads_connected", "Threads_running", "Max_used_connections",
      "Slow_queries", "Questions", "Created_tmp_tables", "Created_tmp_disk_tables",
      "Select_full_join", "Select_scan", "Sort_merge_passes", "Handler_read_rnd_next",
      "Aborted_connects", "Connections");

  private static final int TIMEOUT_S = 10;

  private MySqlReads() {}

  /** The tables of the current schema with their indexes, by name. */
  static List<Table> tables(Connection c) throws SQLException {
    Map<String, Table> tables = new LinkedHashMap<>();
    try (PreparedStatement ps = c.prepareStatement(InspectorMark.marked(
        "SELECT TABLE_NAME, ENGINE, TABLE_ROWS, DATA_LENGTH, INDEX_LENGTH FROM information_schema.TABLES"
            + " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME"))) {
      ps.setQueryTimeout(TIMEOUT_S);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          tables.put(rs.getString(1), new Table(rs.getString(1), rs.getString(2), rs.getLong(3),
              rs.getLong(4), rs.getLong(5), List.of()));
        }
      }
    }
    // table -> index -> columns, and whether each "table\0index" is unique
    Map<String, Map<String, List<String>>> columns = new LinkedHashMap<>();
    Map<String, Boolean> unique = new LinkedHashMap<>();
    try (PreparedStatement ps = c.prepareStatement(InspectorMark.marked(
        "SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE, COLUMN_NAME FROM information_schema.STATISTICS"
            + " WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, INDEX_NAME <> 'PRIMARY', INDEX_NAME, SEQ_IN_INDEX"))) {
      ps.setQueryTimeout(TIMEOUT_S);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String table = rs.getString(1);
          if (!tables.containsKey(table)) {
            continue; // a view or a table created between the two reads
          }
          String index = rs.getString(2);
          unique.putIfAbsent(table + "\0" + index, rs.getLong(3) == 0);
          String column = rs.getString(4);
          columns.computeIfAbsent(table, t -> new LinkedHashMap<>())
              .computeIfAbsent(index, i -> new ArrayList<>())
              .add(column == null ? "(expression)" : column);
        }
      }
    }
    List<Table> out = new ArrayList<>();
    for (Table t : tables.values()) {
      List<Index> indexes = new ArrayList<>();
      columns.getOrDefault(t.name(), Map.of()).forEach((index, cols) ->
          indexes.add(new Index(index, cols, unique.get(t.name() + "\0" + index))));
      out.add(new Table(t.name(), t.engine(), t.rows(), t.dataBytes(), t.indexBytes(), indexes));
    }
    return out;
  }

  /** Every server variable, by name. */
  static Map<String, String> variables(Connection c) throws SQLException {
    Map<String, String> out = new TreeMap<>();
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(TIMEOUT_S);
      try (ResultSet rs = s.executeQuery(InspectorMark.marked("SHOW VARIABLES"))) {
        while (rs.next()) {
          out.put(rs.getString(1), rs.getString(2));
        }
      }
    }
    return out;
  }

  /** The counters of {@link #STATUS} the server has. */
  static Map<String, Long> status(Connection c) throws SQLException {
    Map<String, Long> out = new LinkedHashMap<>();
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(TIMEOUT_S);
      try (ResultSet rs = s.executeQuery(InspectorMark.marked("SHOW GLOBAL STATUS"))) {
        Map<String, String> all = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        while (rs.next()) {
          all.put(rs.getString(1), rs.getString(2));
        }
        for (String name : STATUS) {
          String value = all.get(name);
          if (value != null) {
            try {
              out.put(name, Long.parseLong(value.trim()));
            } catch (NumberFormatException ignored) {
              // not a counter on this server version
            }
          }
        }
      }
    }
    return out;
  }

  /** Whether performance_schema is on, from the variables. */
  static boolean performanceSchemaOn(Map<String, String> variables) {
    String value = variables.get("performance_schema");
    return value != null && ("ON".equalsIgnoreCase(value) || "1".equals(value));
  }

  /** The statement digests so far, by schema and digest. */
  static Map<String, Digests.Row> digests(Connection c) throws SQLException {
    Map<String, Digests.Row> out = new LinkedHashMap<>();
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(TIMEOUT_S);
      try (ResultSet rs = s.executeQuery(InspectorMark.marked(
          "SELECT SCHEMA_NAME, DIGEST, DIGEST_TEXT, COUNT_STAR,"
          + " SUM_TIMER_WAIT, SUM_ROWS_EXAMINED, SUM_ROWS_SENT, SUM_NO_INDEX_USED,"
          + " SUM_NO_GOOD_INDEX_USED FROM performance_schema.events_statements_summary_by_digest"))) {
        while (rs.next()) {
          Digests.Row row = new Digests.Row(rs.getString(1), rs.getString(2), rs.getString(3),
              rs.getLong(4), rs.getLong(5), rs.getLong(6), rs.getLong(7), rs.getLong(8), rs.getLong(9));
          out.put(row.key(), row);
        }
      }
    }
    return out;
  }
}
