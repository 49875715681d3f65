package dev.isutools4j.internal.web;

import static dev.isutools4j.internal.web.Fixtures.START;
import static dev.isutools4j.internal.web.Fixtures.meta;
import static dev.isutools4j.internal.web.Fixtures.occurrences;
import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.MachineSection.Flag;
import dev.isutools4j.internal.snapshot.MachineSection.Limits;
import dev.isutools4j.internal.snapshot.MachineSection.MeanPeak;
import dev.isutools4j.internal.snapshot.MachineSection.NetSummary;
import dev.isutools4j.internal.snapshot.MachineSection.Pool;
import dev.isutools4j.internal.snapshot.MachineSection.ProcessTotal;
import dev.isutools4j.internal.snapshot.MachineSection.Sample;
import dev.isutools4j.internal.snapshot.MachineSection.Summary;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MachineViewTest {

  private static final long T0 = 1_800_000_000_000L;

  private static Sample sample(int i, double busy) {
    double[] values = Sample.noValues();
    values[MachineMetric.CPU_BUSY.ordinal()] = busy;
    values[MachineMetric.CPU_USER.ordinal()] = busy * 0.8;
    values[MachineMetric.CPU_IDLE.ordinal()] = 100 - busy;
    values[MachineMetric.REQUESTS.ordinal()] = 850;
    if (i != 3) {
      values[MachineMetric.P95.ordinal()] = 12.5; // no request finished in second 3
    }
    values[MachineMetric.MEM_USED.ordinal()] = 3L << 30;
    return new Sample(T0 + 1000L * i, values, Map.of(), Map.of(), List.of());
  }

  private static MachineSection section(int samples, Pool pool) {
    List<Sample> series = new ArrayList<>();
    for (int i = 0; i < samples; i++) {
      series.add(sample(i, i % 2 == 0 ? 11.6 : 20));
    }
    Map<MachineMetric, MeanPeak> metrics = new LinkedHashMap<>();
    metrics.put(MachineMetric.CPU_BUSY, new MeanPeak(15.8, 20));
    metrics.put(MachineMetric.MEM_USED, new MeanPeak(3L << 30, 3L << 30));
    Summary summary = new Summary(samples, 1000, 1, metrics,
        Map.of("eth0", new NetSummary(new MeanPeak(1024, 2048), null)), Map.of(), List.of(
            new ProcessTotal(777, "mysqld", 150, 190, 1L << 30, false),
            new ProcessTotal(100, "java", 20, 30, 1L << 29, true)));
    Limits limits = new Limits(2, 8L << 30, "v2", 1.5, null, 1024L, null, null, pool, null, null);
    return new MachineSection(true, null, null, summary, series, List.of(new Flag("idle-under-load",
        "machine mostly idle under load: 11.6 % busy <sic>")), limits);
  }

  private static String page(MachineSection section) {
    Map<String, Object> sections = new LinkedHashMap<>();
    sections.put("machine", section);
    Snapshot s = new Snapshot(meta("m1", START, 1L, true, "abc", false, null), List.of(), List.of(),
        List.of(), sections);
    return RunPage.render(s, false, HealthStatus.HEALTHY);
  }

  @Test
  void flagsComeFirstThenLimitsChartsAndTables() {
    String page = page(section(10, Pool.notVisible("pool: not visible (set registerMbeans=true)")));
    int machine = page.indexOf("<h2 id=\"h-machine\">");
    assertThat(machine).as("after the tables and the profile")
        .isGreaterThan(page.indexOf("<h2 id=\"h-profile\">"))
        .isLessThan(page.indexOf("<h2 id=\"h-database\">"));
    int flags = page.indexOf("<ul class=\"flags\">");
    assertThat(flags).isGreaterThan(machine).isLessThan(page.indexOf("<svg class=\"mchart\""));
    assertThat(page).contains("data-flag=\"idle-under-load\">machine mostly idle under load: 11.6 % busy &lt;sic&gt;");
    assertThat(page).contains("2 CPUs, 8.0 GiB memory · cgroup v2: CPU quota 1.50 CPUs, memory limit none",
        "open files limit 1" + Units.THIN + "024");
    assertThat(page).as("the section is shown, not dumped").doesNotContain("id=\"section-machine\"");
    assertThat(page).contains("href=\"#h-machine\"");
  }

  @Test
  void everyChartSharesOneTimeAxisAndThePoolSaysWhyItIsMissing() {
    String page = page(section(61, Pool.notVisible("pool: not visible (set registerMbeans=true)")));
    int charts = MachineMetrics.CHARTS.size() - 1;
    assertThat(occurrences(page, "<svg class=\"mchart\" viewBox=\"0 0 560 150\"")).isEqualTo(charts);
    assertThat(occurrences(page, ">60 s</text>")).as("the same last x label on each").isEqualTo(charts);
    assertThat(page).contains("connection pool <span class=\"note\">pool: not visible (set registerMbeans=true)");
    assertThat(page).contains("<script type=\"application/json\" id=\"machine-data\">{\"span\":60,\"t\":[0,1,2,");
    assertThat(page).contains("\"p95Ms\":[12.5,12.5,12.5,null,12.5");
    assertThat(page).contains("class=\"readout\"", "addEventListener('mousemove'");
    assertThat(page).as("the CPU chart's axis is fixed at 100 %").contains(">100.0 %</text>");
  }

  @Test
  void aMissingSecondBreaksTheLine() {
    String p95 = chart(page(section(10, Pool.named(List.of("HikariPool-1")))), "p95");
    assertThat(occurrences(p95, "<polyline")).isEqualTo(2);
  }

  @Test
  void visiblePoolsAreNamedAndCharted() {
    String page = page(section(5, Pool.named(List.of("HikariPool-1"))));
    assertThat(page).contains(" · pools HikariPool-1");
    assertThat(chart(page, "pool")).contains("<svg class=\"mchart\"");
  }

  @Test
  void summaryAndProcessTables() {
    String page = page(section(5, Pool.named(List.of())));
    String summary = Fixtures.table(page, "machine-summary");
    assertThat(summary).contains(">CPU busy (100 − idle)</td>", ">15.8 %</td>", ">20.0 %</td>",
        ">3.0 GiB</td>", ">network eth0 in</td>", ">2.0 KiB/s</td>");
    String processes = Fixtures.table(page, "machine-processes");
    assertThat(processes.indexOf("mysqld")).isLessThan(processes.indexOf("java (this JVM)"));
    assertThat(processes).contains(">150.0 %</td>", ">1.0 GiB</td>");
  }

  @Test
  void anUnsupportedMachineSaysWhy() {
    String page = page(MachineSection.unsupported("no /proc/stat: Linux only"));
    assertThat(page).contains("<p class=\"muted\">not sampled: no /proc/stat: Linux only</p>");
    assertThat(page).doesNotContain("<svg");
  }

  @Test
  void anHourOfSamplesIsThinnedToThePlotsWidth() {
    String page = page(section(3600, Pool.named(List.of())));
    String cpu = chart(page, "cpu");
    int points = occurrences(cpu.substring(cpu.indexOf("<polyline")), ",");
    assertThat(points).as("at most two points per pixel column and line")
        .isLessThanOrEqualTo(2 * 2 * (TimeChart.PLOT_WIDTH + 1));
    assertThat(cpu.contains(">50:00</text>")).as("x labels in minutes").isTrue();
    long started = System.nanoTime();
    for (int i = 0; i < 5; i++) {
      page(section(3600, Pool.named(List.of())));
    }
    System.out.println("MachineView: 3600 samples in " + (System.nanoTime() - started) / 5_000_000
        + " ms per page");
  }

  private static String chart(String page, String id) {
    int start = page.indexOf("id=\"chart-" + id + "\"");
    return page.substring(start, page.indexOf("</figure>", start));
  }
}
