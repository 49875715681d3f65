package dev.isutools4j.internal.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.ProfileSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.testing.AppProcess;
import dev.isutools4j.testing.Executables;
import dev.isutools4j.testing.HistoryCheck;
import dev.isutools4j.testing.Requirement;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A save on a disk that really refuses the write: answered 500 with the system's reason, the run
 * stays open, every run saved before is byte for byte as it was, and once there is room the retry
 * saves the run with everything recorded before and after the failure.
 *
 * <p>The disk, the first that works here ({@code -Dfulldisk.mode=tmpfs|rlimit} chooses): a small
 * tmpfs mounted for the app alone (in a mount namespace of its own, through {@code unshare}),
 * filled up and then freed; else a file size limit on the app's process ({@code RLIMIT_FSIZE}
 * through {@code prlimit}: HotSpot ignores SIGXFSZ, so a write past it fails with EFBIG) that the
 * big run's JSON exceeds, raised on the live process for the retry.
 */
class FullDiskIT {

  private static final long RLIMIT_BYTES = 256 << 10;

  @TempDir
  Path base;

  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
      .build();

  @Test
  void aSaveOnAFullDiskAnswers500LosesNothingAndSucceedsOnceThereIsRoom() throws Exception {
    // The history is a folder of the disk's, which also holds what fills it.
    Path dir = Files.createDirectories(base.resolve("disk")).resolve("history");
    Disk disk = choose(Files.createDirectories(base.resolve("probe")).resolve("history"));
    System.out.println("[full disk] " + disk.name());
    try (AppProcess app = AppProcess.start(dir, disk.prefix(dir), Map.of()).awaitReady()) {
      Path view = disk.view(dir, app);
      for (int i = 0; i < 2; i++) {
        assertThat(post(app.admin().resolve("/reset")).statusCode()).isEqualTo(204);
        get(app.app().resolve("/q?who=before&n=10"));
        HttpResponse<String> saved = post(app.admin().resolve("/save?score=" + i));
        assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
      }
      Map<Path, byte[]> earlier = files(view);
      String id = post(app.admin().resolve("/reset")).headers().firstValue("X-Isutools-Run-Id")
          .orElseThrow();
      get(app.app().resolve("/q?who=disk&n=50"));
      get(app.app().resolve("/spread?kinds=600")); // a JSON well over the file size limit
      get(app.app().resolve("/spin?ms=500")); // samples for the profile

      disk.fill(view, app);
      HttpResponse<String> refused = post(app.admin().resolve("/save?score=7"));

      System.out.println("[full disk] POST /save: " + refused.statusCode() + " " + refused.body().trim());
      assertThat(refused.statusCode()).isEqualTo(500);
      assertThat(refused.body()).startsWith("the run could not be written, and stays open (retry"
          + " the save): run " + id + " could not be written to ").contains(disk.refusal());
      HttpResponse<String> open = get(app.admin().resolve("/api/runs/current"));
      assertThat(open.statusCode()).isEqualTo(200);
      assertThat(open.body()).contains("\"id\" : \"" + id + "\"");
      assertThat(files(view)).as("the runs saved before").containsAllEntriesOf(earlier);
      HistoryCheck.Found during = HistoryCheck.of(view, false);
      assertThat(during.ids()).containsExactlyInAnyOrderElementsOf(ids(earlier));
      assertThat(during.leftovers()).as("the open run's claim, and maybe its folder")
          .allMatch(f -> f.getFileName().toString().equals("." + id + ".open")
              || f.getFileName().toString().equals(id));

      get(app.app().resolve("/q?who=disk&n=25")); // still recorded: the run is open
      disk.free(view, app);
      HttpResponse<String> retried = post(app.admin().resolve("/save?score=8"));

      assertThat(retried.statusCode()).as(retried.body()).isEqualTo(200);
      assertThat(retried.body()).contains("\"id\" : \"" + id + "\"");
      HistoryCheck.Found after = HistoryCheck.of(view, true);
      Snapshot run = after.runs().get(id);
      assertThat(run.meta().score()).isEqualTo(8L);
      assertThat(count(run, "who_disk")).isEqualTo(75);
      assertThat(run.sql()).filteredOn(r -> r.fingerprint().contains("kind_")).hasSize(600);
      assertThat(files(view)).containsAllEntriesOf(earlier);
      ProfileSection sampled = run.section(ProfileSection.class).orElseThrow();
      if ("async-profiler".equals(sampled.engine())) {
        // Its dump into the full run folder came out empty: the profile was read from memory.
        assertThat(sampled.samples()).as("the profile of the busy run").isPositive();
        assertThat(sampled.files()).containsKey("collapsed");
      }
      String profile = run.section(ProfileSection.class)
          .map(p -> p.engine() + ", " + p.samples() + " samples, files " + p.files()
              + (p.error() == null ? "" : ", " + p.error()))
          .orElse("none");
      System.out.println("[full disk] retried: 200, run " + id + " with " + count(run, "who_disk")
          + " marker statements of 75, " + run.sql().size() + " fingerprints, profile: " + profile);
    }
  }

  private static long count(Snapshot run, String marker) {
    return run.sql().stream().filter(r -> r.fingerprint().contains(marker))
        .mapToLong(r -> r.time().count()).sum();
  }

  private static List<String> ids(Map<Path, byte[]> files) {
    return files.keySet().stream().map(p -> p.getFileName().toString())
        .filter(n -> n.endsWith(".json")).map(n -> n.substring(0, n.length() - 5)).toList();
  }

