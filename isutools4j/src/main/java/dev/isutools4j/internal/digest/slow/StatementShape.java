package dev.isutools4j.internal.digest.slow;

import dev.isutools4j.internal.digest.Bytes;
import dev.isutools4j.internal.sql.SqlDialect;

/*
 * Why this is safe. A slow log repeats a few statement shapes with ever new values, so a cache by
 * statement text misses almost always and every entry pays for a fingerprint. The shape is the
 * statement's bytes with its plain literals replaced by a marker: two statements with the same
 * shape differ only in the contents of those literals. The fingerprint's decisions depend on the
 * kinds and neighbours of tokens, never on a literal's contents, so equal shapes give equal
 * fingerprints, provided the shape's idea of where a literal starts and ends is the scanner's:
 *
 * - '...' and "..." strings end as SqlScanner ends them under the same dialect (a backslash
 *   escapes the next byte where the dialect has escapes, a doubled quote continues, an
 *   unterminated one runs to the end) and become \0S; without escapes, a string right after an
 *   e or E gets no shape (the scanner reads PostgreSQL's E'..' with escapes whatever the dialect);
 * - only plain integers become \0N: digits after a byte that cannot end a name nor open a
 *   variable or a parameter (@5, :5 are names), followed by a byte that cannot continue one (so
 *   t1, 2009_users, 1.5, 1e3, 0x1F are kept as written);
 * - `...`, block comments, # and every -- (the scanner's "-- " comments and more) are copied as
 *   written, so that no quote inside them is taken for a string the scanner would not see;
 * - a statement with $ (PostgreSQL's $$...$$ strings) or a NUL byte gets no shape at all.
 *
 * Everything else is copied byte for byte: case and spacing differences make different shapes,
 * which only costs a fingerprint more.
 */

/** The shape of a statement: its text with plain literals replaced, a cache key for its fingerprint. */
final class StatementShape {

  /** Bytes that need a look: quotes, comment starts, digits, $ and NUL; the rest is copied in runs. */
  private static final boolean[] SPECIAL = new boolean[256];

  static {
    for (char c : "'\"`/#-$0123456789\0".toCharArray()) {
      SPECIAL[c] = true;
    }
  }

  private final boolean backslashEscapes;
  private byte[] out = new byte[4096];
  private int length;

  /** A shaper for statements whose strings {@code dialect} reads. */
  StatementShape(SqlDialect dialect) {
    this.backslashEscapes = dialect.backslashEscapes();
  }

  /** The shape's bytes, valid up to {@link #length()} until the next call. */
  byte[] bytes() {
    return out;
  }

  int length() {
    return length;
  }

  /** Computes the shape of {@code b[0, n)}; false when the statement gets none. */
  boolean of(byte[] b, int n) {
    // A one-digit number becomes two bytes (\0N), so a shape may be up to twice its statement.
    if (out.length < 2 * n) {
      out = new byte[Math.max(2 * n, out.length * 2)];
    }
    byte[] o = out;
    int w = 0;
    int i = 0;
    while (i < n) {
      // Copied as it is scanned: most runs between literals are a byte or two (", " in a list),
      // where a call to copy them would cost more than the bytes.
      byte c = 0;
      while (i < n && !SPECIAL[(c = b[i]) & 0xff]) {
        o[w++] = c;
        i++;
      }
      if (i == n) {
        break;
      }
      switch (c) {
        case '\'', '"' -> {
          if (!backslashEscapes && i > 0 && (b[i - 1] | 0x20) == 'e') {
            return false;
          }
          i = stringEnd(b, i, n, c, backslashEscapes);
          o[w++] = 0;
          o[w++] = 'S';
          continue;
        }
        case '`' -> {
          int end = identifierEnd(b, i, n);
          System.arraycopy(b, i, o, w, end - i);
          w += end - i;
          i = end;
          continue;
        }
        case '/' -> {
          if (i + 1 < n && b[i + 1] == '*') {
            int end = blockCommentEnd(b, i, n);
            System.arraycopy(b, i, o, w, end - i);
            w += end - i;
            i = end;
            continue;
          }
        }
        case '#' -> {
          int end = lineEnd(b, i, n);
          System.arraycopy(b, i, o, w, end - i);
          w += end - i;
          i = end;
          continue;
        }
        case '-' -> {
          // "--" opens a comment only when a space follows, as in the fingerprint: "--'a'" is not one.
          if (i + 2 < n && b[i + 1] == '-' && b[i + 2] < 0) {
            return false; // a non-ASCII character after "--" may be a space: the fingerprint decides
          }
          if (i + 1 < n && b[i + 1] == '-' && (i + 2 == n || b[i + 2] <= ' ')) {
            int end = lineEnd(b, i, n);
            System.arraycopy(b, i, o, w, end - i);
            w += end - i;
            i = end;
            continue;
          }
        }
        case '$', 0 -> {
          return false;
        }
        default -> {
          if (c >= '0' && c <= '9' && (i == 0 || !beforeName(b[i - 1]))) {
            int j = i + 1;
            while (j < n && b[j] >= '0' && b[j] <= '9') {
              j++;
            }
            if (j == n || !continuesName(b[j])) {
              o[w++] = 0;
              o[w++] = 'N';
              i = j;
              continue;
            }
            // a number that is more than digits, or the start of a name: as written
            while (j < n && continuesName(b[j])) {
              if (b[j] == '$') {
                return false; // "5$$...$$" may open a dollar-quoted string: the fingerprint decides
              }
              j++;
            }
            System.arraycopy(b, i, o, w, j - i);
            w += j - i;
            i = j;
            continue;
          }
        }
      }
      o[w++] = c;
      i++;
    }
    length = w;
    return true;
  }

  /** Bytes that may be part of a name or of a number next to digits: [A-Za-z0-9_$.] and non-ASCII. */
  private static boolean continuesName(byte c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
        || c == '$' || c == '.' || c < 0;
  }

  /** Bytes after which digits belong to a name: those of names, and @ and : (@var, :param). */
  private static boolean beforeName(byte c) {
    return continuesName(c) || c == '@' || c == ':';
  }

  /** One past a string that opens at {@code i}, as SqlScanner ends it. */
  private static int stringEnd(byte[] b, int i, int n, byte quote, boolean backslashes) {
    int j = i + 1;
    while (true) {
      j = Bytes.indexOfEither(b, j, n, quote, (byte) '\\'); // text, hex, UTF-8: a word per step
      if (j < 0) {
        return n;
      }
      if (b[j] == '\\') {
        j += backslashes ? 2 : 1;
      } else if (j + 1 >= n || b[j + 1] != quote) {
        return j + 1;
      } else {
        j += 2;
      }
    }
  }


  private static int identifierEnd(byte[] b, int i, int n) {
    int j = i + 1;
    while (j < n) {
      if (b[j] == '`') {
        if (j + 1 < n && b[j + 1] == '`') {
          j += 2;
          continue;
        }
        return j + 1;
      }
      j++;
    }
    return n;
  }

  private static int blockCommentEnd(byte[] b, int i, int n) {
    for (int j = i + 2; j + 1 < n; j++) {
      if (b[j] == '*' && b[j + 1] == '/') {
        return j + 2;
      }
    }
    return n;
  }

  private static int lineEnd(byte[] b, int i, int n) {
    int j = i;
    while (j < n && b[j] != '\n' && b[j] != '\r') {
      j++;
    }
    return j;
  }
}
