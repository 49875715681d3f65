package dev.isutools4j.cli.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code alp diff} and {@code slp diff} on two saved {@code --format json} digests. */
class LogDiffCommandTest {

  @TempDir
  Path dir;

  private Path save(String name, String... args) throws Exception {
    Cli.Result r = Cli.run(args);
    assertThat(r.code()).as(r.err()).isZero();
    return Files.writeString(dir.resolve(name), r.out());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> side(Map<String, Object> row, String side) {
    return (Map<String, Object>) row.get(side);
  }

  @Test
  void accessRowsMatchedByMethodAndRouteBiggestChangeFirst() throws Exception {
    String ltsv = Cli.log("access/ltsv.log").toString();
    Path before = save("a.json", "alp", "ltsv", ltsv, "--format", "json");
    // after: the 1.5 s request gone, POSTs gone, a new route
    Path log = dir.resolve("after.log");
    StringBuilder after = new StringBuilder();
    for (String line : Files.readAllLines(Path.of(ltsv))) {
      if (!line.contains("reqtime:1.500") && !line.contains("method:POST")) {
        after.append(line).append('\n');
      }
    }
    after.append("method:GET\turi:/new\tstatus:200\treqtime:0.007\n");
    Files.writeString(log, after);
    Path later = save("b.json", "alp", "ltsv", log.toString(), "--format", "json");

    Cli.Result r = Cli.run("alp", "diff", before.toString(), later.toString(), "--format", "json");
    assertThat(r.code()).as(r.err()).isZero();
    List<Map<String, Object>> rows = Parsed.jsonRows(r.out());
    Map<String, Object> first = rows.get(0);
    assertThat(first).containsEntry("key", "GET /api/posts/{id}").containsEntry("state", "changed")
        .containsEntry("countDelta", -1).containsEntry("totalMsDelta", -1500.0);
    assertThat(side(first, "before")).containsEntry("count", 6).containsEntry("totalMs", 1593.0);
    assertThat(side(first, "after")).containsEntry("count", 5).containsEntry("totalMs", 93.0);
    assertThat(((Number) first.get("avgMsDelta")).doubleValue()).isEqualTo(18.6 - 265.5);

    Map<String, Map<String, Object>> byKey = new java.util.LinkedHashMap<>();
    rows.forEach(row -> byKey.put((String) row.get("key"), row));
    assertThat(byKey.get("POST /api/posts")).containsEntry("state", "gone")
        .containsEntry("after", null).containsEntry("totalMsDelta", -355.0)
        .containsEntry("avgMsDelta", null);
    assertThat(byKey.get("GET /new")).containsEntry("state", "new").containsEntry("countDelta", 1);
    assertThat(rows.get(1)).containsEntry("key", "POST /api/posts");
    assertThat(rows).extracting(row -> Math.abs(((Number) row.get("totalMsDelta")).doubleValue()))
        .isSortedAccordingTo((x, y) -> Double.compare(y, x));
    assertThat(Parsed.json(r.out()).get("before").toString()).contains("requests=14")
        .contains("totalMs=1995.0");

    List<Map<String, String>> table = Parsed.table(Cli.run("alp", "diff", before.toString(),
        later.toString()).out());
    assertThat(table.get(0)).containsEntry("URI", "/api/posts/{id}").containsEntry("SUM A(ms)",
        "1593.000").containsEntry("SUM B(ms)", "93.000").containsEntry("ΔSUM(ms)", "-1500.000");
    List<Map<String, String>> csv = Parsed.csv(Cli.run("alp", "diff", before.toString(),
        later.toString(), "--format", "csv", "--limit", "2").out());
    assertThat(csv).hasSize(2);
    assertThat(csv.get(1)).containsEntry("route", "/api/posts").containsEntry("totalMsAfter", "")
        .containsEntry("countBefore", "2").containsEntry("state", "gone");
  }

  @Test
  void slowRowsMatchedByFingerprint() throws Exception {
    String log = Cli.log("slow/mariadb-10.11.log").toString();
    Path before = save("a.json", "slp", log, "--format", "json");
    Path after = save("b.json", "slp", log, "--format", "json", "--filter", "time < 10ms");
    Cli.Result r = Cli.run("slp", "diff", before.toString(), after.toString(), "--format", "json");
    List<Map<String, Object>> rows = Parsed.jsonRows(r.out());
    assertThat(rows.get(0)).containsEntry("fingerprint",
        "create table users(id int primary key auto_increment, name varchar(?), created_at datetime)")
        .containsEntry("state", "gone").containsEntry("totalMsDelta", -81.65);
    assertThat(rows).filteredOn(row -> "changed".equals(row.get("state")))
        .allSatisfy(row -> assertThat(row).containsEntry("totalMsDelta", 0.0));
    Cli.Result md = Cli.run("slp", "diff", before.toString(), after.toString(), "--format", "markdown");
    assertThat(md.out().lines().findFirst().orElseThrow()).startsWith("| STATE | COUNT A |")
        .endsWith("| QUERY |");
  }

  @Test
  void refusesWhatIsNotItsOwnJson() throws Exception {
    Path slow = save("slow.json", "slp", Cli.log("slow/mariadb-10.11.log").toString(), "--format",
        "json");
    Cli.Result wrongKind = Cli.run("alp", "diff", slow.toString(), slow.toString());
    assertThat(wrongKind.code()).isEqualTo(2);
    assertThat(wrongKind.err()).contains("rows have no method and route");
    Path text = Files.writeString(dir.resolve("table.txt"), "+---+\n| a |\n");
    assertThat(Cli.run("slp", "diff", text.toString(), slow.toString()).err()).contains("is not JSON");
    assertThat(Cli.run("slp", "diff", dir.resolve("none.json").toString(), slow.toString()).code())
        .isEqualTo(2);
  }
}
