package dev.isutools4j.internal.digest.access;

import dev.isutools4j.internal.digest.Bytes;

/**
 * nginx's {@code combined} format with times appended:
 *
 * <pre>{@code $remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent
 * "$http_referer" "$http_user_agent" $request_time $upstream_response_time}</pre>
 *
 * <p>The request is the first quoted field (nginx writes a quote inside a value as {@code \x22},
 * so a quote always opens or closes a field); the status and body size follow it; then quoted
 * fields are skipped (referer, user agent, and any others such as {@code "$http_x_forwarded_for"})
 * and the first unquoted value is {@code $request_time}; whatever follows is
 * {@code $upstream_response_time}, which may hold several values. A line without times is read,
 * without them.
 */
final class CombinedParser implements AccessParser {

  @Override
  public String parse(byte[] b, int from, int to, AccessEntry entry) {
    entry.clear();
    int open = AccessEntry.indexOf(b, from, to, (byte) '"');
    int close = open < 0 ? -1 : AccessEntry.indexOf(b, open + 1, to, (byte) '"');
    if (close < 0) {
      return BAD_REQUEST_LINE;
    }
    boolean request = entry.requestLine(b, open + 1, close);
    int i = skipSpaces(b, close + 1, to);
    int statusEnd = token(b, i, to);
    long status = Bytes.number(b, i, statusEnd);
    if (status < 0 || status > 999) {
      return NO_STATUS;
    }
    entry.status = (int) status;
    i = skipSpaces(b, statusEnd, to);
    int sizeEnd = token(b, i, to);
    entry.bytes = Math.max(0, Bytes.number(b, i, sizeEnd));
    i = skipSpaces(b, sizeEnd, to);
    while (i < to && b[i] == '"') {
      int end = AccessEntry.indexOf(b, i + 1, to, (byte) '"');
      if (end < 0) {
        return "unterminated quoted field";
      }
      i = skipSpaces(b, end + 1, to);
    }
    if (i < to) {
      int timeEnd = token(b, i, to);
      entry.requestMicros = Bytes.micros(b, i, timeEnd);
      int rest = skipSpaces(b, timeEnd, to);
      if (rest < to) {
        entry.upstreamMicros = AccessEntry.upstream(b, rest, to);
      }
    }
    if (!request) {
      entry.noRequestLine(); // nginx logs what the client sent: "-", or bytes that are no request
    }
    return AccessParser.complete(entry);
  }

  private static int skipSpaces(byte[] b, int i, int to) {
    while (i < to && b[i] == ' ') {
      i++;
    }
    return i;
  }

  private static int token(byte[] b, int i, int to) {
    while (i < to && b[i] != ' ') {
      i++;
    }
    return i;
  }
}
