package dev.isutools4j.internal.snapshot;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code database} section (docs/SNAPSHOT.md): the MySQL or MariaDB the app talks to, as the
 * run's reset and save read it. It comes in three shapes: not inspected ({@code supported} false
 * and a {@code reason}), not readable at save (an {@code error}, with what the reset read), or
 * inspected (everything but {@code error} and {@code reason}).
 *
 * @param reason why the database is not inspected; only when {@code supported} is false
 * @param error why the save could not read the database; null when it could
 * @param startError why the reset could not read the database (no deltas then); null when it could
 * @param url the JDBC URL, passwords removed
 * @param schema the current schema (catalog) at save
 * @param tables the base tables of the current schema, by name
 * @param tablesReadAt {@code "reset"} when the tables are the reset's, the save having failed
 * @param plans the EXPLAINs of the SELECTs with most total time, most first, from the run's SQL
 *     table or its slow log ({@code explain.statementsFrom})
 * @param explain what the EXPLAIN budget allowed; null when nothing was explained
 * @param status the status counters at reset and save, in the server's order
 * @param digests the performance_schema statement digests, or why not; null when not read
 * @param variables every server variable by name, in the order they were read
 * @param changes against the previous saved run; null until compared
 */
public record DatabaseSection(
    boolean supported,
    String reason,
    String error,
    String startError,
    String product,
    String version,
    String url,
    String schema,
    List<Table> tables,
    String tablesReadAt,
    List<Plan> plans,
    Explain explain,
    Map<String, Counter> status,
    StatementDigests digests,
    Map<String, String> variables,
    Changes changes) implements Section {

  public DatabaseSection {
    tables = list(tables);
    plans = list(plans);
    status = ordered(status);
    variables = ordered(variables);
  }

  /** A database that is not inspected, and why. */
  public static DatabaseSection unsupported(String reason) {
    return new DatabaseSection(false, reason, null, null, null, null, null, null, List.of(), null,
        List.of(), null, Map.of(), null, Map.of(), null);
  }

  /** A save that could not read the database: what the reset read (product may be null), and why. */
  public static DatabaseSection failed(boolean supported, String product, String version, String url,
      String error, List<Table> tables, Map<String, String> variables) {
    String readAt = tables == null || tables.isEmpty() ? null : "reset";
    return new DatabaseSection(supported, null, error, null, product, version, url, null, tables,
        readAt, List.of(), null, Map.of(), null, variables, null);
  }

  /** A database read at save, not yet compared with an earlier run. */
  public static DatabaseSection inspected(String product, String version, String url,
      String startError, String schema, List<Table> tables, List<Plan> plans, Explain explain,
      Map<String, Counter> status, StatementDigests digests, Map<String, String> variables) {
    return new DatabaseSection(true, null, null, startError, product, version, url, schema, tables,
        null, plans, explain, status, digests, variables, null);
  }

  /** The same section compared with an earlier run. */
  public DatabaseSection withChanges(Changes newChanges) {
    return new DatabaseSection(supported, reason, error, startError, product, version, url, schema,
        tables, tablesReadAt, plans, explain, status, digests, variables, newChanges);
  }

  /** The same section with other plans. */
  public DatabaseSection withPlans(List<Plan> newPlans) {
    return new DatabaseSection(supported, reason, error, startError, product, version, url, schema,
        tables, tablesReadAt, newPlans, explain, status, digests, variables, changes);
  }

  /** Whether the save read the database, so that the whole section is there. */
  public boolean inspected() {
    return supported && error == null;
  }

  /** Whether the section lists the schema's tables: read at save, or at reset when the save failed. */
  public boolean hasTables() {
    return inspected() || (error != null && !tables.isEmpty());
  }

  /** One base table with its indexes; rows and sizes are information_schema's estimates. */
  public record Table(String name, String engine, long rows, long dataBytes, long indexBytes,
      List<Index> indexes) {

    public Table {
      indexes = list(indexes);
    }
  }

  /** One index: its columns in order ({@code (expression)} for a functional part). */
  public record Index(String name, List<String> columns, boolean unique) {

    public Index {
      columns = list(columns);
    }
  }

  /**
   * The EXPLAIN of one fingerprint's sample, or the error that stopped it.
   *
   * @param count the fingerprint's executions in this run, in the table the statements came from
   *     ({@link Explain#statementsFrom})
   * @param rowsExamined the nested-loop estimate: each row's rows times the rows before it
   * @param error why the EXPLAIN failed or timed out; rows and warnings are empty then
   */
  public record Plan(String fingerprint, String sample, long count, double totalMs,
      List<PlanRow> rows, long rowsExamined, List<Warning> warnings, String error) {

    public Plan {
      rows = list(rows);
      warnings = list(warnings);
    }

    /** The same plan of another sample statement. */
    public Plan withSample(String newSample) {
      return new Plan(fingerprint, newSample, count, totalMs, rows, rowsExamined, warnings, error);
    }

    /** An EXPLAIN that did not give a plan. */
    public static Plan failed(String fingerprint, String sample, long count, double totalMs,
        String error) {
      return new Plan(fingerprint, sample, count, totalMs, List.of(), 0, List.of(), error);
    }
  }

  /**
   * One row of EXPLAIN, its columns by the document's names; each may be null as the server gives it.
   *
   * @param absent the columns this server's EXPLAIN does not have (MariaDB's has no filtered),
   *     left out of the document
   */
  public record PlanRow(Long id, String selectType, String table, String type, String possibleKeys,
      String key, String keyLen, String ref, Long rows, Double filtered, String extra,
      Set<String> absent) {

    public PlanRow {
      absent = absent == null ? Set.of() : Set.copyOf(absent);
    }
  }

  /** What a player looks at in a plan: full-scan, no-key, filesort, temporary or rows-examined. */
  public record Warning(String id, String table, String message) {}

  /**
   * The EXPLAIN budget: where the explained statements came from, what it allowed, what it cost,
   * and the fingerprints left out and why.
   *
   * @param statementsFrom {@link #FROM_SQL} (the run's SQL table: an app's JVM) or
   *     {@link #FROM_SLOW_LOG} (the run's slow log: a host with no app)
   */
  public record Explain(String statementsFrom, long budgetMs, long spentMs, long top,
      List<Skip> skipped) {

    /** The run's SQL table, the document's {@code sql}. */
    public static final String FROM_SQL = "sql";
    /** The run's {@code slowLog} section. */
    public static final String FROM_SLOW_LOG = "slowLog";

    public Explain {
      statementsFrom = statementsFrom == null ? FROM_SQL : statementsFrom;
      skipped = list(skipped);
    }
  }

  /** A SELECT fingerprint that was not explained, and why. */
  public record Skip(String fingerprint, String reason) {}

  /** One status counter at reset and at save; start and delta are null without a reading at reset. */
  public record Counter(Long start, long end, Long delta) {}

  /** The statement digests that ran during the run, most time first; or, when none were read, why. */
  public record StatementDigests(List<Digest> rows, String skipped) {

    public StatementDigests {
      rows = list(rows);
    }

    public static StatementDigests ran(List<Digest> rows) {
      return new StatementDigests(rows, null);
    }

    public static StatementDigests skipped(String reason) {
      return new StatementDigests(List.of(), reason);
    }
  }

  /** One performance_schema statement digest over the run: save minus reset. */
  public record Digest(String schema, String digest, String text, long count, double totalMs,
      long rowsExamined, long rowsSent, long noIndexUsed, long noGoodIndexUsed) {}

  /**
   * What changed since an earlier saved run.
   *
   * @param previousRun the run compared with; null when there was none (the document has {@code {}})
   */
  public record Changes(String previousRun, List<SchemaChange> schema, List<PlanChange> plans) {

    /** No earlier run to compare with. */
    public static final Changes NONE = new Changes(null, List.of(), List.of());

    public Changes {
      schema = list(schema);
      plans = list(plans);
    }
  }

  /**
   * A table added or dropped, or an index added, dropped or changed.
   *
   * @param index null for a table's change
   * @param columns the index's columns (the new ones when changed); null for a table's change
   */
  public record SchemaChange(String kind, String table, String index, List<String> columns) {

    public SchemaChange {
      columns = columns == null ? null : List.copyOf(columns);
    }
  }

  /** A plan row of one table whose key or access type differ, or whose rows are off by ten times. */
  public record PlanChange(String fingerprint, String table, String what, Access before,
      Access after) {}

  /** How a plan row reads its table. */
  public record Access(String type, String key, long rows) {}

  private static <T> List<T> list(List<T> values) {
    return values == null ? List.of() : List.copyOf(values);
  }

  /** An unmodifiable copy in the given order; values may be null. */
  private static <V> Map<String, V> ordered(Map<String, V> values) {
    return values == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }
}
