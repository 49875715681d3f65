package dev.isutools4j.internal.collect.logtail;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.digest.LogRange;
import dev.isutools4j.internal.digest.Resources;
import dev.isutools4j.internal.digest.access.AccessLogDigest;
import dev.isutools4j.internal.digest.access.AccessReport;
import dev.isutools4j.internal.digest.slow.SlowLogDigest;
import dev.isutools4j.internal.digest.slow.SlowReport;
import dev.isutools4j.internal.snapshot.AccessLogSection;
import dev.isutools4j.internal.snapshot.AccessLogSectionJson;
import dev.isutools4j.internal.snapshot.LogRead;
import dev.isutools4j.internal.snapshot.LogSource;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.SlowLogSectionJson;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A report's section digest, written, holds the report as the command line prints it (its own
 * {@code toMap}: same keys, order and rounding), each row with {@code appCount} after its count.
 */
class ReportToSectionTest {

  private static final LogRead READ = LogRead.of(LogSource.EMPTY, List.of());

  @ParameterizedTest
  @ValueSource(strings = {"access/combined.log", "access/json.log", "access/ltsv.log"})
  void anAccessLogSectionHoldsItsReport(String log) throws IOException {
    AccessReport report = AccessLogDigest.read(LogRange.whole(Resources.log(log)),
        AccessLogDigest.Options.defaults(), 2);
    Map<String, Object> written = new AccessLogSectionJson().write(new AccessLogSection(READ,
        AccessReportToSection.digest(report, null, new AppCounts(Map.of()))));
    assertThat(json(digestPart(written))).isEqualTo(json(report.toMap()));
    assertThat(((List<?>) written.get("rows"))).isNotEmpty().allSatisfy(row ->
        assertThat(List.<Object>copyOf(((Map<?, ?>) row).keySet()).subList(2, 4)).containsExactly("count", "appCount"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"slow/mariadb-10.11.log", "slow/mysql-8.0-slow-extra.log", "slow/percona-8.0.log",
      "slow/mariadb-workload.log"})
  void aSlowLogSectionHoldsItsReport(String log) throws IOException {
    SlowReport report = SlowLogDigest.read(LogRange.whole(Resources.log(log)), SlowLogDigest.Options.defaults(), 2);
    Map<String, Object> written = new SlowLogSectionJson().write(new SlowLogSection(READ,
        SlowReportToSection.digest(report, new AppCounts(Map.of()), 0)));
    assertThat(json(digestPart(written))).isEqualTo(json(report.toMap()));
  }

  /** The section without what it read (source, notes): its digest's keys. */
  private static Map<String, Object> digestPart(Map<String, Object> section) {
    Map<String, Object> out = new LinkedHashMap<>(section);
    out.remove("source");
    out.remove("notes");
    List<Object> rows = ((List<?>) out.get("rows")).stream().map(r -> {
      Map<Object, Object> row = new LinkedHashMap<>((Map<?, ?>) r);
      assertThat(row).containsEntry("appCount", null);
      row.remove("appCount");
      return (Object) row;
    }).toList();
    out.put("rows", rows);
    return out;
  }

  /** As JSON text: the same keys in the same order, the same numbers. */
  private static String json(Map<String, Object> value) throws IOException {
    return SnapshotJson.writeValue(value);
  }
}
