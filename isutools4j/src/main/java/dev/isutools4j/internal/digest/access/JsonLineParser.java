package dev.isutools4j.internal.digest.access;

/**
 * One flat JSON object a line, read in one pass without building a tree: strings (with escapes:
 * JSON's, and nginx's {@code \xNN} from {@code escape=default}), numbers, true/false/null, and
 * nested objects or arrays, which are skipped. Numbers may be written bare or quoted
 * ({@code "status":"200"}).
 */
final class JsonLineParser implements AccessParser {

  private static final String BAD_JSON = "not a JSON object";
  private final AccessKeys keys;
  private byte[] scratch = new byte[256];
  private int scratchUsed;

  JsonLineParser(AccessKeys keys) {
    this.keys = keys;
  }

  @Override
  public String parse(byte[] b, int from, int to, AccessEntry entry) {
    entry.clear();
    scratchUsed = 0;
    int i = space(b, from, to);
    if (i >= to || b[i] != '{') {
      return BAD_JSON;
    }
    i = space(b, i + 1, to);
    if (i < to && b[i] == '}') {
      return AccessParser.complete(entry);
    }
    while (true) {
      if (i >= to || b[i] != '"') {
        return BAD_JSON;
      }
      int keyEnd = stringEnd(b, i + 1, to);
      if (keyEnd < 0) {
        return BAD_JSON;
      }
      AccessField field = keys.field(b, i + 1, keyEnd);
      i = space(b, keyEnd + 1, to);
      if (i >= to || b[i] != ':') {
        return BAD_JSON;
      }
      i = space(b, i + 1, to);
      if (i >= to) {
        return BAD_JSON;
      }
      int valueEnd;
      if (b[i] == '"') {
        int end = stringEnd(b, i + 1, to);
        if (end < 0) {
          return BAD_JSON;
        }
        if (field != null) {
          string(field, b, i + 1, end, entry);
        }
        valueEnd = end + 1;
      } else if (b[i] == '{' || b[i] == '[') {
        valueEnd = nestedEnd(b, i, to);
        if (valueEnd < 0) {
          return BAD_JSON;
        }
      } else {
        valueEnd = i;
        while (valueEnd < to && b[valueEnd] != ',' && b[valueEnd] != '}' && b[valueEnd] != ' '
            && b[valueEnd] != '\t') {
          valueEnd++;
        }
        if (valueEnd == i) {
          return BAD_JSON;
        }
        if (field != null && !isLiteral(b, i, valueEnd)) {
          entry.set(field, b, i, valueEnd);
        }
      }
      i = space(b, valueEnd, to);
      if (i >= to) {
        return BAD_JSON;
      }
      if (b[i] == '}') {
        return AccessParser.complete(entry);
      }
      if (b[i] != ',') {
        return BAD_JSON;
      }
      i = space(b, i + 1, to);
    }
  }

  /** A string value: as it is, or unescaped into the scratch buffer when it has escapes. */
  private void string(AccessField field, byte[] b, int from, int to, AccessEntry entry) {
    if (AccessEntry.indexOf(b, from, to, (byte) '\\') < 0) {
      entry.set(field, b, from, to);
      return;
    }
    int start = scratchUsed;
    ensure(start + (to - from) * 3); // \\uXXXX turns 6 bytes into at most 3
    int o = start;
    for (int i = from; i < to; i++) {
      byte c = b[i];
      if (c != '\\' || i + 1 >= to) {
        scratch[o++] = c;
        continue;
      }
      byte e = b[++i];
      switch (e) {
        case 'n' -> scratch[o++] = '\n';
        case 't' -> scratch[o++] = '\t';
        case 'r' -> scratch[o++] = '\r';
        case 'b' -> scratch[o++] = '\b';
        case 'f' -> scratch[o++] = '\f';
        case 'u' -> {
          int cp = i + 4 < to ? hex(b, i + 1, 4) : -1;
          if (cp < 0) {
            scratch[o++] = 'u';
          } else {
            o = utf8(cp, o);
            i += 4;
          }
        }
        case 'x' -> {
          int v = i + 2 < to ? hex(b, i + 1, 2) : -1;
          if (v < 0) {
            scratch[o++] = 'x';
          } else {
            scratch[o++] = (byte) v;
            i += 2;
          }
        }
        default -> scratch[o++] = e; // \" \\ \/ and anything else: the character itself
      }
    }
    scratchUsed = o;
    entry.set(field, scratch, start, o);
  }

  private void ensure(int size) {
    if (size > scratch.length) {
      // Values already unescaped into the old buffer stay valid: the entry keeps its reference.
      byte[] bigger = new byte[Math.max(size, scratch.length * 2)];
      System.arraycopy(scratch, 0, bigger, 0, scratchUsed);
      scratch = bigger;
    }
  }

  private int utf8(int cp, int o) {
    if (cp < 0x80) {
      scratch[o++] = (byte) cp;
    } else if (cp < 0x800) {
      scratch[o++] = (byte) (0xc0 | cp >> 6);
      scratch[o++] = (byte) (0x80 | cp & 0x3f);
    } else {
      scratch[o++] = (byte) (0xe0 | cp >> 12);
      scratch[o++] = (byte) (0x80 | cp >> 6 & 0x3f);
      scratch[o++] = (byte) (0x80 | cp & 0x3f);
    }
    return o;
  }

  private static int hex(byte[] b, int from, int digits) {
    int v = 0;
    for (int i = from; i < from + digits; i++) {
      int d = Character.digit(b[i], 16);
      if (d < 0) {
        return -1;
      }
      v = v * 16 + d;
    }
    return v;
  }

  private static boolean isLiteral(byte[] b, int from, int to) {
    byte c = b[from];
    return c == 'n' || c == 't' || c == 'f';
  }

  /** The index of the quote closing a string that starts at {@code from}, or -1. */
  private static int stringEnd(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] == '\\') {
        i++;
      } else if (b[i] == '"') {
        return i;
      }
    }
    return -1;
  }

  /** One past the object or array that opens at {@code from}, or -1. */
  private static int nestedEnd(byte[] b, int from, int to) {
    int depth = 0;
    for (int i = from; i < to; i++) {
      byte c = b[i];
      if (c == '"') {
        i = stringEnd(b, i + 1, to);
        if (i < 0) {
          return -1;
        }
      } else if (c == '{' || c == '[') {
        depth++;
      } else if (c == '}' || c == ']') {
        if (--depth == 0) {
          return i + 1;
        }
      }
    }
    return -1;
  }

  private static int space(byte[] b, int i, int to) {
    while (i < to && (b[i] == ' ' || b[i] == '\t')) {
      i++;
    }
    return i;
  }
}
