package dev.isutools4j.internal.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Any bytes as a file of the history (foreign, truncated, corrupt, or a run): the history lists
 * it, as a run or as unreadable with a reason; reading it gives a run or an {@link IOException}
 * that says so, never another exception; a run that reads is written and read again to the same
 * text (the duration of a run with no end aside). Seeds: {@code SnapshotFileFuzzTestInputs/historyFile/}, saved runs cut down to one
 * section each, and broken ones.
 */
class SnapshotFileFuzzTest {

  /** Longer files take the same paths; the limit keeps each input fast. */
  private static final int MAX_INPUT = 32 * 1024;
  private static final String ID = "20261201-000000-000";
  private static final Pattern OPEN_DURATION =
      Pattern.compile("(\"endedAt\" : null,\\s*\"durationSeconds\" : )[^,\\s]+");

  private static Path dir;

  @BeforeAll
  static void history() throws IOException {
    dir = Files.createTempDirectory("isutools-fuzz-history-");
  }

  @AfterAll
  static void removeHistory() throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }

  @FuzzTest
  void historyFile(byte[] file) throws IOException {
    if (file.length > MAX_INPUT) {
      return;
    }
    Files.write(dir.resolve(ID + ".json"), file);
    RunStore store = new RunStore(dir); // a new store: the listing's cache keys on mtime and size
    List<StoredRun> runs = store.list();
    assertThat(runs).hasSize(1);
    StoredRun listed = runs.get(0);
    assertThat(listed.id()).isEqualTo(ID);
    assertThat(listed.readable()).as("readable, or a problem: %s", listed.problem())
        .isNotEqualTo(listed.problem() != null);
    Optional<Snapshot> read;
    try {
      read = store.read(ID);
    } catch (IOException e) {
      assertThat(e).hasMessageStartingWith("run " + ID + " is not a readable run: ");
      return;
    }
    assertThat(read).isPresent();
    assertThat(listed.readable()).as("listed as readable: %s", listed.problem()).isTrue();
    String once = SnapshotJson.write(read.get());
    assertThat(withoutOpenDurations(SnapshotJson.write(SnapshotJson.read(once))))
        .as("written again").isEqualTo(withoutOpenDurations(once));
  }

  /** A run with no end is as long as the clock says at each writing; the rest must not move. */
  private static String withoutOpenDurations(String json) {
    return OPEN_DURATION.matcher(json).replaceAll("$1?");
  }
}
