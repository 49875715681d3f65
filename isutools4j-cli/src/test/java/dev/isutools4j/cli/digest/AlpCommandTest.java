package dev.isutools4j.cli.digest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code alp} on the golden access logs (src/test/resources/logs/access): the same fourteen
 * requests in each format, with a blank line and two malformed lines.
 */
class AlpCommandTest {

  @TempDir
  Path dir;

  static String ltsv() {
    return Cli.log("access/ltsv.log").toString();
  }

  private static Map<String, Map<String, Object>> rows(Cli.Result r) {
    assertThat(r.code()).as(r.err()).isZero();
    return Parsed.byKey(Parsed.jsonRows(r.out()));
  }

  private static double number(Map<String, ?> row, String key) {
    return ((Number) row.get(key)).doubleValue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"ltsv", "json", "combined"})
  void everyFormatGivesTheSameRows(String format) {
    Cli.Result r = Cli.run("alp", format, Cli.log("access/" + format + ".log").toString(),
        "--format", "json");
    Map<String, Map<String, Object>> rows = rows(r);
    Map<String, Object> posts = rows.get("GET /api/posts/{id}");
    assertThat(number(posts, "count")).isEqualTo(6);
    assertThat(number(posts, "totalMs")).isEqualTo(1593.0);
    assertThat(number(posts, "maxMs")).isEqualTo(1500.0);
    assertThat(number(posts, "status5xx")).isEqualTo(1);
    assertThat(number(posts, "count499")).isEqualTo(1);
    assertThat(number(rows.get("POST /api/posts"), "totalMs")).isEqualTo(355.0);
    assertThat(number(rows.get("GET /image/{id}.jpg"), "totalBytes")).isEqualTo(61_440);
    assertThat(Parsed.json(r.out())).containsEntry("format", format).containsKey("totals");
    assertThat(r.err()).contains("2 lines could not be read").contains("line 7 (byte ");
  }

  @Test
  void theTableHasAlpsColumnsAndTheHeaviestRowLast() {
    Cli.Result r = Cli.run("alp", "ltsv", ltsv());
    assertThat(r.code()).isZero();
    List<Map<String, String>> table = Parsed.table(r.out());
    assertThat(table.get(0).keySet()).containsExactly("COUNT", "1XX", "2XX", "3XX", "4XX", "5XX",
        "METHOD", "URI", "MIN(ms)", "MAX(ms)", "SUM(ms)", "AVG(ms)", "P90(ms)", "P95(ms)", "P99(ms)",
        "STDDEV(ms)", "MIN(BODY)", "MAX(BODY)", "SUM(BODY)", "AVG(BODY)");
    assertThat(table).extracting(m -> m.get("URI")).hasSize(6).first().isEqualTo("/");
    Map<String, String> last = table.get(table.size() - 1);
    assertThat(last).containsEntry("URI", "/api/posts/{id}").containsEntry("SUM(ms)", "1593.000")
        .containsEntry("COUNT", "6").containsEntry("AVG(ms)", "265.500");

    List<Map<String, String>> reversed = Parsed.table(Cli.run("alp", "ltsv", ltsv(), "-r").out());
    assertThat(reversed.get(0)).containsEntry("URI", "/api/posts/{id}");
  }

  @Test
  void sortsByAnyColumn() {
    List<Map<String, Object>> byCount = Parsed.jsonRows(Cli.run("alp", "ltsv", ltsv(), "--sort",
        "count", "--reverse", "--format", "json").out());
    assertThat(byCount).extracting(m -> ((Number) m.get("count")).intValue())
        .isSortedAccordingTo((a, b) -> b - a).first().isEqualTo(6);
    List<Map<String, Object>> byUri = Parsed.jsonRows(Cli.run("alp", "ltsv", ltsv(), "--sort", "uri",
        "--format", "json").out());
    assertThat(byUri).extracting(m -> (String) m.get("route")).isSorted();
    List<Map<String, Object>> byBody = Parsed.jsonRows(Cli.run("alp", "ltsv", ltsv(), "--sort",
        "max-body", "-r", "--format", "json").out());
    assertThat(byBody.get(0)).containsEntry("route", "/image/{id}.jpg");
    List<Map<String, Object>> byP75 = Parsed.jsonRows(Cli.run("alp", "ltsv", ltsv(), "--sort",
        "p75", "-r", "--format", "json").out());
    assertThat(byP75.get(0)).containsEntry("route", "/api/posts").containsKey("p75Ms");
    Cli.Result bad = Cli.run("alp", "ltsv", ltsv(), "--sort", "speed");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("no column `speed`").contains("sum/total");
  }

  @Test
  void columnsAndPercentilesAreChosen() {
    Cli.Result r = Cli.run("alp", "ltsv", ltsv(), "-o", "count,method,uri,p50,p99.9,max", "-r");
    List<Map<String, String>> table = Parsed.table(r.out());
    assertThat(table.get(0).keySet()).containsExactly("COUNT", "METHOD", "URI", "P50(ms)",
        "P99.9(ms)", "MAX(ms)");
    assertThat(table.get(0)).containsEntry("P99.9(ms)", "1500.000");

    Cli.Result p = Cli.run("alp", "ltsv", ltsv(), "--percentiles", "50,75,99.9", "--format", "json");
    Map<String, Object> posts = rows(p).get("GET /api/posts/{id}");
    assertThat(posts).containsKeys("p50Ms", "p75Ms", "p99.9Ms");
    assertThat(number(posts, "p99.9Ms")).isEqualTo(1500.0);
    assertThat(number(posts, "p75Ms")).isBetween(50.0, 50.5); // 1, 10, 12, 20, 50, 1500: the 5th
    assertThat(Parsed.table(Cli.run("alp", "ltsv", ltsv(), "--percentiles", "75").out()).get(0))
        .containsKey("P75(ms)").doesNotContainKey("P95(ms)");
    assertThat(Cli.run("alp", "ltsv", ltsv(), "--percentiles", "0,50").code()).isEqualTo(2);
    assertThat(Cli.run("alp", "ltsv", ltsv(), "--percentiles", "high").err()).contains("not a number");
  }

  @Test
  void csvTsvMarkdownAndJsonCarryTheSameValues() {
    String[] columns = {"-o", "count,method,uri,sum,avg,p95,avg-body,5xx"};
    Map<String, Map<String, Object>> json = rows(Cli.run(join("--format", "json", columns)));
    List<Map<String, String>> csv = Parsed.csv(Cli.run(join("--format", "csv", columns)).out());
    List<Map<String, String>> tsv = Parsed.tsv(Cli.run(join("--format", "tsv", columns)).out());
    String markdown = Cli.run(join("--format", "markdown", columns)).out();
    assertThat(csv).hasSize(json.size());
    assertThat(tsv).isEqualTo(csv);
    assertThat(csv.get(0).keySet()).containsExactly("count", "method", "route", "totalMs", "avgMs",
        "p95Ms", "avgBytes", "status5xx");
    for (Map<String, String> row : csv) {
      Map<String, Object> j = json.get(row.get("method") + " " + row.get("route"));
      assertThat(Double.parseDouble(row.get("totalMs"))).isEqualTo(number(j, "totalMs"));
      assertThat(Double.parseDouble(row.get("avgMs"))).isCloseTo(number(j, "avgMs"), within(5e-4));
      assertThat(Double.parseDouble(row.get("p95Ms"))).isEqualTo(number(j, "p95Ms"));
      assertThat(Long.parseLong(row.get("count"))).isEqualTo(((Number) j.get("count")).longValue());
      assertThat(markdown).contains("| " + row.get("count") + " | " + row.get("method") + " | "
          + row.get("route") + " | " + row.get("totalMs") + " |");
    }
    assertThat(markdown.lines().skip(1).findFirst().orElseThrow()).isEqualTo(
        "|---:|:---|:---|---:|---:|---:|---:|---:|");
  }

  private static String[] join(String a, String b, String[] more) {
    String[] out = new String[4 + more.length];
    out[0] = "alp";
    out[1] = "ltsv";
    out[2] = a;
    out[3] = b;
    System.arraycopy(more, 0, out, 4, more.length);
    String[] withFile = new String[out.length + 1];
    System.arraycopy(out, 0, withFile, 0, out.length);
    withFile[out.length] = ltsv();
    return withFile;
  }

  @Test
  void csvQuotesWhatNeedsIt() {
    assertThat(RowsWriter.csv("plain")).isEqualTo("plain");
    assertThat(RowsWriter.csv("a,b")).isEqualTo("\"a,b\"");
    assertThat(RowsWriter.csv("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
  }

  @Test
  void beyondTheLimitRowsFoldIntoOtherAndANoteSaysSo() {
    Cli.Result r = Cli.run("alp", "ltsv", ltsv(), "--limit", "2", "--format", "json");
    Map<String, Map<String, Object>> rows = rows(r);
    assertThat(rows).hasSize(3).containsKey(" (other)");
    long total = rows.values().stream().mapToLong(m -> ((Number) m.get("count")).longValue()).sum();
    assertThat(total).isEqualTo(14);
    long other = ((Number) rows.get(" (other)").get("count")).longValue();
    assertThat(r.err()).contains("more than --limit 2 distinct rows: " + other + " requests past them"
        + " are counted in the (other) row");
    assertThat(Cli.run("alp", "ltsv", ltsv()).err()).doesNotContain("(other)");
  }

  @Test
  void aFilterOnLinesChoosesWhatIsCounted() {
    Cli.Result errors = Cli.run("alp", "ltsv", ltsv(), "--filter", "status >= 500", "--format", "json");
    Map<String, Map<String, Object>> rows = rows(errors);
    assertThat(rows.keySet()).containsExactlyInAnyOrder("POST /api/posts", "GET /api/posts/{id}");
    assertThat(number(rows.get("POST /api/posts"), "count")).isEqualTo(1);
    assertThat(number(rows.get("POST /api/posts"), "totalMs")).isEqualTo(250.0);
    assertThat(errors.err()).contains("--filter left out 12 of 14 requests");
    assertThat(Parsed.json(errors.out())).containsEntry("filteredOut", 12);

    Map<String, Map<String, Object>> images = rows(Cli.run("alp", "ltsv", ltsv(), "--filter",
        "uri =~ '^/image/' and time < 3ms", "--format", "json"));
    assertThat(images.keySet()).containsExactly("GET /image/{id}.jpg");
    assertThat(number(images.get("GET /image/{id}.jpg"), "count")).isEqualTo(2);

    Map<String, Map<String, Object>> writes = rows(Cli.run("alp", "ltsv", ltsv(), "--filter",
        "method in (POST, DELETE) and not status = 5xx", "--format", "json"));
    assertThat(writes.keySet()).containsExactlyInAnyOrder("POST /api/posts", "DELETE /api/posts/{id}");
    assertThat(number(writes.get("POST /api/posts"), "count")).isEqualTo(1);

    Map<String, Map<String, Object>> query = rows(Cli.run("alp", "ltsv", ltsv(), "--filter",
        "uri =~ 'page=' or bytes >= 40k", "--format", "json"));
    assertThat(query.keySet()).containsExactlyInAnyOrder("GET /api/posts/{id}", "GET /image/{id}.jpg");
  }

  @Test
  void aFilterOnRowsChoosesWhatIsShown() {
    Cli.Result r = Cli.run("alp", "ltsv", ltsv(), "--filter", "count >= 2 and sum > 100ms",
        "--format", "json");
    assertThat(rows(r).keySet()).containsExactlyInAnyOrder("POST /api/posts", "GET /api/posts/{id}");
    assertThat(r.err()).contains("--filter shows 2 of 6 rows").doesNotContain("left out");

    Cli.Result both = Cli.run("alp", "ltsv", ltsv(), "--filter", "status = 2xx and count >= 3",
        "--format", "json");
    Map<String, Map<String, Object>> rows = rows(both);
    assertThat(rows.keySet()).containsExactly("GET /api/posts/{id}");
    assertThat(number(rows.get("GET /api/posts/{id}"), "count")).isEqualTo(3);

    Map<String, Map<String, Object>> p99 = rows(Cli.run("alp", "ltsv", ltsv(), "--filter", "p99 > 1s",
        "--format", "json"));
    assertThat(p99.keySet()).containsExactly("GET /api/posts/{id}");
  }

  @Test
  void aBadFilterIsAnErrorThatPointsAtIt() {
    Cli.Result r = Cli.run("alp", "ltsv", ltsv(), "--filter", "status >= 500 or count > 1");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("mixes per-line fields and row columns");
    assertThat(r.out()).isEmpty();
    Cli.Result typo = Cli.run("alp", "ltsv", ltsv(), "--filter", "staus = 200");
    assertThat(typo.code()).isEqualTo(2);
    assertThat(typo.err()).contains("no field `staus`");
  }

  @Test
  void matchingGroupsNameRowsByTheFirstRegexFound() {
    Cli.Result r = Cli.run("alp", "ltsv", ltsv(), "-m", "^/api/posts/\\d+$,/image/,/api/.*",
        "--format", "json");
    Map<String, Map<String, Object>> rows = rows(r);
    assertThat(rows.keySet()).containsExactlyInAnyOrder("GET ^/api/posts/\\d+$", "DELETE ^/api/posts/\\d+$",
        "GET /image/", "POST /api/.*", "GET /api/.*", "GET /");
    assertThat(number(rows.get("GET ^/api/posts/\\d+$"), "count")).isEqualTo(6);
    assertThat(number(rows.get("GET /image/"), "count")).isEqualTo(3);
    assertThat(rows.get("GET /api/.*").get("count")).as("/api/users/alice").isEqualTo(1);

    assertThat(AccessCommand.splitRegexes("/a/\\d{1,3},/b/[x,y]+,(c|d),e")).containsExactly(
        "/a/\\d{1,3}", "/b/[x,y]+", "(c|d)", "e");
    Cli.Result bad = Cli.run("alp", "ltsv", ltsv(), "-m", "/api/(");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("-m: `/api/(` is not a regex");
    Cli.Result rules = Cli.run("alp", "ltsv", ltsv(), "--routes", "^/api/users/.*=/api/users/{name}",
        "--format", "json");
    assertThat(rows(rules)).containsKey("GET /api/users/{name}");
    assertThat(Cli.run("alp", "ltsv", ltsv(), "--routes", "nonsense").code()).isEqualTo(2);
  }

  @Test
  void renamedLabelsAndKeys() throws Exception {
    Path ltsv = dir.resolve("renamed.ltsv");
    Files.writeString(ltsv, "verb:GET\tpath:/a/1\tcode:200\tbytes:10\trt:0.000123\n"
        + "verb:GET\tpath:/a/2\tcode:404\tbytes:20\trt:0.002500\n");
    Cli.Result plain = Cli.run("alp", "ltsv", ltsv.toString());
    assertThat(plain.code()).isZero();
    assertThat(plain.err()).contains("no line could be read as ltsv");
    Cli.Result renamed = Cli.run("alp", "ltsv", ltsv.toString(), "--method-label", "verb",
        "--uri-label", "path", "--status-label", "code", "--size-label", "bytes",
        "--reqtime-label", "rt", "--format", "json");
    Map<String, Object> row = rows(renamed).get("GET /a/{id}");
    assertThat(number(row, "count")).isEqualTo(2);
    assertThat(number(row, "minMs")).as("microseconds survive as three decimals").isEqualTo(0.123);
    assertThat(number(row, "totalBytes")).isEqualTo(30);
    assertThat(Parsed.table(Cli.run("alp", "ltsv", ltsv.toString(), "--keys",
        "method=verb,uri=path,status=code,reqtime=rt").out()).get(0)).containsEntry("MIN(ms)", "0.123");
    assertThat(Cli.run("alp", "ltsv", ltsv.toString(), "--keys", "colour=red").code()).isEqualTo(2);

    Path json = dir.resolve("renamed.json");
    Files.writeString(json, "{\"m\":\"PUT\",\"u\":\"/b\",\"s\":201,\"t\":\"0.010\"}\n");
    Map<String, Object> put = rows(Cli.run("alp", "json", json.toString(), "--method-key", "m",
        "--uri-key", "u", "--status-key", "s", "--request-time-key", "t", "--format", "json"))
        .get("PUT /b");
    assertThat(number(put, "totalMs")).isEqualTo(10.0);
  }

  @Test
  void readsStandardInput() throws Exception {
    byte[] log = Files.readAllBytes(Cli.log("access/ltsv.log"));
    Cli.Result piped = Cli.run(log, "alp", "ltsv", "--format", "json");
    assertThat(number(rows(piped).get("GET /api/posts/{id}"), "totalMs")).isEqualTo(1593.0);
    assertThat(piped.err()).contains("stdin line 7");
    Cli.Result dash = Cli.run(log, "alp", "ltsv", "-", "--format", "json");
    assertThat(rows(dash)).isEqualTo(rows(piped));
    assertThat(Cli.run(log, "alp", "ltsv", "--pos", dir.resolve("p").toString()).code()).isEqualTo(2);
  }

  @Test
  void severalFilesReadAsOneLog() {
    Cli.Result r = Cli.run("alp", "ltsv", ltsv(), ltsv(), "--format", "json");
    assertThat(number(rows(r).get("GET /api/posts/{id}"), "count")).isEqualTo(12);
    assertThat(r.err()).contains("4 lines could not be read").contains("ltsv.log line 7 (byte 1395)");
    assertThat(r.err().lines().filter(l -> l.contains("ltsv.log line 7 (byte 1395)")).count())
        .as("the second file's line 7 is found in it, not numbered 24").isEqualTo(2);
  }

  @Test
  void badInputNeverAbortsTheCommand() throws Exception {
    Path garbage = dir.resolve("garbage.log");
    byte[] bytes = new byte[200_000];
    new java.util.Random(7).nextBytes(bytes);
    Files.write(garbage, bytes);
    Cli.Result g = Cli.run("alp", "ltsv", garbage.toString());
    assertThat(g.code()).isZero();
    assertThat(g.err()).contains("could not be read").contains("\\x");

    Path longLine = dir.resolve("long.log");
    Files.writeString(longLine, "method:GET\turi:/x\tstatus:200\treqtime:0.001\n"
        + "method:GET\turi:/" + "y".repeat(1 << 20) + "\tstatus:200\n"
        + "method:GET\turi:/x\tstatus:200\treqtime:0.003\n");
    Cli.Result l = Cli.run("alp", "ltsv", longLine.toString(), "--format", "json");
    assertThat(number(rows(l).get("GET /x"), "count")).isEqualTo(2);
    assertThat(l.err()).contains("1 line could not be read").contains("line 2").contains("longer than");

    Path empty = Files.createFile(dir.resolve("empty.log"));
    Cli.Result e = Cli.run("alp", "ltsv", empty.toString());
    assertThat(e.code()).isZero();
    assertThat(e.err()).contains("empty.log is empty").contains("nothing to read");

    Cli.Result missing = Cli.run("alp", "ltsv", dir.resolve("nope.log").toString());
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("no such file: ").contains("nope.log").doesNotContain("Exception");
    assertThat(Cli.run("alp", "ltsv", dir.toString()).err()).contains("not a regular file");
    assertThat(Cli.run("alp", "ltsv", ltsv(), "--limit", "0").code()).isEqualTo(2);
  }

  @Test
  void alpAloneShowsItsUsage() {
    Cli.Result r = Cli.run("alp");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("ltsv").contains("combined").contains("diff");
    Cli.Result help = Cli.run("alp", "ltsv", "--help");
    assertThat(help.code()).isZero();
    assertThat(help.out()).contains("--matching-groups");
  }

  @Test
  void filterGrammarIsInTheHelp() {
    java.io.StringWriter text = new java.io.StringWriter();
    new picocli.CommandLine(new AlpCommand()).getSubcommands().get("ltsv")
        .usage(new java.io.PrintWriter(text));
    assertThat(text.toString()).contains("expr  := expr or expr").contains("=~ (regex found)")
        .contains("Per-line fields: method, uri").contains("--uri-label");
    assertThat(text.toString().getBytes(StandardCharsets.UTF_8).length).isGreaterThan(1000);
  }

  /** nginx's own combined format, without $request_time: no time is no 0.000 ms. */
  @Test
  void combinedLinesWithoutRequestTimesLeaveTheTimeColumnsEmptyAndSaySo() {
    String lines = "127.0.0.1 - - [01/Dec/2026:10:00:00 +0900] \"GET /posts/1 HTTP/1.1\" 200 512 \"-\" \"curl\"\n"
        + "127.0.0.1 - - [01/Dec/2026:10:00:01 +0900] \"GET /posts/2 HTTP/1.1\" 200 256 \"-\" \"curl\"\n";
    byte[] stdin = lines.getBytes(StandardCharsets.UTF_8);
    Cli.Result json = Cli.run(stdin, "alp", "combined", "--format", "json");
    assertThat(json.code()).isZero();
    assertThat(json.err()).contains("no line carries a request time");
    Map<String, Object> doc = Parsed.json(json.out());
    assertThat(doc).containsEntry("requestTimes", false);
    Map<String, Object> posts = rows(json).get("GET /posts/{id}");
    assertThat(number(posts, "count")).isEqualTo(2);
    assertThat(number(posts, "totalBytes")).isEqualTo(768);
    assertThat(posts).containsEntry("totalMs", null).containsEntry("avgMs", null).containsEntry("p99Ms", null);

    Cli.Result table = Cli.run(stdin, "alp", "combined");
    Map<String, String> row = Parsed.table(table.out()).get(0);
    assertThat(row).containsEntry("COUNT", "2").containsEntry("SUM(ms)", "-").containsEntry("P95(ms)", "-");
    assertThat(table.err()).contains("no line carries a request time");

    assertThat(Cli.run("alp", "combined", Cli.log("access/combined.log").toString()).err())
        .as("a log with times says nothing of it").doesNotContain("request time");
  }

  @Test
  void topListsTheSlowestSingleRequestsWithTheirQueryStrings() {
    Cli.Result r = Cli.run("alp", "ltsv", Cli.log("access/ltsv.log").toString(), "--top", "3");
    assertThat(r.code()).isZero();
    List<Map<String, String>> table = Parsed.table(r.out());
    assertThat(table.get(0).keySet()).containsExactly("TIME(ms)", "STATUS", "METHOD", "URI", "APP(ms)", "LINE");
    assertThat(table).extracting(m -> m.get("TIME(ms)")).containsExactly("1500.000", "250.000", "105.000");
    assertThat(table.get(0)).containsEntry("STATUS", "499").containsEntry("URI", "/api/posts/4")
        .containsEntry("APP(ms)", "1499.000").containsEntry("LINE", "12");

    Cli.Result json = Cli.run("alp", "ltsv", Cli.log("access/ltsv.log").toString(), "--top", "20",
        "--format", "json", "--filter", "uri =~ '[?]'");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> slowest = (List<Map<String, Object>>) Parsed.json(json.out()).get("slowest");
    assertThat(slowest).extracting(m -> m.get("uri")).as("the query string as logged")
        .containsExactly("/api/posts/1?page=2", "/image/456.jpg?v=3");
    assertThat(slowest.get(1)).doesNotContainKey("upstreamMs");
    assertThat(Cli.run("alp", "ltsv", Cli.log("access/ltsv.log").toString(), "--top", "0").code()).isNotZero();
  }
}
