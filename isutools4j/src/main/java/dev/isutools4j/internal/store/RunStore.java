package dev.isutools4j.internal.store;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.snapshot.Fields;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The history directory: one JSON file per run, {@code <id>.json}, and beside it, when a page
 * renderer is given, the run's page as a self-contained {@code <id>.html} that opens from disk.
 * The only code that touches it.
 *
 * <p>Writes are atomic: a temp file in the same directory, fsync, rename, fsync of the directory, so
 * a crash or a full disk never leaves a half-written run, and never harms runs already saved. A file
 * that cannot be read (truncated, corrupt, foreign) is listed as unreadable and breaks nothing.
 * The JSON is written first; a page that cannot be rendered or written is counted in {@link Health}
 * and never costs the JSON. Thread-safe.
 */
public final class RunStore {

  private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,127}");
  private static final String SUFFIX = ".json";
  private static final String PAGE_SUFFIX = ".html";

  private static final Comparator<StoredRun> NEWEST_FIRST = Comparator
      .comparing(StoredRun::readable).reversed()
      .thenComparing((StoredRun r) -> r.readable() ? r.meta().startedAt() : Instant.EPOCH,
          Comparator.reverseOrder())
      .thenComparing(StoredRun::id, Comparator.reverseOrder());

  private final Path dir;
  private final Function<Snapshot, String> page;
  // Listing the history reads every file's meta; remember it while the file is unchanged.
  private final ConcurrentHashMap<Path, Listed> listed = new ConcurrentHashMap<>();

  private record Listed(FileTime modified, long size, StoredRun run) {}

  /** A store that writes only the JSON. */
  public RunStore(Path dir) {
    this(dir, null);
  }

  /** A store that also writes each run's page, {@code page.apply(snapshot)}, as {@code <id>.html}. */
  public RunStore(Path dir, Function<Snapshot, String> page) {
    this.dir = dir;
    this.page = page;
  }

  public Path dir() {
    return dir;
  }

  /** Whether {@code id} may name a run (and so a file in the directory). */
  public static boolean validId(String id) {
    return id != null && ID.matcher(id).matches();
  }

  /** Whether run {@code id} is saved here. */
  public boolean exists(String id) {
    return validId(id) && Files.isRegularFile(dir.resolve(id + SUFFIX));
  }

  /** Writes the snapshot as {@code <id>.json}, atomically; returns the file. */
  public Path write(Snapshot snapshot) throws IOException {
    String id = snapshot.meta().id();
    if (!validId(id)) {
      throw new IllegalArgumentException("invalid run id: " + id);
    }
    byte[] json = SnapshotJson.write(snapshot).getBytes(StandardCharsets.UTF_8);
    Files.createDirectories(dir);
    Path target = dir.resolve(id + SUFFIX);
    writeAtomically(id, target, json);
    if (page != null) {
      try {
        writeAtomically(id, dir.resolve(id + PAGE_SUFFIX),
            page.apply(snapshot).getBytes(StandardCharsets.UTF_8));
      } catch (IOException | RuntimeException e) {
        Health.failed("store: page of run " + id, e);
      }
    }
    return target;
  }

  /** The self-contained page of run {@code id}, when one was written. */
  public Optional<Path> page(String id) {
    if (!validId(id)) {
      return Optional.empty();
    }
    Path file = dir.resolve(id + PAGE_SUFFIX);
    return Files.isRegularFile(file) ? Optional.of(file) : Optional.empty();
  }

  /**
   * A file in run {@code id}'s folder ({@code <id>/<name>}), such as its profile; empty unless
   * both names are plain (no path, no dot first) and it is a regular file, not a link.
   */
  public Optional<Path> artifact(String id, String name) {
    if (!validId(id) || name == null || !ID.matcher(name).matches()) {
      return Optional.empty();
    }
    Path file = dir.resolve(id).resolve(name);
    return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) ? Optional.of(file) : Optional.empty();
  }

  private void writeAtomically(String id, Path target, byte[] content) throws IOException {
    Path temp = Files.createTempFile(dir, "." + id + "-", ".tmp");
    try {
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING)) {
        ByteBuffer buffer = ByteBuffer.wrap(content);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        channel.force(true);
      }
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(temp);
      throw e;
    }
    syncDirectory();
  }

  private void syncDirectory() {
    try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException | RuntimeException ignored) {
      // Not every platform can open a directory; the rename itself is already atomic.
    }
  }

  /** Every run in the directory, newest first; unreadable files included, last. */
  public List<StoredRun> list() throws IOException {
    List<StoredRun> runs = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return runs;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
      for (Path file : files) {
        if (!file.getFileName().toString().startsWith(".")) {
          runs.add(listed(file));
        }
      }
    }
    runs.sort(NEWEST_FIRST);
    return runs;
  }

  private StoredRun listed(Path file) {
    String name = file.getFileName().toString();
    String id = name.substring(0, name.length() - SUFFIX.length());
    try {
      FileTime modified = Files.getLastModifiedTime(file);
      long size = Files.size(file);
      Listed known = listed.get(file);
      if (known != null && known.modified().equals(modified) && known.size() == size) {
        return known.run();
      }
      StoredRun run = readMeta(id, file);
      listed.put(file, new Listed(modified, size, run));
      return run;
    } catch (IOException e) {
      return new StoredRun(id, file, null, "cannot read: " + e.getMessage());
    }
  }

  private static StoredRun readMeta(String id, Path file) throws IOException {
    try {
      Object meta = JSON.std.mapFrom(Files.readString(file)).get("meta");
      RunMeta parsed = SnapshotJson.readMeta(Fields.of(meta));
      return new StoredRun(id, file, parsed, null);
    } catch (IOException | RuntimeException e) {
      return new StoredRun(id, file, null, "not a readable run: " + firstLine(e.getMessage()));
    }
  }

  /** The snapshot of run {@code id}; empty when there is no such file. Throws when it is unreadable. */
  public Optional<Snapshot> read(String id) throws IOException {
    Optional<String> json = readJson(id);
    if (json.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(SnapshotJson.read(json.get()));
    } catch (IOException | RuntimeException e) {
      throw new IOException("run " + id + " is not a readable run: " + firstLine(e.getMessage()), e);
    }
  }

  /** The raw JSON of run {@code id}, exactly as saved; empty when there is no such file. */
  public Optional<String> readJson(String id) throws IOException {
    if (!validId(id)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Files.readString(dir.resolve(id + SUFFIX)));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  /** What a prune removed: the files and folders, and the bytes they held. */
  public record Pruned(List<Path> removed, long bytes) {}

  /**
   * Removes the bulky artifacts of older runs, and never a run's JSON: the page {@code <id>.html}
   * and the folder {@code <id>/} (profiles, raw logs) of every run beyond the newest {@code keep},
   * and of every run from the one that would take the directory beyond {@code maxBytes} (JSON files
   * included in the count) onwards.
   *
   * @param keep how many of the newest runs keep their artifacts (Integer.MAX_VALUE: all)
   * @param maxBytes the size the directory may take (Long.MAX_VALUE: any)
   */
  public Pruned prune(int keep, long maxBytes) throws IOException {
    List<Path> removed = new ArrayList<>();
    long freed = 0;
    long total = 0;
    int index = 0;
    for (StoredRun run : list()) {
      total += size(run.file());
      List<Path> artifacts = new ArrayList<>();
      if (validId(run.id())) {
        artifacts.add(dir.resolve(run.id() + PAGE_SUFFIX));
        artifacts.add(dir.resolve(run.id()));
      }
      long artifactBytes = 0;
      for (Path artifact : artifacts) {
        artifactBytes += size(artifact);
      }
      boolean prune = index >= keep || total + artifactBytes > maxBytes;
      if (prune) {
        for (Path artifact : artifacts) {
          if (Files.exists(artifact, LinkOption.NOFOLLOW_LINKS)) {
            freed += size(artifact);
            delete(artifact);
            removed.add(artifact);
          }
        }
      } else {
        total += artifactBytes;
      }
      index++;
    }
    if (!removed.isEmpty()) {
      syncDirectory();
    }
    return new Pruned(removed, freed);
  }

  /** The bytes of a file, or of every file under a folder (links not followed); 0 when absent. */
  private static long size(Path path) throws IOException {
    if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
      return 0;
    }
    if (!Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
      return Files.readAttributes(path, BasicFileAttributes.class,
          LinkOption.NOFOLLOW_LINKS).size();
    }
    try (Stream<Path> files = Files.walk(path)) {
      long sum = 0;
      for (Path file : (Iterable<Path>) files::iterator) {
        if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
          sum += Files.size(file);
        }
      }
      return sum;
    }
  }

  /** Deletes a file, or a folder and everything under it (a link is removed, never followed). */
  private static void delete(Path path) throws IOException {
    if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
      List<Path> inside;
      try (Stream<Path> files = Files.walk(path)) {
        inside = files.sorted(Comparator.reverseOrder()).toList();
      }
      for (Path file : inside) {
        Files.deleteIfExists(file);
      }
    } else {
      Files.deleteIfExists(path);
    }
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unknown error";
    }
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
