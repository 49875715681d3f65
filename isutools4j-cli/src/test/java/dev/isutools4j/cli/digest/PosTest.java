package dev.isutools4j.cli.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --pos}: each call reads what was appended since the last, through rotation and truncation. */
class PosTest {

  @TempDir
  Path dir;

  private Path log;
  private Path pos;
  private int next = 1;

  @BeforeEach
  void paths() {
    log = dir.resolve("access.log");
    pos = dir.resolve("alp.pos");
  }

  /** Appends {@code n} requests, each to a route of its own number so that rows tell them apart. */
  private void append(Path file, int n) throws Exception {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append("method:GET\turi:/r").append(next++).append("\tstatus:200\treqtime:0.001\n");
    }
    Files.writeString(file, b, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }

  private Cli.Result read() {
    Cli.Result r = Cli.run("alp", "ltsv", log.toString(), "--pos", pos.toString(), "--format", "json");
    assertThat(r.code()).as(r.err()).isZero();
    return r;
  }

  private static Map<String, Map<String, Object>> rows(Cli.Result r) {
    return Parsed.byKey(Parsed.jsonRows(r.out()));
  }

  @Test
  void readsOnlyWhatWasAppended() throws Exception {
    append(log, 3);
    Cli.Result first = read();
    assertThat(rows(first).keySet()).containsExactlyInAnyOrder("GET /r1", "GET /r2", "GET /r3");
    assertThat(first.err()).contains("no position saved");
    Map<String, Object> saved = Parsed.json(Files.readString(pos));
    assertThat(saved.toString()).contains(log.toAbsolutePath().toString())
        .contains("offset=" + Files.size(log));

    append(log, 2);
    Cli.Result second = read();
    assertThat(rows(second).keySet()).containsExactlyInAnyOrder("GET /r4", "GET /r5");
    assertThat(second.err()).isEmpty();

    Cli.Result nothing = read();
    assertThat(rows(nothing)).isEmpty();
    assertThat(nothing.err()).contains("nothing to read");
  }

  @Test
  void anUnfinishedLastLineWaitsForTheNextCall() throws Exception {
    append(log, 1);
    Files.writeString(log, "method:GET\turi:/half", StandardOpenOption.APPEND);
    Cli.Result first = read();
    assertThat(rows(first).keySet()).containsExactly("GET /r1");
    assertThat(first.err()).contains("the last 20 bytes are not a whole line yet");
    Files.writeString(log, "way\tstatus:200\n", StandardOpenOption.APPEND);
    assertThat(rows(read()).keySet()).containsExactly("GET /halfway");
  }

  @Test
  void afterARotationReadsTheRestOfTheOldFileThenTheNewOne() throws Exception {
    append(log, 2);
    read();
    append(log, 1); // r3: written before the rotation, not read yet
    Files.move(log, dir.resolve("access.log.1"));
    append(log, 2); // r4, r5 in the new file
    Cli.Result r = read();
    assertThat(rows(r).keySet()).containsExactlyInAnyOrder("GET /r3", "GET /r4", "GET /r5");
    assertThat(r.err()).contains("was rotated since the last call: read the rest of")
        .contains("access.log.1");

    append(log, 1);
    assertThat(rows(read()).keySet()).containsExactly("GET /r6");
  }

  @Test
  void aRotationWhoseOldFileIsGoneReadsTheNewOneAndSaysWhatIsMissing() throws Exception {
    append(log, 2);
    read();
    Files.delete(log);
    append(log, 3); // its inode may be the old one's, reused
    Cli.Result r = read();
    assertThat(rows(r).keySet()).containsExactlyInAnyOrder("GET /r3", "GET /r4", "GET /r5");
    assertThat(r.err()).containsAnyOf("rotated since the last call and the old file is not beside it",
        "is another file than at the last call").contains("are missing");
  }

  @Test
  void afterATruncationReadsFromTheStart() throws Exception {
    append(log, 5);
    read();
    Files.writeString(log, "", StandardOpenOption.TRUNCATE_EXISTING);
    append(log, 1);
    Cli.Result r = read();
    assertThat(rows(r).keySet()).containsExactly("GET /r6");
    assertThat(r.err()).contains("was truncated").contains("read from its start");
  }

  @Test
  void keepsAPositionPerFile() throws Exception {
    Path other = dir.resolve("other.log");
    append(log, 1);
    append(other, 1);
    Cli.Result first = Cli.run("alp", "ltsv", log.toString(), other.toString(), "--pos",
        pos.toString(), "--format", "json");
    assertThat(rows(first).keySet()).containsExactlyInAnyOrder("GET /r1", "GET /r2");
    append(other, 1);
    Cli.Result r = Cli.run("alp", "ltsv", log.toString(), other.toString(), "--pos", pos.toString(),
        "--format", "json");
    assertThat(rows(r).keySet()).containsExactly("GET /r3");
  }

  @Test
  void aFileThatIsNoPositionFileIsAnError() throws Exception {
    append(log, 1);
    Files.writeString(pos, "not json");
    Cli.Result r = Cli.run("alp", "ltsv", log.toString(), "--pos", pos.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("is not a position file");
    assertThat(Files.readString(pos)).isEqualTo("not json");
  }

  @Test
  void slpKeepsItsPlaceToo() throws Exception {
    Path slow = dir.resolve("slow.log");
    String entry = "# Time: 261201  7:49:16\n# User@Host: root[root] @ localhost []\n"
        + "# Query_time: 0.001000  Lock_time: 0.000000  Rows_sent: 1  Rows_examined: 1\n"
        + "SET timestamp=1796111356;\nSELECT %d;\n";
    Files.writeString(slow, String.format(entry, 1) + String.format(entry, 2));
    Cli.Result first = Cli.run("slp", slow.toString(), "--pos", pos.toString(), "--format", "json");
    assertThat(Parsed.jsonRows(first.out())).singleElement().satisfies(row ->
        assertThat(row).containsEntry("count", 2));
    Files.writeString(slow, String.format(entry, 3), StandardOpenOption.APPEND);
    Cli.Result second = Cli.run("slp", slow.toString(), "--pos", pos.toString(), "--format", "json");
    assertThat(second.err()).doesNotContain("could not be read");
    assertThat(Parsed.jsonRows(second.out())).singleElement().satisfies(row ->
        assertThat(row).containsEntry("count", 1).containsEntry("sample", "SELECT 3"));
  }
}
