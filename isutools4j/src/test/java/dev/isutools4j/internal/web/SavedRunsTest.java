package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.diff.RunDiff;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.testing.SavedRuns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs saved by an earlier release read as typed sections, written back as the same document, and
 * rendered as the same pages. The expected pages are under src/test/resources/saved-runs/pages;
 * after a deliberate change to a page, write them anew with
 * {@code mvn -pl isutools4j test -Dtest=SavedRunsTest -Dsaved.runs.write=true} and review the diff.
 */
class SavedRunsTest {

  private static final Path PAGES = SavedRuns.DIR.resolve("pages");
  private static final boolean WRITE = Boolean.getBoolean("saved.runs.write");
  private static final Pattern STYLE = Pattern.compile("<style>.*?</style>", Pattern.DOTALL);
  private static final Pattern SCRIPT = Pattern.compile("<script>\n.*?\n</script>", Pattern.DOTALL);

  static Stream<Path> runs() {
    return SavedRuns.all().stream();
  }

  static Stream<Arguments> pairs() {
    List<Arguments> pairs = new ArrayList<>();
    for (String set : List.of("h2", "mariadb")) {
      List<Path> runs = SavedRuns.set(set);
      for (int i = 1; i < runs.size(); i++) {
        pairs.add(Arguments.of(runs.get(i - 1), runs.get(i)));
      }
    }
    return pairs.stream();
  }

  @ParameterizedTest
  @MethodSource("runs")
  void readingAndWritingGivesTheSameDocument(Path run) throws IOException {
    Map<String, Object> saved = SavedRuns.tree(run);
    Snapshot read = SnapshotJson.read(SavedRuns.text(run));
    Map<String, Object> written = SnapshotJson.toMap(read);
    assertThat(SavedRuns.firstDifference(saved, written)).as("where the written document differs").isNull();
    String text = SnapshotJson.write(read);
    assertThat(SnapshotJson.write(SnapshotJson.read(text))).isEqualTo(text);
  }

  @ParameterizedTest
  @MethodSource("runs")
  void theRunPageIsTheSame(Path run) throws IOException {
    Snapshot snapshot = SnapshotJson.read(SavedRuns.text(run));
    String page = RunPage.render(snapshot, false, HealthStatus.HEALTHY);
    assertThat(page).contains(snapshot.meta().id()).contains("<h2 id=\"h-sql\">");
    expect(withoutAssets(page), name(run) + ".html");
  }

  @ParameterizedTest
  @MethodSource("pairs")
  void theDiffIsTheSame(Path before, Path after) throws IOException {
    RunDiff diff = RunDiff.of(SnapshotJson.read(SavedRuns.text(before)),
        SnapshotJson.read(SavedRuns.text(after)));
    String name = name(before) + "-to-" + after.getFileName().toString().replace(".json", "");
    expect(withoutAssets(DiffPage.render(diff, HealthStatus.HEALTHY)), name + ".html");
    expect(SnapshotJson.writeValue(diff.toMap()), name + ".json");
  }

  /** The page without its style sheet and scripts, which are the same on every page. */
  private static String withoutAssets(String page) {
    return STYLE.matcher(SCRIPT.matcher(page).replaceAll("<script>…</script>")).replaceAll("<style>…</style>");
  }

  private static String name(Path run) {
    return run.getParent().getFileName() + "-" + run.getFileName().toString().replace(".json", "");
  }

  private static void expect(String actual, String file) throws IOException {
    Path expected = PAGES.resolve(file);
    if (WRITE) {
      Files.createDirectories(PAGES);
      Files.writeString(expected, actual, StandardCharsets.UTF_8);
    }
    assertThat(actual).as("%s (written anew with -Dsaved.runs.write=true)", expected)
        .isEqualTo(Files.readString(expected, StandardCharsets.UTF_8));
  }
}
