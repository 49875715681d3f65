package dev.isutools4j.internal.collect.logtail;

import dev.isutools4j.internal.digest.LogRange;
import dev.isutools4j.internal.snapshot.LogSource;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What was appended to a log between two moments: the ranges to read and, in plain words, what
 * happened to the file meanwhile.
 *
 * <ul>
 *   <li>grown: from the size at reset to the size now;
 *   <li>truncated (smaller than at reset): all of it, from 0;
 *   <li>rotated (another file under the name): the rest of the old file, when it can be found
 *       beside the new one by its identity ({@code access.log.1}), then all of the new one;
 *   <li>gone: the rest of the old file if it can be found, else nothing;
 *   <li>created after reset: all of it; missing throughout: nothing.
 * </ul>
 */
final class LogTail {

  /** How many directory entries are looked at for a rotated file. */
  static final int MAX_SIBLINGS = 1000;

  /** The ranges to read, what happened, and a description of it for the section. */
  record Plan(List<LogRange> ranges, List<String> notes, boolean missing) {

    long bytes() {
      return ranges.stream().mapToLong(LogRange::length).sum();
    }

    /** The section's {@code source}: the file, the ranges read, their bytes, whether it is missing. */
    LogSource source(Path file) {
      List<LogSource.Range> read = new ArrayList<>(ranges.size());
      for (LogRange r : ranges) {
        read.add(new LogSource.Range(r.file().toString(), r.from(), r.to()));
      }
      return new LogSource(file.toString(), read, bytes(), missing);
    }
  }

  private LogTail() {}

  /** What to read of {@code start}'s file now. */
  static Plan since(FileMark start) {
    Path path = start.path();
    FileMark now = FileMark.of(path);
    List<LogRange> ranges = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    if (!now.exists()) {
      if (!start.exists()) {
        notes.add("no such file: " + path);
        return new Plan(ranges, notes, true);
      }
      FileMark old = findMoved(start);
      if (old == null) {
        notes.add(path + " was deleted or moved away during the run: nothing read");
      } else {
        ranges.add(rest(start, old));
        notes.add(path + " was moved to " + old.path() + " during the run and not recreated:"
            + " read the rest of " + old.path());
      }
      return new Plan(ranges, notes, true);
    }
    if (!start.exists()) {
      ranges.add(new LogRange(path, 0, now.size()));
      notes.add(path + " appeared during the run: read from its start");
    } else if (start.sameFile(now)) {
      if (now.size() >= start.size()) {
        ranges.add(new LogRange(path, start.size(), now.size()));
      } else {
        ranges.add(new LogRange(path, 0, now.size()));
        notes.add(path + " was truncated during the run (" + start.size() + " → " + now.size()
            + " bytes): read from its start");
      }
    } else {
      FileMark old = findMoved(start);
      if (old == null) {
        notes.add(path + " was rotated during the run and the old file is gone: the new one is read"
            + " from its start; lines written to the old one after reset are missing");
      } else {
        ranges.add(rest(start, old));
        notes.add(path + " was rotated during the run: read the rest of " + old.path()
            + ", then the new " + path + " from its start");
      }
      ranges.add(new LogRange(path, 0, now.size()));
    }
    return new Plan(ranges, notes, false);
  }

  private static LogRange rest(FileMark start, FileMark old) {
    long from = old.size() >= start.size() ? start.size() : 0;
    return new LogRange(old.path(), from, old.size());
  }

  /** The file with {@code start}'s identity in the same directory, or null. */
  static FileMark findMoved(FileMark start) {
    if (start.identity() == null) {
      return null;
    }
    Path dir = start.path().toAbsolutePath().getParent();
    if (dir == null) {
      return null;
    }
    String name = start.path().getFileName().toString();
    FileMark other = null;
    int seen = 0;
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path p : entries) {
        if (++seen > MAX_SIBLINGS) {
          break;
        }
        if (p.getFileName().toString().equals(name)) {
          continue;
        }
        FileMark m = FileMark.of(p);
        if (m.exists() && start.identity().equals(m.identity())) {
          // a name that extends the log's (access.log.1) is the usual rotation; prefer it
          if (p.getFileName().toString().startsWith(name)) {
            return m;
          }
          other = m;
        }
      }
    } catch (IOException | RuntimeException e) {
      return other;
    }
    return other;
  }
}