  /** Every file under {@code dir} with its bytes, by path relative to it. */
  private static Map<Path, byte[]> files(Path dir) throws IOException {
    Map<Path, byte[]> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path file : walk.filter(Files::isRegularFile).toList()) {
        files.put(dir.relativize(file), Files.readAllBytes(file));
      }
    }
    return files;
  }

  private HttpResponse<String> post(URI uri) throws Exception {
    return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
        .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(URI uri) throws Exception {
    HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri)
        .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as("%s: %s", uri, response.body()).isEqualTo(200);
    return response;
  }

  /** The first disk that works here, or a skip (a failure on CI) saying why none does. */
  private static Disk choose(Path probe) throws Exception {
    String wanted = System.getProperty("fulldisk.mode", "");
    List<String> why = new ArrayList<>();
    for (Disk disk : List.of(new Tmpfs(List.of("--mount")),
        new Tmpfs(List.of("--mount", "--map-root-user")), new FileSizeLimit())) {
      if (!wanted.isEmpty() && !disk.name().startsWith(wanted)) {
        continue;
      }
      Optional<String> problem = disk.problem(probe);
      if (problem.isEmpty()) {
        return disk;
      }
      why.add(disk.name() + ": " + problem.get());
    }
    Requirement.require("a disk that can be filled", false, String.join("; ", why));
    throw new AssertionError("unreachable");
  }

  /** A disk for the app alone that can be made to refuse writes, and to take them again. */
  private interface Disk {

    String name();

    /** Why it does not work here; empty when it does. */
    Optional<String> problem(Path probe) throws Exception;

    /** What goes before the java command of an app whose history is {@code dir}. */
    List<String> prefix(Path dir);

    /** Where this JVM sees the app's history. */
    Path view(Path dir, AppProcess app);

    void fill(Path view, AppProcess app) throws Exception;

    void free(Path view, AppProcess app) throws Exception;

    /** The system's words for the refusal. */
    String refusal();
  }

  /**
   * An 8 MiB tmpfs on the history's parent folder, in a mount namespace of the app's own: gone
   * with it.
   */
  private record Tmpfs(List<String> unshare) implements Disk {

    private static final String MOUNT = "mount -t tmpfs -o size=8m isutools-full \"$1\"";

    @Override
    public String name() {
      return "tmpfs (unshare " + String.join(" ", unshare) + ")";
    }

    @Override
    public Optional<String> problem(Path probe) throws Exception {
      if (Executables.find("unshare").isEmpty()) {
        return Optional.of("no unshare (util-linux) on " + Executables.describeSearch("unshare"));
      }
      List<String> command = new ArrayList<>(prefix(probe));
      command.add("true");
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
        return Optional.of("cannot mount a tmpfs in a namespace of its own: " + output.trim());
      }
      return Optional.empty();
    }

    @Override
    public List<String> prefix(Path dir) {
      List<String> command = new ArrayList<>(List.of("unshare"));
      command.addAll(unshare);
      command.addAll(List.of("sh", "-c", MOUNT + " && shift && exec \"$@\"", "sh",
          dir.toAbsolutePath().getParent().toString()));
      return command;
    }

    @Override
    public Path view(Path dir, AppProcess app) {
      return Path.of("/proc/" + app.pid() + "/root" + dir.toAbsolutePath());
    }

    @Override
    public void fill(Path view, AppProcess app) throws IOException {
      byte[] chunk = new byte[64 << 10];
      try (OutputStream out = Files.newOutputStream(view.resolveSibling("filler"))) {
        for (int i = 0; i < 1024; i++) {
          out.write(chunk);
        }
        throw new AssertionError("64 MiB went into a tmpfs of 8 MiB");
      } catch (IOException full) {
        assertThat(full.getMessage()).contains(refusal());
      }
    }

    @Override
    public void free(Path view, AppProcess app) throws IOException {
      Files.delete(view.resolveSibling("filler"));
    }

    @Override
    public String refusal() {
      return "No space left on device";
    }
  }

  /** A limit on the size of any file the app writes, raised for the retry. */
  private static final class FileSizeLimit implements Disk {

    @Override
    public String name() {
      return "rlimit (RLIMIT_FSIZE " + (RLIMIT_BYTES >> 10) + " KiB through prlimit)";
    }

    @Override
    public Optional<String> problem(Path probe) throws Exception {
      if (Executables.find("prlimit").isEmpty()) {
        return Optional.of("no prlimit (util-linux) on " + Executables.describeSearch("prlimit"));
      }
      Process process = new ProcessBuilder("prlimit", "--fsize=" + RLIMIT_BYTES + ":", "true")
          .redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
        return Optional.of("prlimit cannot set RLIMIT_FSIZE: " + output.trim());
      }
      return Optional.empty();
    }

    @Override
    public List<String> prefix(Path dir) {
      return List.of("prlimit", "--fsize=" + RLIMIT_BYTES + ":");
    }

    @Override
    public Path view(Path dir, AppProcess app) {
      return dir;
    }

    @Override
    public void fill(Path view, AppProcess app) {
      // The limit was there from the start: the big run's JSON is what exceeds it.
    }

    @Override
    public void free(Path view, AppProcess app) throws Exception {
      Process raise = new ProcessBuilder("prlimit", "--pid", String.valueOf(app.pid()),
          "--fsize=unlimited:").redirectErrorStream(true).start();
      String output = new String(raise.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(raise.waitFor(30, TimeUnit.SECONDS) && raise.exitValue() == 0)
          .as("prlimit raised the app's limit: %s", output).isTrue();
    }

    @Override
    public String refusal() {
      return "File too large";
    }
  }
}
