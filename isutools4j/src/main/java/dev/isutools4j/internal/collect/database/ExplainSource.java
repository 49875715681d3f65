package dev.isutools4j.internal.collect.database;

import dev.isutools4j.internal.snapshot.DatabaseSection.Explain;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.stats.Recording;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Where the database inspector takes the statements it EXPLAINs at save, chosen by the
 * composition root: the run's SQL table in an app's JVM, the run's slow log on a host with no app.
 * Asked once per save, before the inspector's own connection opens.
 *
 * @param from the table the candidates come from, as the section's {@code explain.statementsFrom}
 *     says: {@link Explain#FROM_SQL} or {@link Explain#FROM_SLOW_LOG}
 * @param candidates this run's candidates, in any order
 */
public record ExplainSource(String from, Supplier<List<ExplainCandidate>> candidates) {

  /** The SQL table of this JVM's current run: what the app ran through its recorded driver. */
  public static ExplainSource recorder() {
    return sqlTable(() -> Recording.recorder().sqlRows());
  }

  /** The rows of a SQL table: each fingerprint with its sample, the schema unknown. */
  public static ExplainSource sqlTable(Supplier<List<SqlRow>> rows) {
    return new ExplainSource(Explain.FROM_SQL, () -> {
      List<ExplainCandidate> out = new ArrayList<>();
      for (SqlRow r : rows.get()) {
        out.add(new ExplainCandidate(r.fingerprint(), r.sample(), null, r.time().count(),
            r.time().totalMs()));
      }
      return out;
    });
  }

  /**
   * The rows of the run's {@code slowLog} section (read once, by its collector): each fingerprint
   * with its slowest statement and the schema that ran in. Administrator commands are no
   * candidates, nor is anything when the log was not read.
   */
  public static ExplainSource slowLog(Supplier<SlowLogSection> run) {
    return new ExplainSource(Explain.FROM_SLOW_LOG, () -> {
      SlowLogSection section = run.get();
      List<ExplainCandidate> out = new ArrayList<>();
      for (SlowLogSection.Row r : section == null ? List.<SlowLogSection.Row>of() : section.rows()) {
        if (!r.admin()) {
          out.add(new ExplainCandidate(r.fingerprint(), r.sample(), r.sampleSchema(), r.count(),
              r.totalMs()));
        }
      }
      return out;
    });
  }
}
