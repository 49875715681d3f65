package dev.isutools4j.internal.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.testing.Snapshots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a save killed half-way leaves, and what the next claim sweeps away. A claim file nobody
 * holds a lock on is what a dead process leaves: the operating system dropped its lock.
 */
class LeftoversTest {

  @TempDir
  Path dir;

  private RunStore savedRun(String id) throws IOException {
    RunStore store = new RunStore(dir);
    store.write(Snapshots.sample(id, Instant.parse("2026-11-29T10:00:00Z")));
    return store;
  }

  private String[] names() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).sorted().toArray(String[]::new);
    }
  }

  @Test
  void aRunKilledBeforeItsJsonLeavesNothingOnceTheNextRunIsClaimed() throws IOException {
    RunStore store = savedRun("kept");
    Files.createFile(dir.resolve(".dead.open"));
    Files.createDirectories(dir.resolve("dead"));
    Files.writeString(dir.resolve("dead").resolve("profile.collapsed"), "a;b 1\na;c");
    Files.writeString(dir.resolve(".dead-8812734.tmp"), "{\"schema\": 1, \"me");

    assertThat(store.list()).extracting(StoredRun::id).containsExactly("kept");
    assertThat(store.claim("next")).isTrue();

    assertThat(names()).containsExactly(".next.open", "kept.json");
    assertThat(store.read("kept")).isPresent();
  }

  @Test
  void aRunKilledAfterItsJsonKeepsItsFolderAndLosesOnlyItsClaimAndTemps() throws IOException {
    RunStore store = savedRun("done");
    Files.createDirectories(dir.resolve("done"));
    Files.writeString(dir.resolve("done").resolve("profile.collapsed"), "a;b 1\n");
    Files.createFile(dir.resolve(".done.open"));
    Files.writeString(dir.resolve(".done-55.tmp"), "<!DOCTYPE html><ht");

    assertThat(store.sweep()).containsExactlyInAnyOrder(dir.resolve(".done.open"),
        dir.resolve(".done-55.tmp"));

    assertThat(names()).containsExactly("done", "done.json");
    assertThat(Files.readString(dir.resolve("done").resolve("profile.collapsed"))).isEqualTo("a;b 1\n");
  }

  @Test
  void aClaimThisJvmHoldsIsNeverSwept() throws IOException {
    RunStore owner = new RunStore(dir);
    assertThat(owner.claim("open")).isTrue();
    Files.createDirectories(dir.resolve("open"));
    Files.writeString(dir.resolve("open").resolve("profile.jfr"), "recording");

    RunStore other = new RunStore(dir);
    assertThat(other.sweep()).isEmpty();
    assertThat(other.claim("open")).as("held by the first store").isFalse();

    assertThat(names()).containsExactly(".open.open", "open");
    owner.discard("open");
    assertThat(names()).isEmpty();
  }

  @Test
  void aTempFileWithNoClaimGoesOnlyOnceItIsAnHourOld() throws IOException {
    RunStore store = new RunStore(dir);
    Path old = Files.writeString(dir.resolve(".legacy-1.tmp"), "{");
    Files.setLastModifiedTime(old, FileTime.from(Instant.now().minus(Duration.ofMinutes(61))));
    Path recent = Files.writeString(dir.resolve(".recent-2.tmp"), "{");

    assertThat(store.sweep()).containsExactly(old);
    assertThat(recent).exists();
  }

  @Test
  void theTempFileOfRunA1IsNotTakenForRunAs() throws IOException {
    RunStore store = new RunStore(dir);
    Files.createFile(dir.resolve(".a.open"));
    Path other = Files.writeString(dir.resolve(".a-1-123.tmp"), "{");
    Path mine = Files.writeString(dir.resolve(".a-123.tmp"), "{");

    store.sweep();

    assertThat(other).exists();
    assertThat(mine).doesNotExist();
  }

  @Test
  void aDiscardNeverRemovesTheFolderOfASavedRun() throws IOException {
    RunStore store = savedRun("saved");
    Files.createDirectories(dir.resolve("saved"));
    Files.writeString(dir.resolve("saved").resolve("profile.collapsed"), "a 1\n");

    store.discard("saved");

    assertThat(dir.resolve("saved").resolve("profile.collapsed")).exists();
  }

  @Test
  void aWriteMakesTheClaimedRunsFolderDurableAndEndsTheClaim() throws IOException {
    RunStore store = new RunStore(dir);
    assertThat(store.claim("r1")).isTrue();
    Files.createDirectories(dir.resolve("r1"));
    Files.writeString(dir.resolve("r1").resolve("profile.collapsed"), "a;b 2\n");
    Files.createDirectories(dir.resolve("r2"));

    store.write(Snapshots.sample("r1", Instant.parse("2026-11-29T10:00:00Z")));
    assertThat(store.claim("r2")).isTrue();
    store.write(Snapshots.sample("r2", Instant.parse("2026-11-29T11:00:00Z")));

    assertThat(names()).as("an empty folder goes with the claim")
        .containsExactly("r1", "r1.json", "r2.json");
  }
}
