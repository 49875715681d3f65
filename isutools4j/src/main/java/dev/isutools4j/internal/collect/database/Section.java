package dev.isutools4j.internal.collect.database;

import dev.isutools4j.internal.dbtarget.DatabaseTarget;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Builds one run's {@code database} section (see docs/SNAPSHOT.md). */
final class Section {

  private final Map<String, Object> out = new LinkedHashMap<>();
  private final RunStart start;
  private List<Map<String, Object>> tables = List.of();
  private List<Map<String, Object>> plans = List.of();

  Section(DatabaseTarget target, String product, String version, RunStart start) {
    this.start = start;
    out.put("supported", true);
    out.put("product", product);
    out.put("version", version);
    out.put("url", target.describe());
    if (start != null && start.error() != null) {
      out.put("startError", start.error());
    }
  }

  static boolean mysqlLike(String product) {
    String p = product == null ? "" : product.toLowerCase(Locale.ROOT);
    return p.contains("mysql") || p.contains("mariadb");
  }

  static Map<String, Object> unsupported(String reason) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("supported", false);
    m.put("reason", reason);
    return m;
  }

  /** The section of a save that could not read the database: what the reset read, and why. */
  static Map<String, Object> failed(DatabaseTarget target, RunStart start, String error) {
    Map<String, Object> m = new LinkedHashMap<>();
    boolean known = start != null && start.product() != null;
    m.put("supported", known ? mysqlLike(start.product()) : true);
    if (known) {
      m.put("product", start.product());
      m.put("version", start.version());
    }
    m.put("url", target.describe());
    m.put("error", error);
    if (known && !start.tables().isEmpty()) {
      m.put("tables", start.tables());
      m.put("tablesReadAt", "reset");
    }
    if (known && !start.variables().isEmpty()) {
      m.put("variables", start.variables());
    }
    return m;
  }

  void readEnd(Connection c) throws SQLException {
    out.put("schema", c.getCatalog());
    tables = MySqlReads.tables(c);
    out.put("tables", tables);
    Map<String, Object> variables = MySqlReads.variables(c);
    Map<String, Long> end = MySqlReads.status(c);
    out.put("status", status(start == null ? Map.of() : start.status(), end));
    if (start == null || start.product() == null) {
      out.put("digests", skipped("no reading at reset to subtract from"));
    } else if (start.digests() == null) {
      out.put("digests", skipped(start.digestsSkipped()));
    } else if (!MySqlReads.performanceSchemaOn(variables)) {
      out.put("digests", skipped("performance_schema is OFF"));
    } else {
      out.put("digests", Digests.delta(start.digests(), MySqlReads.digests(c)));
    }
    out.put("variables", variables);
  }

  void explain(Explains.Result result) {
    plans = result.plans();
    out.put("plans", plans);
    out.put("explain", result.summary());
  }

  void compare(PreviousRun previous) {
    out.put("changes", previous == null ? Map.of()
        : Changes.of(previous.id(), previous.section(), tables, plans));
  }

  Map<String, Object> json() {
    return out;
  }

  /** Each counter's start, end and delta; gauges (connections now) are read by their end. */
  static Map<String, Object> status(Map<String, Long> start, Map<String, Long> end) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (Map.Entry<String, Long> e : end.entrySet()) {
      Map<String, Object> v = new LinkedHashMap<>();
      Long began = start.get(e.getKey());
      if (began != null) {
        v.put("start", began);
      }
      v.put("end", e.getValue());
      if (began != null) {
        v.put("delta", e.getValue() - began);
      }
      m.put(e.getKey(), v);
    }
    return m;
  }

  private static Map<String, Object> skipped(String reason) {
    return Map.of("skipped", reason == null ? "unknown" : reason);
  }
}
