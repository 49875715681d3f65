package dev.isutools4j.internal.hub;

import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.LogMalformed;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.sql.SecretColumns;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A peer's part as the hub keeps it: every statement text with values in it (the SQL table's
 * samples, the slow log's samples and the lines it could not read, the EXPLAINed samples) masked
 * by the hub's own secret columns. The peer masked them by its own already; the hub's list may be
 * longer. Its database is not known here, so both dialects' readings are masked. Pure.
 */
final class PartSecrets {

  private PartSecrets() {}

  static Snapshot masked(Snapshot part, SecretColumns secrets) {
    List<SqlRow> sql = new ArrayList<>(part.sql().size());
    for (SqlRow row : part.sql()) {
      sql.add(row.sample() == null ? row : row.withSample(secrets.mask(row.sample())));
    }
    Map<String, Object> sections = new LinkedHashMap<>();
    part.sections().forEach((name, section) -> sections.put(name, masked(section, secrets)));
    return new Snapshot(part.meta(), sql, part.http(), part.counters(), sections, part.parts());
  }

  private static Object masked(Object section, SecretColumns secrets) {
    if (section instanceof SlowLogSection slow && slow.digest() != null) {
      SlowLogSection.Digest d = slow.digest();
      List<SlowLogSection.Row> rows = new ArrayList<>(d.rows().size());
      for (SlowLogSection.Row row : d.rows()) {
        rows.add(row.withSample(secrets.mask(row.sample())));
      }
      return new SlowLogSection(slow.log(), new SlowLogSection.Digest(d.lines(), d.entries(),
          d.banners(), d.cutStatements(), d.inspectorStatements(), masked(d.malformed(), secrets),
          d.totals(), rows));
    }
    if (section instanceof DatabaseSection database) {
      List<DatabaseSection.Plan> plans = new ArrayList<>(database.plans().size());
      for (DatabaseSection.Plan plan : database.plans()) {
        plans.add(plan.withSample(secrets.mask(plan.sample())));
      }
      return database.withPlans(plans);
    }
    return section;
  }

  private static LogMalformed masked(LogMalformed malformed, SecretColumns secrets) {
    if (malformed == null) {
      return null;
    }
    List<LogMalformed.Example> examples = new ArrayList<>(malformed.examples().size());
    for (LogMalformed.Example e : malformed.examples()) {
      examples.add(new LogMalformed.Example(e.line(), e.offset(), e.reason(),
          secrets.maskEveryValue(e.text())));
    }
    return new LogMalformed(malformed.count(), examples);
  }
}
