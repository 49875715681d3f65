package dev.isutools4j.internal.collect.logtail;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.digest.access.AccessKeys;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.route.PathRoutes;
import dev.isutools4j.internal.snapshot.AccessLogSection;
import dev.isutools4j.internal.snapshot.AccessLogSectionJson;
import dev.isutools4j.internal.snapshot.Fields;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reset marks the file; save reads only what came after, whatever happened to the file. */
class AccessLogCollectorTest {

  @TempDir Path dir;

  static String line(String path, int status) {
    return "method:GET\turi:" + path + "\tstatus:" + status + "\tsize:100\treqtime:0.010\tapptime:0.008\n";
  }

  static String lines(String path, int n) {
    return line(path, 200).repeat(n);
  }

  AccessLogCollector collector(Path file, Supplier<Map<String, Long>> app) {
    return new AccessLogCollector(file, null, AccessKeys.defaults(), PathRoutes.of(null), 100, app);
  }

  AccessLogCollector collector(Path file) {
    return collector(file, Map::of);
  }

  static Fields run(AccessLogCollector c, Runnable duringTheRun) {
    c.start(new RunContext("test", Path.of("unused")));
    duringTheRun.run();
    return json(c.stop(true));
  }

  /** The section as the run document has it. */
  static Fields json(Object section) {
    return Fields.of(new AccessLogSectionJson().write((AccessLogSection) section));
  }

