package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.AccessLogSection;
import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What every rule reads: the run being saved (its tables and the collectors' typed sections) and
 * the environment facts gathered once at save.
 */
public record AdvisorInput(List<SqlRow> sql, List<HttpRow> http, Map<String, Object> sections,
    Environment env) {

  public AdvisorInput {
    sql = List.copyOf(sql);
    http = List.copyOf(http);
    sections = Map.copyOf(sections);
  }

  public static AdvisorInput of(Snapshot draft, Environment env) {
    return new AdvisorInput(draft.sql(), draft.http(), draft.sections(), env);
  }

  /** The {@code database} section, or null when absent or not supported. */
  DatabaseSection database() {
    DatabaseSection db = section(DatabaseSection.class);
    return db != null && db.supported() ? db : null;
  }

  /** Why {@link #database()} is null: the section's own reason when it has one. */
  String databaseMissing() {
    DatabaseSection db = section(DatabaseSection.class);
    if (db == null) {
      return "no database section";
    }
    return db.reason() != null ? "database: " + db.reason() : "database not inspected";
  }

  /**
   * Why nginx is taken to front the app: the environment's reasons, and the access log when the
   * run read one. Empty: the nginx rules skip.
   */
  List<String> nginxFronts() {
    Set<String> reasons = new LinkedHashSet<>(env.nginxFronts());
    AccessLogSection accessLog = section(AccessLogSection.class);
    if (accessLog != null && accessLog.log() != null && accessLog.log().supported()) {
      reasons.add(NginxFront.ACCESS_LOG);
    }
    return List.copyOf(reasons);
  }

  /**
   * The run's SQL time: its SQL table's, or on a host with no app (no table) that of the
   * explained plans, which is then all the advisor knows of.
   */
  double sqlTotalMs() {
    double table = sql.stream().mapToDouble(r -> r.time().totalMs()).sum();
    DatabaseSection db = database();
    double plans = db == null ? 0 : db.plans().stream().mapToDouble(DatabaseSection.Plan::totalMs).sum();
    return Math.max(table, plans);
  }

  /** The {@code machine} section, or null when absent or not supported. */
  MachineSection machine() {
    MachineSection machine = section(MachineSection.class);
    return machine != null && machine.supported() ? machine : null;
  }

  /** The machine's {@code limits}, or null when the machine section is absent. */
  MachineSection.Limits limits() {
    MachineSection machine = machine();
    return machine == null ? null : machine.limits();
  }

  /** The server variables, lower-case names; empty without a database section. */
  Map<String, String> variables() {
    Map<String, String> out = new TreeMap<>();
    DatabaseSection db = database();
    if (db != null) {
      db.variables().forEach((k, v) -> out.put(k.toLowerCase(Locale.ROOT), String.valueOf(v)));
    }
    return out;
  }

  /** The JDBC URL: the database section's (passwords already removed), else the environment's. */
  JdbcUrl jdbcUrl() {
    DatabaseSection db = database();
    String url = db == null ? null : db.url();
    if (url == null || url.isBlank()) {
      url = env.jdbcUrl();
    }
    return url == null || url.isBlank() ? null : JdbcUrl.parse(url);
  }

  private <S> S section(Class<S> type) {
    for (Object section : sections.values()) {
      if (type.isInstance(section)) {
        return type.cast(section);
      }
    }
    return null;
  }
}
