package dev.isutools4j.internal.web;

import static dev.isutools4j.internal.web.Fixtures.occurrences;
import static dev.isutools4j.internal.web.Fixtures.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.internal.snapshot.MachineMetric;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.MachineSection.Sample;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.testing.HostRuns;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The page of a run across hosts, built from saved runs as a hub saves them. */
class HostsRunPageTest {

  private static final Pattern HOSTS_DATA = Pattern.compile(
      "<script type=\"application/json\" id=\"hosts-data\">(.*?)</script>");

  private static final Snapshot RUN = HostRuns.later();
  private static final String PAGE = RunPage.render(RUN, false, HealthStatus.HEALTHY);

  @Test
  void theHostsTableSaysEachHostsAddressRoleVersionOffsetAndStatus() {
    String hosts = table(PAGE, "hosts");
    assertThat(hosts).contains("app1", "local", "app2", "http://127.0.0.3:19191", "db",
        "database", "app3", ">dev<");
    assertThat(hosts).contains("+5.00 s ± 800 µs", "-1.23 s ± 2.50 ms", ">the hub&#39;s clock<");
    assertThat(hosts).as("each part linked").contains(
        "<a href=\"" + HostRuns.LATER + "/hosts/app2\">app2</a>",
        "<a href=\"" + HostRuns.LATER + "/hosts/db\">db</a>").doesNotContain("/hosts/app3");
    assertThat(hosts).contains("<span class=\"badge s-info\">late</span> attached by hub attach");
    assertThat(hosts).contains("<span class=\"badge s-missing\">missing</span> "
        + Html.escape(HostRuns.TIMED_OUT) + " <span class=\"muted\">(waited 30.00 s)</span>");
    assertThat(hosts).as("a peer's dirty revision").contains(">0123abcd</code> <span class=\"dirty\"");
    assertThat(occurrences(hosts, "<tr class=\"warn\">")).as("only the missing host's row").isEqualTo(1);
  }

  @Test
  void aPartialRunSaysWhoIsMissingAndWhyAtTheTop() {
    assertThat(PAGE).contains("<div class=\"banner error\" id=\"partial\" role=\"alert\">partial: app3 "
        + "(at save: timed out after 30000 ms); tables merge the hosts that answered</div>");
    assertThat(PAGE.indexOf("id=\"partial\"")).isLessThan(PAGE.indexOf("id=\"hosts\""));
    assertThat(PAGE).contains("<span class=\"badge hosts\" title=\"app1, app2, db, app3\">4 hosts</span>",
        "<span class=\"badge partial\" title=\"missing: app3 (" + Html.escape(HostRuns.TIMED_OUT)
            + ")\">partial</span>");
    String whole = RunPage.render(HostRuns.earlier(), false, HealthStatus.HEALTHY);
    assertThat(whole).contains("2 hosts").doesNotContain("id=\"partial\"", "badge partial");
  }

  @Test
  void theCpuChartPutsEachHostsSamplesOnTheHubsClock() throws Exception {
    Matcher m = HOSTS_DATA.matcher(PAGE);
    assertThat(m.find()).isTrue();
    Map<String, Object> data = JSON.std.mapFrom(m.group(1));
    @SuppressWarnings("unchecked")
    Map<String, Map<String, List<Number>>> hosts = (Map<String, Map<String, List<Number>>>) data.get("hosts");
    assertThat(hosts).containsOnlyKeys("app1", "app2", "db");

    List<Sample> app1 = series("app1");
    List<Sample> app2 = series("app2");
    List<Sample> db = series("db");
    double origin = Math.min(app1.get(0).t(), Math.min(app2.get(0).t() - HostRuns.APP2_OFFSET_MS,
        db.get(0).t() - HostRuns.DB_OFFSET_MS));
    expectShifted(hosts.get("app1"), app1, 0, origin);
    expectShifted(hosts.get("app2"), app2, HostRuns.APP2_OFFSET_MS, origin);
    expectShifted(hosts.get("db"), db, HostRuns.DB_OFFSET_MS, origin);
    // app2's second sample was taken 5 s later by its own clock than by the hub's
    assertThat(hosts.get("app2").get("t").get(1).doubleValue())
        .isCloseTo((app2.get(1).t() - origin) / 1000.0 - 5, within(0.001));

    String chart = PAGE.substring(PAGE.indexOf("id=\"chart-host-cpu\""),
        PAGE.indexOf("</figure>", PAGE.indexOf("id=\"chart-host-cpu\"")));
    assertThat(occurrences(chart, "<polyline")).as("one line per sampled host").isEqualTo(3);
    assertThat(chart).contains("data-host=\"app1\"", "data-host=\"app2\"", "data-host=\"db\"");
    assertThat(PAGE).contains("id=\"chart-host-network\"");
  }

  private static List<Sample> series(String host) {
    return RUN.parts().get(host).section(MachineSection.class).orElseThrow().series();
  }

  private static void expectShifted(Map<String, List<Number>> line, List<Sample> samples,
      double offset, double origin) {
    List<Number> t = line.get("t");
    List<Number> cpu = line.get("cpu");
    assertThat(t).hasSameSizeAs(samples);
    for (int i = 0; i < samples.size(); i++) {
      assertThat(t.get(i).doubleValue()).as("t[%d]", i)
          .isCloseTo((samples.get(i).t() - offset - origin) / 1000.0, within(0.0011));
      assertThat(cpu.get(i).doubleValue()).as("cpu[%d]", i)
          .isCloseTo(samples.get(i).value(MachineMetric.CPU_BUSY), within(0.0011));
    }
  }

