package dev.isutools4j.internal.web;

import static dev.isutools4j.internal.web.Fixtures.START;
import static dev.isutools4j.internal.web.Fixtures.meta;
import static dev.isutools4j.internal.web.Fixtures.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.collect.logtail.AccessLogCollector;
import dev.isutools4j.internal.collect.logtail.SlowLogCollector;
import dev.isutools4j.internal.digest.Resources;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.AccessLogSection;
import dev.isutools4j.internal.snapshot.AccessLogSectionJson;
import dev.isutools4j.internal.snapshot.Fields;
import dev.isutools4j.internal.snapshot.SlowLogSection;
import dev.isutools4j.internal.snapshot.SlowLogSectionJson;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run page's access log and slow log parts, from sections the collectors wrote. */
class LogViewsTest {

  @TempDir Path dir;

  private Map<String, Object> sections() throws IOException {
    Path access = dir.resolve("access.log");
    Path slow = dir.resolve("slow.log");
    Files.createFile(access);
    Files.createFile(slow);
    Settings settings = Settings.of(Map.of("isutools.access.log", access.toString(),
        "isutools.slow.log", slow.toString()));
    AccessLogCollector a = new AccessLogCollector(settings);
    SlowLogCollector s = new SlowLogCollector(settings);
    a.start(new RunContext("r", dir));
    s.start(new RunContext("r", dir));
    Files.write(access, Files.readAllBytes(Resources.log("access/combined.log")), StandardOpenOption.APPEND);
    Files.writeString(access, "1.2.3.4 - - [06/Dec/2026:10:15:29 +0900] \"GET /<script>alert(1)</script>"
        + " HTTP/1.1\" 404 0 \"-\" \"-\" 0.001 0.001\n", StandardOpenOption.APPEND);
    Files.write(slow, Files.readAllBytes(Resources.log("slow/mysql-8.0-slow-extra.log")), StandardOpenOption.APPEND);
    Map<String, Object> sections = new LinkedHashMap<>();
    sections.put("accessLog", a.stop(true));
    sections.put("slowLog", s.stop(true));
    return sections;
  }

  /** A section as a saved run's file has it. */
  static AccessLogSection access(Map<String, Object> json) {
    return new AccessLogSectionJson().read(Fields.of(json));
  }

  static SlowLogSection slow(Map<String, Object> json) {
    return new SlowLogSectionJson().read(Fields.of(json));
  }

  private static String page(Map<String, Object> sections) {
    Snapshot snapshot = new Snapshot(meta("run-2", START, 100L, true, "abc", false, null), List.of(),
        List.of(), List.of(), sections);
    return RunPage.render(snapshot, false, null);
  }

  @Test
  void accessLogRowsTotalsAndMalformedLines() throws IOException {
    String html = page(sections());
    assertThat(html).contains("href=\"#h-access-log\"", "href=\"#h-slow-log\"", "<h2 id=\"h-access-log\">");
    String rows = table(html, "access-log");
    assertThat(rows).contains("<code>/api/posts/{id}</code>", "<code>/image/{id}.jpg</code>",
        "total (8 routes)", "upstream p95", "nginx mean");
    assertThat(rows).doesNotContain("<script>").contains("&lt;script&gt;");
    // the row with a 5xx is marked; most total time first
    assertThat(rows.indexOf("/api/posts/{id}")).isLessThan(rows.indexOf("/image/{id}.jpg"));
    assertThat(html).contains("2 malformed lines", "id=\"access-log-malformed\"",
        "<code>hello</code>", "no status");
    assertThat(html).doesNotContain("id=\"section-accessLog\"").doesNotContain("id=\"section-slowLog\"");
    String slowest = table(html, "access-log-slowest");
    assertThat(html).contains("Slowest requests in the access log");
    assertThat(slowest).as("the slowest line of the log first, its query string kept")
        .contains("/api/posts/4").contains("1.50 s").doesNotContain("<script>");
    assertThat(slowest.indexOf("/api/posts/4")).isLessThan(slowest.indexOf("/api/posts/1?page=2"));
  }

  @Test
  void slowLogRowsWithSamplesAndRestarts() throws IOException {
    String html = page(sections());
    String rows = table(html, "slow-log");
    assertThat(rows).contains("select player_id, min(created_at) as min_created_at from visit_history",
        "administrator command: Quit", "<details><summary>sample</summary>", "total (5 statements)");
    assertThat(html).contains("2 server banners in what was read");
    // 120000 rows examined for 95 sent: marked
    assertThat(rows).contains("<tr class=\"warn\">");
  }

  @Test
  void sectionsWithoutFilesSayWhatToSet() {
    String html = page(Map.of("accessLog", access(Map.of("supported", false, "reason", "isutools.access.log is not set")),
        "slowLog", slow(Map.of("supported", false, "reason", "isutools.slow.log is not set"))));
    assertThat(html).contains("not read: isutools.access.log is not set",
        "not read: isutools.slow.log is not set");
    assertThat(html).doesNotContain("id=\"access-log\"");
  }

  @Test
  void notesAndErrorsAreFlags() {
    Map<String, Object> section = new LinkedHashMap<>();
    section.put("source", Map.of("file", "/var/log/nginx/access.log", "read", List.of(), "bytes", 0));
    section.put("notes", List.of("/var/log/nginx/access.log was rotated during the run: read the rest"));
    section.put("error", "could not read /var/log/nginx/access.log: java.io.IOException: boom");
    String html = page(Map.of("accessLog", access(section)));
    assertThat(html).contains("<li class=\"error\">could not read", "data-flag=\"log-file\"",
        "was rotated during the run");
  }

  @Test
  void anAccessLogWithoutRequestTimesShowsNoTimesRatherThanZero() throws IOException {
    Path access = dir.resolve("untimed.log");
    Files.writeString(access, "");
    AccessLogCollector a = new AccessLogCollector(Settings.of(Map.of("isutools.access.log", access.toString(),
        "isutools.access.log.format", "combined")));
    a.start(new RunContext("r", dir));
    Files.writeString(access, "127.0.0.1 - - [06/Dec/2026:10:15:00 +0900] \"GET /posts/1 HTTP/1.1\" 200 512 \"-\" \"curl\"\n",
        StandardOpenOption.APPEND);
    Map<String, Object> sections = new LinkedHashMap<>();
    sections.put("accessLog", a.stop(true));
    String rows = table(page(sections), "access-log");
    assertThat(rows).contains("/posts/{id}").doesNotContain("0 µs").doesNotContain("0.00 ms");
  }
}
