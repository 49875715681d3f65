package dev.isutools4j.cli.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code alp --routes-from RUN.json} on a run isugram saved behind nginx and nginx's log of the
 * same requests (src/test/resources/logs/access/isugram-nginx, written by isugram's
 * NginxRoutesIT): the rows are named by the run's routes, as its own access log section names
 * them, each with the run's count beside nginx's.
 */
class AlpRoutesFromTest {

  @TempDir
  Path dir;

  private static String log() {
    return Cli.log("access/isugram-nginx/access.log").toString();
  }

  private static String run() {
    return Cli.log("access/isugram-nginx/run.json").toString();
  }

  private static Map<String, Map<String, Object>> rows(Cli.Result r) {
    assertThat(r.code()).as(r.err()).isZero();
    return Parsed.byKey(Parsed.jsonRows(r.out()));
  }

  private static long number(Object value) {
    return ((Number) value).longValue();
  }

  @Test
  void withoutTheRunImagesAndAccountsSplitIntoManyRows() {
    Map<String, Map<String, Object>> rows = rows(Cli.run("alp", "ltsv", log(), "--format", "json"));
    assertThat(rows.keySet()).contains("GET /image/{id}.png", "GET /image/{id}.jpg",
        "GET /image/{id}.gif").doesNotContain("GET /image/{id}.{ext}", "GET /@{accountName}");
    assertThat(rows.keySet().stream().filter(k -> k.startsWith("GET /@"))).hasSizeGreaterThan(2);
  }

  @Test
  void everyRouteOfTheRunHasOneRowWithBothCounts() {
    Map<String, Object> saved = Parsed.json(Cli.readString(run()));
    Cli.Result r = Cli.run("alp", "ltsv", log(), "--routes-from", run(), "--format", "json");
    Map<String, Map<String, Object>> rows = rows(r);
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> http = (List<Map<String, Object>>) saved.get("http");
    assertThat(http).isNotEmpty();
    for (Map<String, Object> h : http) {
      String key = h.get("method") + " " + h.get("route");
      long count = number(h.get("count"));
      assertThat(rows).as(key).containsKey(key);
      assertThat(number(rows.get(key).get("count"))).as(key).isEqualTo(count);
      assertThat(number(rows.get(key).get("appCount"))).as(key).isEqualTo(count);
    }
    assertThat(rows.keySet()).contains("GET /image/{id}.{ext}", "GET /@{accountName}")
        .noneMatch(k -> k.startsWith("GET /image/") && !k.equals("GET /image/{id}.{ext}"))
        .noneMatch(k -> k.startsWith("GET /@") && !k.equals("GET /@{accountName}"));
    assertThat(rows.get("GET /css/style.css")).containsEntry("appCount", null);
    assertThat(r.err()).contains("--routes-from: paths named by the 8 routes of run 20261201-213811-867");
  }

  @Test
  void theRowsAreTheRunsOwnAccessLogSection() {
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> section = (List<Map<String, Object>>) ((Map<String, Object>)
        Parsed.json(Cli.readString(run())).get("accessLog")).get("rows");
    Map<String, List<Object>> expected = new HashMap<>();
    for (Map<String, Object> row : section) {
      expected.put(row.get("method") + " " + row.get("route"), List.of(number(row.get("count")),
          String.valueOf(row.get("appCount"))));
    }
    Map<String, List<Object>> actual = new HashMap<>();
    rows(Cli.run("alp", "ltsv", log(), "--routes-from", run(), "--format", "json")).forEach((k, row) ->
        actual.put(k, List.of(number(row.get("count")), String.valueOf(row.get("appCount")))));
    assertThat(actual).isEqualTo(expected);
  }

  @Test
  void theRunsRoutesComeBeforeTheUsersRules() {
    Map<String, Map<String, Object>> rows = rows(Cli.run("alp", "ltsv", log(), "--routes-from", run(),
        "-m", "/image/,/css/", "--format", "json"));
    assertThat(rows.keySet()).contains("GET /image/{id}.{ext}", "GET /css/")
        .doesNotContain("GET /image/", "GET /css/style.css");
  }

  @Test
  void theTableShowsTheAppCountAfterTheCount() {
    Cli.Result r = Cli.run("alp", "ltsv", log(), "--routes-from", run());
    assertThat(r.code()).as(r.err()).isZero();
    List<Map<String, String>> table = Parsed.table(r.out());
    assertThat(List.copyOf(table.get(0).keySet()).subList(0, 3)).containsExactly("COUNT", "APP COUNT", "1XX");
    Map<String, String> images = table.stream().filter(m -> m.get("URI").equals("/image/{id}.{ext}"))
        .findFirst().orElseThrow();
    assertThat(images.get("APP COUNT")).isEqualTo(images.get("COUNT"));
    assertThat(table.stream().filter(m -> m.get("URI").equals("/js/main.js")).findFirst().orElseThrow())
        .containsEntry("APP COUNT", "-");
  }

  @Test
  void aMissingOrForeignFileIsAnError() throws Exception {
    Cli.Result missing = Cli.run("alp", "ltsv", log(), "--routes-from", dir.resolve("none.json").toString());
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("--routes-from: no such file").doesNotContain("Exception");
    Path foreign = Files.writeString(dir.resolve("x.json"), "[1, 2]");
    Cli.Result notARun = Cli.run("alp", "ltsv", log(), "--routes-from", foreign.toString());
    assertThat(notARun.code()).isEqualTo(2);
    assertThat(notARun.err()).contains("is not a run isutools4j saved");
  }
}
