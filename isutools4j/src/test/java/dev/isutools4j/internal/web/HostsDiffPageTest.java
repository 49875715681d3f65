package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.diff.RunDiff;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.testing.HostRuns;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The diff page of runs across hosts: merged tables, then a section per host compared. */
class HostsDiffPageTest {

  private static final Pattern ID = Pattern.compile(" id=\"([^\"]+)\"");
  private static final Snapshot EARLIER = HostRuns.earlier();
  private static final Snapshot LATER = HostRuns.later();
  private static final String PAGE = DiffPage.render(RunDiff.of(EARLIER, LATER), HealthStatus.HEALTHY);

  @Test
  void theHeaderSaysWhichRunIsPartial() {
    assertThat(PAGE).contains("id=\"partial-later\"", "partial: in the later run, app3 ")
        .doesNotContain("id=\"partial-earlier\"");
    assertThat(PAGE).contains("<h1>Diff <a href=\"runs/" + HostRuns.EARLIER + "\"><code>"
        + HostRuns.EARLIER + "</code></a> <span class=\"badge hosts\"");
    String back = DiffPage.render(RunDiff.of(LATER, EARLIER), HealthStatus.HEALTHY);
    assertThat(back).contains("id=\"partial-earlier\"", "partial: in the earlier run, app3 ");
  }

  @Test
  void eachHostInBothRunsHasItsOwnSectionAndTheOthersALine() {
    assertThat(PAGE).contains("<h2 id=\"h-sql\">SQL merged <span class=\"muted\">");
    String lines = PAGE.substring(PAGE.indexOf("<ul class=\"flags\" id=\"host-lines\">"));
    lines = lines.substring(0, lines.indexOf("</ul>"));
    assertThat(lines).contains("<li data-host=\"db\" data-state=\"new\">db: only in the later run</li>",
        "<a href=\"#host-app1-top\">app1</a>: compared below");
    for (String host : List.of("app1", "app2")) {
      String section = section(host);
      assertThat(section).contains("<h2>Host <code>" + host + "</code></h2>",
          "<h3 id=\"host-" + host + "-h-sql\">SQL ", "id=\"host-" + host + "-diff-sql\"",
          "id=\"host-" + host + "-h-profile\"", "id=\"host-" + host + "-diff-machine\"",
          "data-flame=\"host-" + host + "-diff-flame\"");
    }
    assertThat(PAGE).doesNotContain("id=\"host-db-top\"", "id=\"host-app3-top\"");
  }

  @Test
  void noIdIsUsedTwice() {
    List<String> ids = new ArrayList<>();
    Matcher m = ID.matcher(PAGE);
    while (m.find()) {
      ids.add(m.group(1));
    }
    Set<String> seen = new HashSet<>();
    assertThat(ids.stream().filter(id -> !seen.add(id)).toList()).isEmpty();
    assertThat(ids).hasSizeGreaterThan(30);
  }

  @Test
  void aRunOfOneHostAgainstARunAcrossHostsSaysTheLayoutChanged() {
    String page = DiffPage.render(RunDiff.of(HostRuns.saved("h2", 2), LATER), HealthStatus.HEALTHY);
    assertThat(page).contains("<div class=\"banner\" id=\"layout\">host layout changed: one host → 4 hosts");
    assertThat(page).contains("<dt>hosts</dt><dd>one host → 4 hosts (partial: app3 missing)</dd>");
    assertThat(page).doesNotContain("class=\"host-diff\"");
  }

  private static String section(String host) {
    int start = PAGE.indexOf("<section class=\"host-diff\" id=\"host-" + host + "-top\">");
    assertThat(start).isPositive();
    return PAGE.substring(start, PAGE.indexOf("</section>", start));
  }
}