  static void append(Path file, String text) {
    try {
      Files.writeString(file, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static long count(Fields section) {
    return section.longValue("requests");
  }

  static String notes(Fields section) {
    return String.valueOf(section.raw("notes"));
  }

  @Test
  void onlyWhatWasAppendedAfterResetIsRead() throws IOException {
    Path file = dir.resolve("access.log");
    Files.writeString(file, lines("/before", 7));
    Fields s = run(collector(file), () -> append(file, lines("/during/1", 3) + lines("/during/22", 2)));
    assertThat(count(s)).isEqualTo(5);
    assertThat(s.fieldsList("rows")).extracting(r -> r.string("route")).containsExactly("/during/{id}");
    assertThat(s.raw("notes")).isEqualTo(java.util.List.of());
    Fields source = Fields.of(s.raw("source"));
    assertThat(source.fieldsList("read")).hasSize(1);
    assertThat(source.fieldsList("read").get(0).longValue("from")).isEqualTo(lines("/before", 7).length());
    assertThat(source.longValue("bytes")).isEqualTo(lines("/during/1", 3).length() + lines("/during/22", 2).length());
    assertThat(s.string("format")).isEqualTo("ltsv");
  }

  @Test
  void aTruncatedFileIsReadFromItsStartAndSaidSo() throws IOException {
    Path file = dir.resolve("access.log");
    Files.writeString(file, lines("/before", 10));
    Fields s = run(collector(file), () -> {
      try {
        Files.writeString(file, lines("/after", 3)); // truncates, then writes
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    assertThat(count(s)).isEqualTo(3);
    assertThat(notes(s)).contains("truncated");
  }

  @Test
  void aRotatedFileGivesTheRestOfTheOldOneThenTheNewOne() throws IOException {
    Path file = dir.resolve("access.log");
    Files.writeString(file, lines("/before", 5));
    Fields s = run(collector(file), () -> {
      append(file, lines("/old-tail", 2));
      try {
        Files.move(file, dir.resolve("access.log.1"));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      append(file, lines("/new", 3));
    });
    assertThat(count(s)).isEqualTo(5);
    assertThat(s.fieldsList("rows")).extracting(r -> r.string("route"), r -> r.longValue("count"))
        .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("/old-tail", 2L),
            org.assertj.core.groups.Tuple.tuple("/new", 3L));
    assertThat(notes(s)).contains("rotated").contains("access.log.1");
    assertThat(Fields.of(s.raw("source")).fieldsList("read")).hasSize(2);
  }

  @Test
  void aRotatedFileWhoseOldOneIsGoneReadsTheNewOneAndSaysWhatIsMissing() throws IOException {
    Path file = dir.resolve("access.log");
    Files.writeString(file, lines("/before", 5));
    Path elsewhere = Files.createDirectory(dir.resolve("archive"));
    Fields s = run(collector(file), () -> {
      try {
        // moved out of the directory (compressed, shipped away): not found beside the new one
        Files.move(file, elsewhere.resolve("access.log.old"));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      append(file, lines("/new", 3));
    });
    assertThat(count(s)).isEqualTo(3);
    assertThat(notes(s)).contains("rotated").contains("missing");
  }

  @Test
  void aMissingFileIsSaidNeverThrown() {
    Path file = dir.resolve("nowhere/access.log");
    long failures = Health.failures();
    Fields s = run(collector(file), () -> { });
    assertThat(notes(s)).contains("no such file");
    assertThat(Fields.of(s.raw("source")).boolOrNull("missing")).isTrue();
    assertThat(count(s)).isZero();
    assertThat(s.string("error")).isNull();
    assertThat(Health.failures()).isEqualTo(failures);
  }

  @Test
  void aFileCreatedDuringTheRunIsReadWhole() {
    Path file = dir.resolve("access.log");
    Fields s = run(collector(file), () -> append(file, lines("/x", 4)));
    assertThat(count(s)).isEqualTo(4);
    assertThat(notes(s)).contains("appeared");
  }

  @Test
  void aFileMovedAwayAndNotRecreatedGivesItsRest() throws IOException {
    Path file = dir.resolve("access.log");
    Files.writeString(file, lines("/before", 5));
    Fields s = run(collector(file), () -> {
      append(file, lines("/tail", 2));
      try {
        Files.move(file, dir.resolve("access.log.1"));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    assertThat(count(s)).isEqualTo(2);
    assertThat(notes(s)).contains("moved to").contains("access.log.1");
  }

  @Test
  void withoutTheSettingTheSectionSaysSo() {
    Fields s = run(collector(null), () -> { });
    assertThat(s.boolOrNull("supported")).isFalse();
    assertThat(s.string("reason")).contains("isutools.access.log");
  }

  @Test
  void aDiscardedRunHasNoSection() throws IOException {
    Path file = dir.resolve("access.log");
    Files.writeString(file, lines("/x", 1));
    AccessLogCollector c = collector(file);
    c.start(new RunContext("test", Path.of("unused")));
    assertThat(c.stop(false)).isNull();
  }

  static String line(String method, String path) {
    return line(path, 200).replace("method:GET", "method:" + method);
  }

  @Test
  void rowsAreNamedByTheAppsTemplatesAndCarryItsCount() throws IOException {
    Path file = dir.resolve("access.log");
    Files.createFile(file);
    Fields s = run(collector(file, () -> Map.of("GET /posts/{postId}", 40L, "GET /about", 9L,
            "GET /image/{id}.{ext}", 3L, "GET /@{accountName}", 2L, "POST /posts/{postId}", 1L,
            "GET /**", 4L)),
        () -> append(file, lines("/posts/1", 39) + lines("/posts/hello", 1) + lines("/about", 9)
            + lines("/image/1.png", 1) + lines("/image/2.jpg", 1) + lines("/image/3.gif", 1)
            + lines("/@alice", 1) + lines("/@bob", 1) + lines("/static/a.css", 3)
            + line("POST", "/posts/7") + line("POST", "/about")));
    Map<String, Fields> rows = new java.util.HashMap<>();
    for (Fields r : s.fieldsList("rows")) {
      rows.put(r.string("method") + " " + r.string("route"), r);
    }
    assertThat(rows.keySet()).containsExactlyInAnyOrder("GET /posts/{postId}", "GET /about",
        "GET /image/{id}.{ext}", "GET /@{accountName}", "POST /posts/{postId}", "GET /static/a.css",
        "POST /about");
    for (String route : List.of("GET /posts/{postId}", "GET /about", "GET /image/{id}.{ext}",
        "GET /@{accountName}", "POST /posts/{postId}")) {
      assertThat(rows.get(route).longOrNull("appCount")).as(route)
          .isEqualTo(rows.get(route).longValue("count"));
      assertThat(rows.get(route).raw("appRoute")).as(route).isNull();
    }
    assertThat(rows.get("GET /image/{id}.{ext}").longValue("count")).isEqualTo(3);
    assertThat(rows.get("GET /static/a.css").longOrNull("appCount"))
        .as("served by nginx alone, not taken in by the app's /**").isNull();
    assertThat(rows.get("POST /about").longOrNull("appCount")).as("no POST /about in the app").isNull();
  }

  @Test
  void aFailingDigestCostsTheSectionOnlyAndIsCounted() throws IOException {
    Path file = dir.resolve("access.log");
    Files.createFile(file);
    long failures = Health.failures();
    Fields s = run(collector(file, () -> {
      throw new IllegalStateException("boom");
    }), () -> append(file, lines("/x", 1)));
    assertThat(s.string("error")).contains("boom");
    assertThat(Health.failures()).isEqualTo(failures + 1);
    assertThat(s.raw("source")).isNotNull();
  }

  @Test
  void mixedStatusesAndMalformedLinesSurviveIntoTheSection() throws IOException {
    Path file = dir.resolve("access.log");
    Files.createFile(file);
    Fields s = run(collector(file), () -> append(file, line("/a", 200) + line("/a", 304) + "junk\n"
        + line("/a", 499) + line("/a", 503)));
    Fields row = s.fieldsList("rows").get(0);
    assertThat(row.longValue("count")).isEqualTo(4);
    assertThat(row.longValue("count304")).isEqualTo(1);
    assertThat(row.longValue("count499")).isEqualTo(1);
    assertThat(row.longValue("count5xx")).isEqualTo(1);
    assertThat(row.longValue("status3xx")).isEqualTo(1);
    assertThat(row.doubleValue("residualTotalMs")).isEqualTo(8.0);
    Fields malformed = Fields.of(s.raw("malformed"));
    assertThat(malformed.longValue("count")).isEqualTo(1);
    assertThat(malformed.fieldsList("examples").get(0).longValue("line")).isEqualTo(3);
    assertThat(malformed.fieldsList("examples").get(0).string("text")).isEqualTo("junk");
  }

  @Test
  void theSectionKeepsTheRunsSlowestRequestsWithTheirQueryStringsAndReadsThemBack() throws IOException {
    Path file = dir.resolve("access.log");
    append(file, lines("/before", 2));
    AccessLogCollector c = collector(file);
    Fields s = run(c, () -> {
      StringBuilder during = new StringBuilder();
      for (int i = 1; i <= AccessLogCollector.SLOWEST + 5; i++) {
        during.append("method:GET\turi:/posts/").append(i).append("?page=").append(i)
            .append("\tstatus:").append(i == 7 ? 500 : 200).append("\tsize:10\treqtime:")
            .append(String.format(java.util.Locale.ROOT, "%.3f", i / 100.0)).append('\n');
      }
      append(file, during.toString());
    });
    List<Fields> slowest = s.fieldsList("slowest");
    assertThat(slowest).hasSize(AccessLogCollector.SLOWEST);
    assertThat(slowest.get(0).string("uri")).isEqualTo("/posts/25?page=25");
    assertThat(slowest.get(0).doubleValue("ms")).isEqualTo(250.0);
    assertThat(slowest.get(0).longValue("line")).as("lines of what was read, from 1").isEqualTo(25);
    assertThat(slowest.get(0).raw("upstreamMs")).isNull();
    assertThat(slowest).extracting(r -> r.string("uri")).last().isEqualTo("/posts/6?page=6");

    AccessLogSection back = new AccessLogSectionJson().read(s);
    assertThat(back.digest().slowest()).hasSize(AccessLogCollector.SLOWEST);
    assertThat(back.digest().slowest().get(18).status()).isEqualTo(500);
    assertThat(json(back).fieldsList("slowest")).as("written back as it was")
        .extracting(r -> r.string("uri")).isEqualTo(slowest.stream().map(r -> r.string("uri")).toList());
  }
}
