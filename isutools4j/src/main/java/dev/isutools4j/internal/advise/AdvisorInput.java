package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