  @Test
  void theTablesAreTheAppHostsMergedAndSaySo() {
    assertThat(PAGE).contains("<h2 id=\"h-sql\">SQL <span class=\"muted\">(" + RUN.sql().size()
        + " statements, merged over the app hosts app1, app2)</span></h2>");
    assertThat(PAGE).contains("<h2 id=\"h-route-sql\">SQL per route <span class=\"muted\">(merged"
        + " over the app hosts app1, app2)</span></h2>");
    SqlRow top = HostRuns.top(RUN);
    List<Snapshot> apps = List.of(RUN.parts().get("app1"), RUN.parts().get("app2"));
    long sum = HostRuns.sqlCount(apps, top.fingerprint());
    assertThat(top.time().count()).isEqualTo(sum);
    String sql = table(PAGE, "sql");
    assertThat(sql).contains("data-sort=\"" + sum + "\"");
  }

  @Test
  void onTheDashboardEachPartIsALinkToItsOwnPage() {
    String parts = PAGE.substring(PAGE.indexOf("<ul class=\"parts\""));
    parts = parts.substring(0, parts.indexOf("</ul>"));
    for (String host : List.of("app1", "app2", "db")) {
      assertThat(parts).contains("<a href=\"" + HostRuns.LATER + "/hosts/" + host + "\">" + host + "</a>");
    }
    assertThat(parts).contains("app3 <span class=\"muted\">no part: " + Html.escape(HostRuns.TIMED_OUT));
    assertThat(parts).contains("database, late · ");
    assertThat(PAGE).doesNotContain("<iframe");
  }

  @Test
  void theStandalonePageHoldsEachPartsOwnPageInACollapsedFrame() {
    String standalone = RunPage.standalone(RUN);
    assertThat(occurrences(standalone, "<details class=\"part\"")).isEqualTo(3);
    assertThat(occurrences(standalone, "<iframe class=\"part\" loading=\"lazy\"")).isEqualTo(3);
    assertThat(standalone).contains("<p class=\"part\" id=\"part-app3\">");
    assertThat(standalone).doesNotContain("/hosts/");
    assertThat(table(standalone, "hosts")).contains("<a href=\"#part-db\">db</a>");

    int start = standalone.indexOf("srcdoc=\"", standalone.indexOf("id=\"part-db\"")) + "srcdoc=\"".length();
    String framed = unescape(standalone.substring(start, standalone.indexOf('"', start)));
    assertThat(framed).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
    assertThat(framed).contains("<p class=\"part-of\" id=\"part-of\">host <code>db</code>'s part of the run"
        + " across hosts <code>" + HostRuns.LATER + "</code></p>");
    assertThat(framed).as("the part's own sections").contains("<h2 id=\"h-database\">",
        "<h2 id=\"h-slow-log\">", "<h2 id=\"h-machine\">", "id=\"machine-data\"");
    assertThat(framed).as("links leave the frame").contains("<a href=\"./\" target=\"_top\">← all runs</a>");
    assertThat(framed).as("its files are on its own host").doesNotContain("<a href=\"./" + HostRuns.LATER);
  }

  @Test
  void thePartPageIsTheOrdinaryRunPageWithTheRunItBelongsTo() {
    Snapshot app2 = RUN.parts().get("app2");
    String part = RunPage.part(RUN, "app2", app2, HealthStatus.HEALTHY);
    assertThat(part).contains("<title>isutools4j — run " + HostRuns.LATER + ", host app2</title>");
    assertThat(part).contains("<p class=\"part-of\" id=\"part-of\">host <code>app2</code>'s part of the run"
        + " across hosts <a href=\"../../" + HostRuns.LATER + "\">← run <code>" + HostRuns.LATER
        + "</code></a></p>");
    assertThat(part).contains("<a href=\"../../../\">← all runs</a>");
    // the part's own tables, not the merged ones
    assertThat(part).contains("<h2 id=\"h-sql\">SQL <span class=\"muted\">(" + app2.sql().size()
        + " statements)</span></h2>").doesNotContain("merged over");
    assertThat(part).contains("<h2 id=\"h-profile\">", "<h2 id=\"h-advisor\">");
  }

  @Test
  void thePartPageOfAPartialRunSaysWhichHostsTheRunLacks() {
    String part = RunPage.part(RUN, "app2", RUN.parts().get("app2"), HealthStatus.HEALTHY);
    assertThat(part).contains("<div class=\"banner error\" id=\"partial\" role=\"alert\">partial: the run"
        + " has no part from app3 (" + Html.escape(HostRuns.TIMED_OUT) + "); its merged tables hold the"
        + " hosts that answered</div>");
    assertThat(part.indexOf("id=\"part-of\"")).isLessThan(part.indexOf("id=\"partial\""));

    Snapshot whole = HostRuns.earlier();
    assertThat(RunPage.part(whole, "app2", whole.parts().get("app2"), HealthStatus.HEALTHY))
        .contains("id=\"part-of\"").doesNotContain("id=\"partial\"", "partial:");
    assertThat(RunPage.framedPart(RUN, "app2", RUN.parts().get("app2")))
        .as("framed, below the run's own banner").doesNotContain("id=\"partial\"");
  }

  private static String unescape(String attribute) {
    return attribute.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<")
        .replace("&gt;", ">").replace("&amp;", "&");
  }
}
