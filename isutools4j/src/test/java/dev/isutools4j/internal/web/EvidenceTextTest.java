package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.AdvisorSection;
import dev.isutools4j.internal.snapshot.AdvisorSection.Row;
import dev.isutools4j.testing.HostRuns;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The advisor's evidence as the run page shows it: numbers with their units. */
class EvidenceTextTest {

  @Test
  void durationsSizesPercentagesAndCountsGetTheirUnits() {
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("totalMs", 10276.766921);
    evidence.put("peakRssBytes", 3L * 1024 * 1024);
    evidence.put("busyPct", 88.0);
    evidence.put("openFilesMax", 20000);
    evidence.put("perRequest", 20.2857);
    evidence.put("warnings", List.of("full scan of comments", "filesort on comments"));
    evidence.put("worker_rlimit_nofile", List.of());
    evidence.put("fs.file-max", "2470878");
    assertThat(EvidenceText.of(evidence)).isEqualTo("totalMs: 10.28 s · peakRssBytes: 3.0 MiB"
        + " · busyPct: 88.0 % · openFilesMax: 20" + Units.THIN + "000 · perRequest: 20.29"
        + " · warnings: full scan of comments, filesort on comments · worker_rlimit_nofile: —"
        + " · fs.file-max: 2470878");
  }

  @Test
  void noRawMillisecondsOnTheSavedMariaDbRunsAdvisor() {
    AdvisorSection advisor = HostRuns.saved("mariadb", 0).section(AdvisorSection.class).orElseThrow();
    Row plan = advisor.rows().stream().filter(r -> r.rule().equals("db-plan")).findFirst().orElseThrow();
    assertThat(plan.evidence().get("totalMs")).as("stored raw").isEqualTo(10276.766921);
    StringBuilder page = new StringBuilder();
    AdvisorView.write(page, advisor);
    assertThat(page.toString()).contains("totalMs: 10.28 s · warnings: full scan of comments")
        .doesNotContain("10276.766921");
  }
}
