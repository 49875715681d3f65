package dev.isutools4j.internal.http;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;

/**
 * Counts the bytes the characters written through it will take on the wire: exact for UTF-8 and
 * for single-byte charsets, which is what web apps send.
 */
public final class CountingWriter extends FilterWriter {

  private final boolean utf8;
  private long bytes;
  private boolean highSurrogatePending;

  public CountingWriter(Writer out, String charset) {
    super(out);
    this.utf8 = charset == null || charset.equalsIgnoreCase("UTF-8") || charset.equalsIgnoreCase("UTF8");
  }

  @Override
  public void write(int c) throws IOException {
    out.write(c);
    count((char) c);
  }

  @Override
  public void write(char[] cbuf, int off, int len) throws IOException {
    out.write(cbuf, off, len);
    for (int i = off; i < off + len; i++) {
      count(cbuf[i]);
    }
  }

  @Override
  public void write(String str, int off, int len) throws IOException {
    out.write(str, off, len);
    for (int i = off; i < off + len; i++) {
      count(str.charAt(i));
    }
  }

  private void count(char c) {
    if (!utf8) {
      bytes++;
    } else if (c < 0x80) {
      bytes++;
    } else if (c < 0x800) {
      bytes += 2;
    } else if (Character.isHighSurrogate(c)) {
      highSurrogatePending = true;
      return;
    } else if (Character.isLowSurrogate(c) && highSurrogatePending) {
      bytes += 4;
    } else {
      bytes += 3;
    }
    highSurrogatePending = false;
  }

  public long bytes() {
    return bytes;
  }
}
