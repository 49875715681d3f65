package dev.isutools4j.internal.digest.access;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which label (LTSV) or key (JSON) holds which {@link AccessField}: the defaults, or the names the
 * setting {@code isutools.access.log.keys} gives, as {@code field=name} pairs separated by
 * {@code ,} or {@code ;} ({@code uri=request_uri,reqtime=rt}). A name is found in one step by its
 * length and then its bytes.
 *
 * <p>Immutable and thread-safe.
 */
public final class AccessKeys {

  private static final int MAX_NAME = 64;

  private final Map<AccessField, List<String>> names;
  private final List<String> problems;
  private final byte[][][] byLength; // [length][i] -> name bytes
  private final long[][] packedByLength; // [length][i] -> name bytes in a long, for names of 8 or less
  private final AccessField[][] fieldsByLength;

  private AccessKeys(Map<AccessField, List<String>> names, List<String> problems) {
    this.names = names;
    this.problems = List.copyOf(problems);
    List<List<byte[]>> bytes = new ArrayList<>();
    List<List<AccessField>> fields = new ArrayList<>();
    for (int i = 0; i <= MAX_NAME; i++) {
      bytes.add(new ArrayList<>());
      fields.add(new ArrayList<>());
    }
    names.forEach((field, list) -> {
      for (String name : list) {
        byte[] b = name.getBytes(StandardCharsets.UTF_8);
        if (b.length > 0 && b.length <= MAX_NAME) {
          bytes.get(b.length).add(b);
          fields.get(b.length).add(field);
        }
      }
    });
    byLength = new byte[MAX_NAME + 1][][];
    packedByLength = new long[MAX_NAME + 1][];
    fieldsByLength = new AccessField[MAX_NAME + 1][];
    for (int i = 0; i <= MAX_NAME; i++) {
      byLength[i] = bytes.get(i).toArray(new byte[0][]);
      fieldsByLength[i] = fields.get(i).toArray(new AccessField[0]);
      packedByLength[i] = new long[byLength[i].length];
      for (int k = 0; i <= 8 && k < byLength[i].length; k++) {
        packedByLength[i][k] = pack(byLength[i][k], 0, i);
      }
    }
  }

  /** The default names of every field. */
  public static AccessKeys defaults() {
    return parse(null);
  }

  /** The defaults with the setting's replacements; entries that make no sense are skipped. */
  public static AccessKeys parse(String spec) {
    Map<AccessField, List<String>> names = new EnumMap<>(AccessField.class);
    for (AccessField f : AccessField.values()) {
      names.put(f, f.defaults());
    }
    List<String> problems = new ArrayList<>();
    if (spec != null) {
      for (String raw : spec.split("[,;\\s]+")) {
        if (raw.isEmpty()) {
          continue;
        }
        int eq = raw.indexOf('=');
        AccessField field = eq <= 0 ? null : field(raw.substring(0, eq));
        String name = eq < 0 ? "" : raw.substring(eq + 1);
        if (field == null || name.isEmpty() || name.length() > MAX_NAME) {
          problems.add("access log key `" + raw + "` skipped: write field=name, the field one of "
              + fieldList());
          continue;
        }
        names.put(field, List.of(name));
      }
    }
    return new AccessKeys(names, problems);
  }

  private static AccessField field(String key) {
    for (AccessField f : AccessField.values()) {
      if (f.key().equals(key.trim().toLowerCase(Locale.ROOT))) {
        return f;
      }
    }
    return null;
  }

  private static String fieldList() {
    List<String> keys = new ArrayList<>();
    for (AccessField f : AccessField.values()) {
      keys.add(f.key());
    }
    return String.join(", ", keys);
  }

  /** The field named by {@code b[from, to)}, or null. */
  AccessField field(byte[] b, int from, int to) {
    int length = to - from;
    if (length <= 0 || length > MAX_NAME) {
      return null;
    }
    if (length <= 8) {
      // every line has a dozen labels: one long compare each instead of an array compare
      long packed = pack(b, from, to);
      long[] names = packedByLength[length];
      for (int i = 0; i < names.length; i++) {
        if (names[i] == packed) {
          return fieldsByLength[length][i];
        }
      }
      return null;
    }
    byte[][] candidates = byLength[length];
    for (int i = 0; i < candidates.length; i++) {
      byte[] name = candidates[i];
      if (name[0] == b[from] && java.util.Arrays.equals(name, 0, length, b, from, to)) {
        return fieldsByLength[length][i];
      }
    }
    return null;
  }

  /** {@code b[from, to)}, at most eight bytes, as a little-endian word: a name compared in one step. */
  static long pack(byte[] b, int from, int to) {
    long v = 0;
    for (int i = to - 1; i >= from; i--) {
      v = v << 8 | (b[i] & 0xffL);
    }
    return v;
  }

  /** The names looked for, by field. */
  public Map<AccessField, List<String>> names() {
    return names;
  }

  /** Entries of the setting that were skipped, one line each. */
  public List<String> problems() {
    return problems;
  }
}
