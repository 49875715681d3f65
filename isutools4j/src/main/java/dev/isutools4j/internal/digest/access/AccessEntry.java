package dev.isutools4j.internal.digest.access;

import dev.isutools4j.internal.digest.Bytes;

/**
 * The values of one access log line, as ranges of the bytes they were read from: reused for every
 * line, so parsing allocates nothing. Method and URI may point into different buffers (a JSON
 * value with escapes is unescaped into a buffer of its own).
 *
 * <p>Not thread-safe: one per reading thread.
 */
final class AccessEntry implements AccessLine {

  byte[] methodBuf;
  int methodFrom;
  int methodTo = -1;
  byte[] uriBuf;
  int uriFrom;
  int uriTo = -1;
  int status;
  long bytes;
  long requestMicros;
  long upstreamMicros;
  boolean noRequestLine; // the client sent no request line: one row for all such lines
  // Method and uri came from the request line: their own fields, when present, win.
  private boolean methodFromRequest;
  private boolean uriFromRequest;

  void clear() {
    methodTo = -1;
    uriTo = -1;
    status = -1;
    bytes = 0;
    requestMicros = Bytes.NONE;
    upstreamMicros = Bytes.NONE;
    methodFromRequest = false;
    uriFromRequest = false;
    noRequestLine = false;
  }

  @Override
  public String method() {
    return Bytes.utf8(methodBuf, methodFrom, methodTo);
  }

  @Override
  public String uri() {
    return Bytes.utf8(uriBuf, uriFrom, uriTo);
  }

  @Override
  public int status() {
    return status;
  }

  @Override
  public long bodyBytes() {
    return bytes;
  }

  @Override
  public long requestMicros() {
    return requestMicros;
  }

  @Override
  public long upstreamMicros() {
    return upstreamMicros;
  }

  boolean hasMethod() {
    return methodTo >= 0;
  }

  boolean hasUri() {
    return uriTo >= 0;
  }

  /** Takes the value {@code b[from, to)} of {@code field}. */
  void set(AccessField field, byte[] b, int from, int to) {
    switch (field) {
      case METHOD -> {
        if (methodFromRequest || !hasMethod()) {
          method(b, from, to);
          methodFromRequest = false;
        }
      }
      case URI -> {
        if (uriFromRequest || !hasUri()) {
          uri(b, from, to);
          uriFromRequest = false;
        }
      }
      case STATUS -> status = (int) Math.min(Bytes.number(b, from, to), 999);
      case SIZE -> bytes = Math.max(0, Bytes.number(b, from, to));
      case REQTIME -> requestMicros = Bytes.micros(b, from, to);
      case APPTIME -> upstreamMicros = upstream(b, from, to);
      case REQUEST -> {
        if (!hasMethod() && !hasUri()) {
          requestLine(b, from, to);
        }
      }
    }
  }

  void method(byte[] b, int from, int to) {
    methodBuf = b;
    methodFrom = from;
    methodTo = to;
  }

  void uri(byte[] b, int from, int to) {
    uriBuf = b;
    uriFrom = from;
    uriTo = to;
  }

  /**
   * Reads {@code GET /path HTTP/1.1} into method and uri; false when it is not a request line
   * (nginx logs what a client sent, so a 400's "request" may be "-" or binary).
   */
  boolean requestLine(byte[] b, int from, int to) {
    int sp = indexOf(b, from, to, (byte) ' ');
    if (sp <= from || sp + 1 >= to) {
      return false;
    }
    for (int i = from; i < sp; i++) {
      byte c = b[i];
      if (c < 'A' || c > 'Z') {
        if (c != '-' && c != '_' && (c < 'a' || c > 'z')) {
          return false;
        }
      }
    }
    int end = to;
    int last = to - VERSION_LENGTH; // " HTTP/1.1", " HTTP/2.0": looked for where it nearly always is
    if (last > sp + 1 && b[last] == ' ' && b[last + 1] == 'H' && b[last + 2] == 'T'
        && b[last + 3] == 'T' && b[last + 4] == 'P' && b[last + 5] == '/') {
      end = last;
    } else {
      last = lastIndexOf(b, sp + 1, to, (byte) ' ');
      if (last > sp + 1 && Bytes.startsWith(b, last + 1, to, HTTP)) {
        end = last;
      }
    }
    method(b, from, sp);
    uri(b, sp + 1, end);
    methodFromRequest = true;
    uriFromRequest = true;
    return true;
  }

  private static final byte[] HTTP = Bytes.ascii("HTTP/");
  private static final int VERSION_LENGTH = " HTTP/1.1".length();
  private static final byte[] DASH = Bytes.ascii("-");
  /** The route of lines whose client sent no request line. */
  static final String NO_REQUEST_LINE = "(no request line)";

  /** Marks a line whose request is "-" or not a request: method "-", route {@link #NO_REQUEST_LINE}. */
  void noRequestLine() {
    method(DASH, 0, 1);
    uri(DASH, 0, 1);
    noRequestLine = true;
  }

  /**
   * {@code $upstream_response_time}: one value, or several ({@code 0.012, 0.004 : 0.001}, one per
   * upstream server tried) which are added up; "-" for none.
   */
  static long upstream(byte[] b, int from, int to) {
    long sum = 0;
    boolean any = false;
    int i = from;
    while (i < to) {
      while (i < to && (b[i] == ' ' || b[i] == ',' || b[i] == ':')) {
        i++;
      }
      int start = i;
      while (i < to && b[i] != ' ' && b[i] != ',' && b[i] != ':') {
        i++;
      }
      long v = Bytes.micros(b, start, i);
      if (v >= 0) {
        sum += v;
        any = true;
      }
    }
    return any ? sum : Bytes.NONE;
  }

  static int indexOf(byte[] b, int from, int to, byte c) {
    return Bytes.indexOf(b, from, to, c);
  }

  private static int lastIndexOf(byte[] b, int from, int to, byte c) {
    for (int i = to - 1; i >= from; i--) {
      if (b[i] == c) {
        return i;
      }
    }
    return -1;
  }
}
