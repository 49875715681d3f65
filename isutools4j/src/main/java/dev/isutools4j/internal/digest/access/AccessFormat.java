package dev.isutools4j.internal.digest.access;

import java.util.Locale;

/** The layouts of an nginx access log line that are understood. */
public enum AccessFormat {

  /** Labelled tab-separated values, {@code method:GET\turi:/x\t...} (alp's default). */
  LTSV,
  /** One JSON object a line: {@code {"method":"GET","uri":"/x",...}}. */
  JSON,
  /**
   * nginx's {@code combined} format with {@code $request_time} appended, and optionally
   * {@code $upstream_response_time} after it; quoted fields between the body size and the times
   * (such as {@code "$http_x_forwarded_for"}) are skipped.
   */
  COMBINED;

  /** The setting's value ({@code ltsv}, {@code json}, {@code combined}); null for "detect it". */
  public static AccessFormat parse(String name) {
    if (name == null || name.isBlank() || name.trim().equalsIgnoreCase("auto")) {
      return null;
    }
    return valueOf(name.trim().toUpperCase(Locale.ROOT));
  }

  /** The format of a log whose first line is {@code b[from, to)}: JSON, LTSV or else combined. */
  public static AccessFormat detect(byte[] b, int from, int to) {
    int i = from;
    while (i < to && (b[i] == ' ' || b[i] == '\t')) {
      i++;
    }
    if (i < to && b[i] == '{') {
      return JSON;
    }
    // LTSV: the first field is a label (letters, digits, '_', '-', '.') and a colon, then a tab.
    int j = i;
    while (j < to && isLabelChar(b[j])) {
      j++;
    }
    if (j > i && j < to && b[j] == ':') {
      for (int k = j; k < to; k++) {
        if (b[k] == '\t') {
          return LTSV;
        }
      }
    }
    return COMBINED;
  }

  private static boolean isLabelChar(byte c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || c == '_' || c == '-' || c == '.';
  }

  /** The setting's spelling. */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }
}
