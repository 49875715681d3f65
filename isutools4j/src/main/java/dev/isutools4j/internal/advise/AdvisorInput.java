package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.Fields;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What every rule reads: the run being saved (its tables and the collectors' sections as plain
 * maps) and the environment facts gathered once at save.
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
    for (Object section : sections.values()) {
      if (section instanceof DatabaseSection db) {
        return db.supported() ? db : null;
      }
    }
    return null;
  }

  /** The {@code machine} section, or null when absent or not supported. */
  MachineSection machine() {
    for (Object section : sections.values()) {
      if (section instanceof MachineSection machine) {
        return machine.supported() ? machine : null;
      }
    }
    return null;
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

  private Fields supported(String name) {
    Object section = sections.get(name);
    if (!(section instanceof Map<?, ?>)) {
      return null;
    }
    Fields fields = Fields.of(section);
    return Boolean.FALSE.equals(fields.boolOrNull("supported")) ? null : fields;
  }
}
