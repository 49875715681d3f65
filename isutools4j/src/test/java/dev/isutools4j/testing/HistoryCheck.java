package dev.isutools4j.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.ProfileSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads a history directory file by file and fails unless each is part of a complete run or a
 * leftover of a claimed run the store knows to sweep. A complete run: its JSON reads, its page
 * (if any) is whole, and its folder holds only the files its profile names, each whole.
 * Leftovers: a claim {@code .<id>.open}, a temp file {@code .<id>-N.tmp} of a claimed run, and
 * the folder of a claimed run that has no JSON.
 */
public final class HistoryCheck {

  private static final Pattern COLLAPSED_LINE = Pattern.compile(".+ \\d+");
  private static final Pattern TEMP = Pattern.compile("\\.(.+)-\\d+\\.tmp");
  private static final Pattern CLAIM = Pattern.compile("\\.(.+)\\.open");
  private static final String PAGE_END = "</body></html>\n";

  /** What the directory holds: its complete runs by id, and its leftovers. */
  public record Found(Map<String, Snapshot> runs, List<Path> leftovers) {

    public Set<String> ids() {
      return new TreeSet<>(runs.keySet());
    }
  }

  private HistoryCheck() {}

  /** Checks every file of {@code dir}; with {@code swept}, no leftover is allowed either. */
  public static Found of(Path dir, boolean swept) throws IOException {
    Map<String, Snapshot> runs = new TreeMap<>();
    List<Path> leftovers = new ArrayList<>();
    List<Path> entries;
    try (Stream<Path> files = Files.list(dir)) {
      entries = files.sorted().toList();
    }
    for (Path entry : entries) {
      String name = entry.getFileName().toString();
      if (name.endsWith(".json") && !name.startsWith(".")) {
        String id = name.substring(0, name.length() - ".json".length());
        runs.put(id, completeRun(dir, id));
      }
    }
    for (Path entry : entries) {
      String name = entry.getFileName().toString();
      var claim = CLAIM.matcher(name);
      var temp = TEMP.matcher(name);
      if (name.endsWith(".json") && !name.startsWith(".")) {
        continue;
      } else if (name.endsWith(".html") && !name.startsWith(".")) {
        String id = name.substring(0, name.length() - ".html".length());
        assertThat(runs).as("the page %s belongs to a saved run", name).containsKey(id);
        assertThat(Files.readString(entry)).as("the page %s is whole", name).endsWith(PAGE_END);
      } else if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
        if (!runs.containsKey(name)) {
          assertThat(claimOf(dir, name)).as("the folder %s has no JSON: a claimed run's", name)
              .exists();
          leftovers.add(entry);
        }
      } else if (claim.matches()) {
        leftovers.add(entry);
      } else if (temp.matches()) {
        assertThat(claimOf(dir, temp.group(1))).as("the temp file %s is a claimed run's", name)
            .exists();
        leftovers.add(entry);
      } else {
        throw new AssertionError("a file no run explains: " + entry);
      }
    }
    if (swept) {
      assertThat(leftovers).as("after a sweep").isEmpty();
    }
    return new Found(runs, leftovers);
  }

  private static Path claimOf(Path dir, String id) {
    return dir.resolve("." + id + ".open");
  }

  private static Snapshot completeRun(Path dir, String id) throws IOException {
    Snapshot run;
    try {
      run = SnapshotJson.read(Files.readString(dir.resolve(id + ".json")));
    } catch (IOException | RuntimeException e) {
      throw new AssertionError("run " + id + ": its JSON does not read: " + e, e);
    }
    assertThat(run.meta().id()).isEqualTo(id);
    assertThat(run.meta().endedAt()).as("run %s was saved", id).isNotNull();
    Set<String> named = new TreeSet<>();
    ProfileSection profile = run.section(ProfileSection.class).orElse(null);
    if (profile != null) {
      for (Map.Entry<String, String> file : profile.files().entrySet()) {
        Path path = dir.resolve(file.getValue());
        assertThat(path).as("run %s names %s", id, file.getValue()).isRegularFile();
        named.add(path.getFileName().toString());
        if (file.getKey().equals("collapsed")) {
          wholeCollapsed(path, profile);
        } else if (file.getKey().equals("jfr")) {
          wholeRecording(path);
        }
      }
    }
    Path folder = dir.resolve(id);
    if (Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
      try (Stream<Path> files = Files.list(folder)) {
        assertThat(files.map(f -> f.getFileName().toString()))
            .as("run %s's folder holds only the files the run names", id)
            .allMatch(named::contains);
      }
    }
    return run;
  }

  /** Every line a stack and its count, the last one ended, the counts adding up to the samples. */
  private static void wholeCollapsed(Path file, ProfileSection profile) throws IOException {
    String text = Files.readString(file);
    assertThat(text.isEmpty() || text.endsWith("\n")).as("%s ends with a whole line", file).isTrue();
    long samples = 0;
    for (String line : text.lines().toList()) {
      assertThat(line).as("a line of %s", file).matches(COLLAPSED_LINE);
      samples += Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
    }
    if (profile.droppedStacks() == 0) {
      assertThat(samples).as("the samples of %s", file).isEqualTo(profile.samples());
    }
  }

  private static void wholeRecording(Path file) throws IOException {
    try (RecordingFile recording = new RecordingFile(file)) {
      while (recording.hasMoreEvents()) {
        recording.readEvent();
      }
    }
  }
}
