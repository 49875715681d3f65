package dev.isutools4j.internal.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.testing.Snapshots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunStoreTest {

  @TempDir
  Path dir;

  private static Snapshot run(String id, String startedAt) {
    return Snapshots.sample(id, Instant.parse(startedAt));
  }

  @Test
  void writesOneFilePerRunAndListsThemNewestFirst() throws IOException {
    RunStore store = new RunStore(dir);
    store.write(run("a1", "2026-11-29T10:00:00Z"));
    store.write(run("b2", "2026-11-29T11:00:00.500Z"));
    store.write(run("c3", "2026-11-29T11:00:00Z"));
    List<StoredRun> runs = store.list();
    assertThat(runs).extracting(StoredRun::id).containsExactly("b2", "c3", "a1");
    assertThat(store.read("c3")).get().extracting(s -> s.meta().id()).isEqualTo("c3");
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("a1.json", "b2.json", "c3.json");
    }
  }

  @Test
  void truncatedCorruptAndForeignFilesAreListedAsUnreadableAndBreakNothing() throws IOException {
    RunStore store = new RunStore(dir);
    Path good = store.write(run("good", "2026-11-29T10:00:00Z"));
    String json = Files.readString(good);
    Files.writeString(dir.resolve("truncated.json"), json.substring(0, json.length() / 2));
    Files.write(dir.resolve("binary.json"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
    Files.writeString(dir.resolve("foreign.json"), "{\"name\": \"package.json of someone else\"}");
    Files.writeString(dir.resolve("notes.txt"), "not a run at all");

    List<StoredRun> runs = store.list();
    assertThat(runs).extracting(StoredRun::id)
        .containsExactly("good", "truncated", "foreign", "binary");
    assertThat(runs.get(0).readable()).isTrue();
    assertThat(runs.subList(1, 4)).allSatisfy(r -> {
      assertThat(r.readable()).isFalse();
      assertThat(r.problem()).isNotBlank();
    });
    assertThatThrownBy(() -> store.read("truncated")).isInstanceOf(IOException.class);
    assertThat(store.read("good")).isPresent();
  }

  @Test
  void aRunThatIsNotUtf8SaysSoWhenListedAndWhenRead() throws IOException {
    RunStore store = new RunStore(dir);
    byte[] json = Files.readAllBytes(store.write(run("bytes", "2026-11-29T10:00:00Z")));
    int note = new String(json, java.nio.charset.StandardCharsets.ISO_8859_1).indexOf("\"note\"");
    json[note + 1] = (byte) 0xff; // one byte that no UTF-8 text holds
    Files.write(dir.resolve("bytes.json"), json);

    assertThat(store.list()).singleElement()
        .satisfies(r -> assertThat(r.problem()).isEqualTo("not a readable run: not UTF-8 text"));
    assertThatThrownBy(() -> store.read("bytes")).isInstanceOf(IOException.class)
        .hasMessage("run bytes is not a readable run: not UTF-8 text");
  }

  @Test
  void aFailedWriteLeavesNoTraceAndKeepsEarlierRuns() throws IOException {
    RunStore store = new RunStore(dir);
    store.write(run("kept", "2026-11-29T10:00:00Z"));
    // A directory where the run's file should go makes the final rename fail.
    Files.createDirectories(dir.resolve("blocked.json").resolve("child"));
    assertThatThrownBy(() -> store.write(run("blocked", "2026-11-29T11:00:00Z")))
        .isInstanceOf(IOException.class);
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("kept.json", "blocked.json");
    }
    assertThat(store.read("kept")).isPresent();
  }

  @Test
  void idsThatCouldEscapeTheDirectoryAreRefused() throws IOException {
    RunStore store = new RunStore(dir);
    assertThat(store.read("../etc/passwd")).isEmpty();
    assertThat(store.readJson("..")).isEmpty();
    assertThat(RunStore.validId("20261129-101500-123")).isTrue();
    assertThat(RunStore.validId("a/b")).isFalse();
  }

  @Test
  void aMissingDirectoryIsAnEmptyHistory() throws IOException {
    assertThat(new RunStore(dir.resolve("not-yet")).list()).isEmpty();
  }
}
