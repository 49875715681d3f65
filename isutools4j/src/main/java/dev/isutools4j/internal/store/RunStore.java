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
import java.nio.charset.CharacterCodingException;
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
 * The history directory: one JSON file per run, {@code <id>.json}, beside it the run's folder
 * {@code <id>/} (its profile and other files too big for the JSON) and, when a page renderer is
 * given, the run's page as a self-contained {@code <id>.html} that opens from disk. The only code
 * that touches it.
 *
 * <p>A save is crash-consistent: the run's JSON is its commit point, written last of what the run
 * needs. The folder's files are written by the collectors before it and made durable here (fsync
 * of each file and of the folder); the JSON goes to a temp file in the directory, is fsynced and
 * renamed atomically over its final name, and the directory is fsynced; the page follows the same
 * way. A crash or {@code kill -9} at any point leaves a complete run or none, never harms runs
 * already saved, and leaves nothing a listing shows: temp and claim files start with a dot, and a
 * folder with no JSON is no run. A run open or being saved is claimed ({@link RunClaim}: a file
 * locked by its process); at each {@link #claim} what abandoned claims left is removed
 * ({@link Leftovers}). A write that fails (a full disk) removes its temp file and keeps the claim,
 * so the save can be retried.
 *
 * <p>A file that cannot be read (truncated, corrupt, foreign) is listed as unreadable and breaks
 * nothing. A page that cannot be rendered or written is counted in {@link Health} and never costs
 * the JSON. Thread-safe.
 */
public final class RunStore {

  private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,127}");
  static final String SUFFIX = ".json";
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

  // The runs this store claimed: open, or closed and not yet written.
  private final ConcurrentHashMap<String, RunClaim> claims = new ConcurrentHashMap<>();

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

  /**
   * Claims run {@code id} for this process while it is open and until it is written or
   * {@linkplain #discard discarded}, after removing what abandoned claims left. False when another
   * process holds the claim (an id taken there); throws when the directory cannot hold one (the
   * run may still be written, unclaimed).
   */
  public boolean claim(String id) throws IOException {
    if (!validId(id)) {
      throw new IllegalArgumentException("invalid run id: " + id);
    }
    sweep();
    if (claims.containsKey(id)) {
      return true;
    }
    Files.createDirectories(dir);
    RunClaim claim = RunClaim.take(dir, id);
    if (claim == null) {
      return false;
    }
    claims.put(id, claim);
    return true;
  }

  /**
   * Drops run {@code id}, open and never to be written: its folder goes (unless a JSON of that id
   * is saved), then its claim.
   */
  public void discard(String id) {
    if (!validId(id)) {
      return;
    }
    try {
      if (!exists(id)) {
        delete(dir.resolve(id));
      }
    } catch (IOException | RuntimeException e) {
      Health.failed("store: discard run " + id, e);
    } finally {
      RunClaim claim = claims.remove(id);
      if (claim != null) {
        claim.release();
      }
    }
  }

  /**
   * Removes what writers that died left (see {@link Leftovers}): their temp files, the folders of
   * their runs that were never committed, their claims. Returns what it removed; never fails.
   */
  public List<Path> sweep() {
    try {
      return Leftovers.sweep(dir, Instant.now());
    } catch (IOException | RuntimeException e) {
      Health.failed("store: remove what crashed saves left", e);
      return List.of();
    }
  }

  /**
   * Writes the snapshot as {@code <id>.json}, crash-consistently (see above); returns the file.
   * Throws, saying which run, where and why (a full disk), when the JSON could not be written: then
   * nothing of the write is left but the run's folder and its claim, for a retry.
   */
  public Path write(Snapshot snapshot) throws IOException {
    String id = snapshot.meta().id();
    if (!validId(id)) {
      throw new IllegalArgumentException("invalid run id: " + id);
    }
    Path target = dir.resolve(id + SUFFIX);
    RunClaim claim = claims.get(id);
    boolean ownClaim = claim == null; // a run written without being opened here: rewritten, say
    try {
      byte[] json = SnapshotJson.write(snapshot).getBytes(StandardCharsets.UTF_8);
      Files.createDirectories(dir);
      if (ownClaim) {
        claim = claimForWrite(id);
      }
      syncFolder(dir.resolve(id));
      writeAtomically(id, target, json);
    } catch (IOException e) {
      if (ownClaim && claim != null) {
        claim.release();
      }
      throw new IOException("run " + id + " could not be written to " + dir.toAbsolutePath()
          + ": " + reason(e), e);
    } catch (RuntimeException e) {
      if (ownClaim && claim != null) {
        claim.release();
      }
      throw e;
    }
    if (page != null) {
      try {
        writeAtomically(id, dir.resolve(id + PAGE_SUFFIX),
            page.apply(snapshot).getBytes(StandardCharsets.UTF_8));
      } catch (IOException | RuntimeException e) {
        Health.failed("store: page of run " + id, e);
      }
    }
    if (!ownClaim) {
      claims.remove(id);
    }
    if (claim != null) {
      claim.release();
    }
    removeIfEmpty(dir.resolve(id));
    return target;
  }

  private RunClaim claimForWrite(String id) throws IOException {
    RunClaim claim;
    try {
      claim = RunClaim.take(dir, id);
    } catch (IOException e) {
      return null; // a file system without locks: written unclaimed, as atomically
    }
    if (claim == null) {
      throw new IOException("another process is writing run " + id + " in this directory");
    }
    return claim;
  }

  /** Makes the run's folder durable before its JSON names it: each file, then the folder. */
  private static void syncFolder(Path folder) throws IOException {
    if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(folder)) {
      files = walk.filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)).toList();
    }
    for (Path file : files) {
      try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
        channel.force(true);
      }
    }
    syncDirectory(folder);
  }

  private static void removeIfEmpty(Path folder) {
    try {
      Files.deleteIfExists(folder);
    } catch (IOException | RuntimeException notEmpty) {
      // It holds the run's files: it stays.
    }
  }

  /** What the operating system said, without the exception's class: "No space left on device". */
  private static String reason(IOException e) {
    if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
      return fs.getFile() == null ? fs.getReason() : fs.getReason() + " (" + fs.getFile() + ")";
    }
    return e.getMessage() == null ? e.toString() : firstLine(e.getMessage());
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
    Path temp = Files.createTempFile(dir, Leftovers.tempPrefix(id), Leftovers.TEMP_SUFFIX);
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
    syncDirectory(dir);
  }

  private static void syncDirectory(Path dir) {
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
      Object meta = JSON.std.mapFrom(text(file)).get("meta");
      RunMeta parsed = SnapshotJson.readMeta(Fields.of(meta));
      return new StoredRun(id, file, parsed, null);
    } catch (IOException | RuntimeException e) {
      return new StoredRun(id, file, null, "not a readable run: " + firstLine(e.getMessage()));
    }
  }

  /**
   * The snapshot of run {@code id}; empty when there is no such file. Throws an
   * {@link IOException} saying {@code run <id> is not a readable run: <why>} when it is unreadable.
   */
  public Optional<Snapshot> read(String id) throws IOException {
    try {
      Optional<String> json = readJson(id);
      return json.isEmpty() ? Optional.empty() : Optional.of(SnapshotJson.read(json.get()));
    } catch (IOException | RuntimeException e) {
      throw new IOException("run " + id + " is not a readable run: " + firstLine(e.getMessage()), e);
    }
  }

  /**
   * The raw JSON of run {@code id}, exactly as saved; empty when there is no such file. Throws when
   * it cannot be read, or is not UTF-8 text.
   */
  public Optional<String> readJson(String id) throws IOException {
    if (!validId(id)) {
      return Optional.empty();
    }
    try {
      return Optional.of(text(dir.resolve(id + SUFFIX)));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  /** A file's text; one that is not UTF-8 is no run (nothing here writes one), and says so. */
  private static String text(Path file) throws IOException {
    try {
      return Files.readString(file);
    } catch (CharacterCodingException e) {
      throw new IOException("not UTF-8 text", e); // its own message says only "Input length = 1"
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
      syncDirectory(dir);
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
