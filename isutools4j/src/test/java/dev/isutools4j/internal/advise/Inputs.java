package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.snapshot.AccessLogSection;
import dev.isutools4j.internal.snapshot.DatabaseSection;
import dev.isutools4j.internal.snapshot.DatabaseSection.Index;
import dev.isutools4j.internal.snapshot.DatabaseSection.Plan;
import dev.isutools4j.internal.snapshot.DatabaseSection.Table;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.LatencySummary;
import dev.isutools4j.internal.snapshot.LogRead;
import dev.isutools4j.internal.snapshot.LogSource;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.MachineSection.Limits;
import dev.isutools4j.internal.snapshot.MachineSection.Summary;
import dev.isutools4j.internal.snapshot.SqlRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds rule inputs by hand, shaped like the sections the collectors write. */
final class Inputs {

  private final List<SqlRow> sql = new ArrayList<>();
  private final List<HttpRow> http = new ArrayList<>();
  private final Map<String, Object> sections = new LinkedHashMap<>();
  private Environment env = Environment.empty();

  static Inputs run() {
    return new Inputs();
  }

  Inputs database(DatabaseSection database) {
    sections.put("database", database);
    return this;
  }

  Inputs machine(MachineSection machine) {
    sections.put("machine", machine);
    return this;
  }

  /** An {@code accessLog} section of a file that was read ({@code isutools.access.log} set). */
  Inputs accessLog() {
    sections.put("accessLog", new AccessLogSection(LogRead.of(LogSource.EMPTY, List.of()), null));
    return this;
  }

  /** SQL rows of this fingerprint, together taking {@code totalMs}. */
  Inputs sqlTime(String fingerprint, long count, double totalMs) {
    sql.add(new SqlRow(fingerprint, fingerprint,
        new LatencySummary(count, totalMs, totalMs / count, 1, 1, 1, 1, 1), 0, count, 0));
    return this;
  }

  Inputs env(Environment environment) {
    env = environment;
    return this;
  }

  Inputs sql(String fingerprint, long batches) {
    sql.add(new SqlRow(fingerprint, fingerprint, latency(10), 0, 10, batches));
    return this;
  }

  Inputs http(String method, String route, long count, long status3xx) {
    http.add(new HttpRow(method, route, latency(count),
        new long[] {0, count - status3xx, status3xx, 0, 0}, count * 1000, 0, 0, 0, false, List.of()));
    return this;
  }

  AdvisorInput input() {
    return new AdvisorInput(sql, http, sections, env);
  }

  /** A database section with these variables and one table of data + index bytes. */
  static DatabaseSection database(Map<String, String> variables, long dataBytes, long indexBytes) {
    return database(null, variables, dataBytes, indexBytes, List.of());
  }

  /** A database section with this URL, these variables and plans, and one table of data + index bytes. */
  static DatabaseSection database(String url, Map<String, String> variables, long dataBytes,
      long indexBytes, List<Plan> plans) {
    Table comments = new Table("comments", "InnoDB", 100000, dataBytes, indexBytes,
        List.of(new Index("PRIMARY", List.of("id"), true)));
    return DatabaseSection.inspected("MariaDB", null, url, null, null, List.of(comments), plans,
        null, Map.of(), null, variables);
  }

  /** A machine section with these limits and one sample per map of series values. */
  static MachineSection machine(Limits limits, List<Map<MachineMetric, ? extends Number>> series) {
    List<MachineSection.Sample> samples = new ArrayList<>();
    for (Map<MachineMetric, ? extends Number> values : series) {
      double[] array = MachineSection.Sample.noValues();
      values.forEach((metric, value) -> array[metric.ordinal()] = value.doubleValue());
      samples.add(new MachineSection.Sample(1_000L * samples.size(), array, Map.of(), Map.of(),
          List.of()));
    }
    Summary summary = new Summary(samples.size(), 1000, 1, Map.of(), Map.of(), Map.of(), List.of());
    return new MachineSection(true, null, null, summary, samples, List.of(), limits);
  }

  /** Limits with these numbers known, the others not (null). */
  static Limits limits(int cpus, Long memTotalBytes, Double cpuQuotaCores, Long memoryLimitBytes,
      Long openFilesMax) {
    return new Limits(cpus, memTotalBytes, null, cpuQuotaCores, memoryLimitBytes, openFilesMax,
        null, null, null, null, null);
  }

  private static LatencySummary latency(long count) {
    return new LatencySummary(count, count, 1, 1, 1, 1, 1, 1);
  }
}
