package dev.isutools4j.internal.web;

import static dev.isutools4j.internal.web.Fixtures.START;
import static dev.isutools4j.internal.web.Fixtures.meta;
import static dev.isutools4j.internal.web.Fixtures.occurrences;
import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MachineViewTest {

  private static final long T0 = 1_800_000_000_000L;

  private static Map<String, Object> sample(int i, double busy) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("t", T0 + 1000L * i);
    s.put("cpuBusyPct", busy);
    s.put("cpuUserPct", busy * 0.8);
    s.put("cpuIdlePct", 100 - busy);
    s.put("requestsPerSec", 850);
    if (i != 3) {
      s.put("p95Ms", 12.5); // no request finished in second 3
    }
    s.put("memUsedBytes", 3L << 30);
    return s;
  }

  private static Map<String, Object> section(int samples, Object pool) {
    List<Object> series = new ArrayList<>();
    for (int i = 0; i < samples; i++) {
      series.add(sample(i, i % 2 == 0 ? 11.6 : 20));
    }
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("samples", samples);
    summary.put("intervalMs", 1000);
    summary.put("cpuBusyPct", Map.of("mean", 15.8, "peak", 20));
    summary.put("memUsedBytes", Map.of("mean", 3L << 30, "peak", 3L << 30));
    summary.put("net", Map.of("eth0", Map.of("inBytesPerSec", Map.of("mean", 1024, "peak", 2048))));
    summary.put("processes", List.of(
        Map.of("pid", 777, "name", "mysqld", "meanCpuPct", 150, "peakCpuPct", 190, "peakRssBytes", 1L << 30),
        Map.of("pid", 100, "name", "java", "meanCpuPct", 20, "peakCpuPct", 30, "peakRssBytes", 1L << 29,
            "self", true)));
    Map<String, Object> limits = new LinkedHashMap<>();
    limits.put("cpus", 2);
    limits.put("memTotalBytes", 8L << 30);
    limits.put("cgroup", "v2");
    limits.put("cpuQuotaCores", 1.5);
    limits.put("memoryLimitBytes", null);
    limits.put("openFilesMax", 1024);
    limits.put("linkMbps", null);
    limits.put("pool", pool);
    Map<String, Object> section = new LinkedHashMap<>();
    section.put("supported", true);
    section.put("summary", summary);
    section.put("series", series);
    section.put("flags", List.of(Map.of("id", "idle-under-load",
        "message", "machine mostly idle under load: 11.6 % busy <sic>")));
    section.put("limits", limits);
    return section;
  }

  private static String page(Object section) {
    Map<String, Object> sections = new LinkedHashMap<>();
    sections.put("machine", section);
    Snapshot s = new Snapshot(meta("m1", START, 1L, true, "abc", false, null), List.of(), List.of(),
        List.of(), sections);
    return RunPage.render(s, false, HealthStatus.HEALTHY);
  }

  @Test
  void flagsComeFirstThenLimitsChartsAndTables() {
    String page = page(section(10, "pool: not visible (set registerMbeans=true)"));
    int machine = page.indexOf("<h2 id=\"h-machine\">");
    assertThat(machine).isPositive().isLessThan(page.indexOf("<h2 id=\"h-sql\">"));
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
    String page = page(section(61, "pool: not visible (set registerMbeans=true)"));
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
    String p95 = chart(page(section(10, List.of("HikariPool-1"))), "p95");
    assertThat(occurrences(p95, "<polyline")).isEqualTo(2);
  }

  @Test
  void visiblePoolsAreNamedAndCharted() {
    String page = page(section(5, List.of("HikariPool-1")));
    assertThat(page).contains(" · pools HikariPool-1");
    assertThat(chart(page, "pool")).contains("<svg class=\"mchart\"");
  }

  @Test
  void summaryAndProcessTables() {
    String page = page(section(5, List.of()));
    String summary = Fixtures.table(page, "machine-summary");
    assertThat(summary).contains(">CPU busy (100 − idle)</td>", ">15.8 %</td>", ">20.0 %</td>",
        ">3.0 GiB</td>", ">network eth0 in</td>", ">2.0 KiB/s</td>");
    String processes = Fixtures.table(page, "machine-processes");
    assertThat(processes.indexOf("mysqld")).isLessThan(processes.indexOf("java (this JVM)"));
    assertThat(processes).contains(">150.0 %</td>", ">1.0 GiB</td>");
  }

  @Test
  void anUnsupportedMachineSaysWhy() {
    String page = page(Map.of("supported", false, "reason", "no /proc/stat: Linux only"));
    assertThat(page).contains("<p class=\"muted\">not sampled: no /proc/stat: Linux only</p>");
    assertThat(page).doesNotContain("<svg");
  }

  @Test
  void anHourOfSamplesIsThinnedToThePlotsWidth() {
    String page = page(section(3600, List.of()));
    String cpu = chart(page, "cpu");
    int points = occurrences(cpu.substring(cpu.indexOf("<polyline")), ",");
    assertThat(points).as("at most two points per pixel column and line")
        .isLessThanOrEqualTo(2 * 2 * (TimeChart.PLOT_WIDTH + 1));
    assertThat(cpu.contains(">50:00</text>")).as("x labels in minutes").isTrue();
    long started = System.nanoTime();
    for (int i = 0; i < 5; i++) {
      page(section(3600, List.of()));
    }
    System.out.println("MachineView: 3600 samples in " + (System.nanoTime() - started) / 5_000_000
        + " ms per page");
  }

  private static String chart(String page, String id) {
    int start = page.indexOf("id=\"chart-" + id + "\"");
    return page.substring(start, page.indexOf("</figure>", start));
  }
}
