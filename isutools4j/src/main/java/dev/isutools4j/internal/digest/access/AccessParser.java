package dev.isutools4j.internal.digest.access;

/**
 * Reads one access log line into an {@link AccessEntry}. Never throws, whatever the bytes.
 *
 * <p>Not thread-safe: one per reading thread (parsers may keep scratch buffers).
 */
interface AccessParser {

  String NO_METHOD = "no method (nor request line)";
  String NO_URI = "no uri (nor request line)";
  String NO_STATUS = "no status";
  String BAD_REQUEST_LINE = "no request line";

  /** Fills {@code entry} from {@code b[from, to)}; returns null, or why the line was not read. */
  String parse(byte[] b, int from, int to, AccessEntry entry);

  /** The parser of {@code format}. */
  static AccessParser of(AccessFormat format, AccessKeys keys) {
    return switch (format) {
      case LTSV -> new LtsvParser(keys);
      case JSON -> new JsonLineParser(keys);
      case COMBINED -> new CombinedParser();
    };
  }

  /** The check every format ends with: a method, a uri and a status were found. */
  static String complete(AccessEntry entry) {
    if (!entry.hasMethod()) {
      return NO_METHOD;
    }
    if (!entry.hasUri()) {
      return NO_URI;
    }
    return entry.status < 0 ? NO_STATUS : null;
  }
}
