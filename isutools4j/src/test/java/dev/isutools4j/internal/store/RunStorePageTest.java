package dev.isutools4j.internal.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.web.RunPage;
import dev.isutools4j.testing.Snapshots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The self-contained page written beside each run's JSON. */
class RunStorePageTest {

  @TempDir
  Path dir;

  @Test
  void aSavedRunHasASelfContainedPageBesideItsJson() throws IOException {
    RunStore store = new RunStore(dir, RunPage::standalone);
    store.write(Snapshots.sample("r1", Instant.parse("2026-11-29T10:00:00Z")));

    Path page = dir.resolve("r1.html");
    assertThat(store.page("r1")).contains(page);
    String html = Files.readString(page);
    assertThat(html).startsWith("<!DOCTYPE html>")
        .contains("r1")
        .contains("select * from comments where post_id = ?")
        .contains("<style>")
        .contains("<a href=\"./\">")
        .doesNotContain("http://")
        .doesNotContain("https://")
        .doesNotContain("src=\"/")
        .doesNotContain("href=\"/");
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("r1.json", "r1.html");
    }
  }

  @Test
  void aPageThatCannotBeWrittenCostsNeitherTheJsonNorTheSave() throws IOException {
    long before = Health.failures();
    RunStore store = new RunStore(dir, s -> {
      throw new IllegalStateException("renderer broke");
    });
    Path json = store.write(Snapshots.sample("r2", Instant.parse("2026-11-29T10:00:00Z")));

    assertThat(json).isRegularFile();
    assertThat(store.read("r2")).isPresent();
    assertThat(store.page("r2")).isEmpty();
    assertThat(Health.failures()).isGreaterThan(before);
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("r2.json");
    }
  }

  @Test
  void aStoreWithoutRendererWritesOnlyTheJson() throws IOException {
    new RunStore(dir).write(Snapshots.sample("r3", Instant.parse("2026-11-29T10:00:00Z")));
    assertThat(dir.resolve("r3.html")).doesNotExist();
  }
}
