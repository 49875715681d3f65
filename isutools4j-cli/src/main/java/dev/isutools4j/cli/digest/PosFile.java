package dev.isutools4j.cli.digest;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code --pos FILE}: for each log read, its identity and the offset read up to, so that the next
 * call reads only what was appended since. A small JSON document:
 * {@code {"files": {"/var/log/nginx/access.log": {"identity": "2049:1234", "offset": 5678,
 * "head": "9f3c..."}}}}.
 */
final class PosFile {

  /**
   * Where one log was left.
   *
   * @param head a digest of the file's first bytes (up to {@link LogInputs#HEAD_BYTES} of those
   *     read), which tells a file replaced under a reused inode from one that grew
   */
  record Mark(String identity, long offset, String head) {}

  private final Path path;
  private final Map<String, Mark> marks;

  private PosFile(Path path, Map<String, Mark> marks) {
    this.path = path;
    this.marks = marks;
  }

  /** The positions saved in {@code path}; none when it does not exist yet. */
  static PosFile load(Path path) throws IOException {
    Map<String, Mark> marks = new LinkedHashMap<>();
    if (!Files.exists(path)) {
      return new PosFile(path, marks);
    }
    String text = Files.readString(path, StandardCharsets.UTF_8);
    try {
      Object files = JSON.std.mapFrom(text).get("files");
      if (!(files instanceof Map<?, ?> map)) {
        throw new IllegalArgumentException("no \"files\"");
      }
      for (Map.Entry<?, ?> e : map.entrySet()) {
        Map<?, ?> m = (Map<?, ?>) e.getValue();
        Object identity = m.get("identity");
        Object head = m.get("head");
        long offset = ((Number) m.get("offset")).longValue();
        marks.put(e.getKey().toString(), new Mark(identity == null ? null : identity.toString(),
            offset, head == null ? null : head.toString()));
      }
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("--pos " + path + " is not a position file written by"
          + " this command (" + e.getMessage() + "); give another file or delete it");
    }
    return new PosFile(path, marks);
  }

  Mark get(Path log) {
    return marks.get(key(log));
  }

  void put(Path log, Mark mark) {
    marks.put(key(log), mark);
  }

  /** Writes the positions, replacing the file in one step. */
  void save() throws IOException {
    Map<String, Object> files = new LinkedHashMap<>();
    marks.forEach((file, mark) -> {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("identity", mark.identity());
      m.put("offset", mark.offset());
      m.put("head", mark.head());
      files.put(file, m);
    });
    Path absolute = path.toAbsolutePath();
    Path temp = absolute.resolveSibling(absolute.getFileName() + ".tmp");
    Files.writeString(temp, JsonOut.write(Map.of("files", files)) + "\n", StandardCharsets.UTF_8);
    Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static String key(Path log) {
    return log.toAbsolutePath().normalize().toString();
  }
}
