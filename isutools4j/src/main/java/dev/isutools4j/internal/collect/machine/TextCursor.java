package dev.isutools4j.internal.collect.machine;

import java.nio.charset.StandardCharsets;

/**
 * A cursor over ASCII text in a byte buffer: numbers and tokens without building strings, for the
 * files the sampler reads every second. Numbers that are not there read as {@link #MISSING}.
 */
final class TextCursor {

  static final long MISSING = Long.MIN_VALUE;

  private byte[] text;
  private int pos;
  private int end;

  TextCursor reset(byte[] buffer, int length) {
    this.text = buffer;
    this.pos = 0;
    this.end = length;
    return this;
  }

  /** A cursor over a string's bytes (tests and one-off parsing). */
  static TextCursor of(String s) {
    byte[] bytes = s.getBytes(StandardCharsets.ISO_8859_1);
    return new TextCursor().reset(bytes, bytes.length);
  }

  boolean atEnd() {
    return pos >= end;
  }

  int position() {
    return pos;
  }

  void position(int position) {
    pos = Math.min(Math.max(position, 0), end);
  }

  int end() {
    return end;
  }

  /** Moves past the end of the current line. */
  TextCursor nextLine() {
    while (pos < end && text[pos] != '\n') {
      pos++;
    }
    if (pos < end) {
      pos++;
    }
    return this;
  }

  /** The end of the current line (the index of its newline, or the end of the text). */
  int lineEnd() {
    int i = pos;
    while (i < end && text[i] != '\n') {
      i++;
    }
    return i;
  }

  /** Whether the text at the cursor starts with {@code prefix} (ASCII). */
  boolean startsWith(String prefix) {
    if (end - pos < prefix.length()) {
      return false;
    }
    for (int i = 0; i < prefix.length(); i++) {
      if (text[pos + i] != prefix.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /** Skips spaces and tabs (never a newline). */
  TextCursor skipBlanks() {
    while (pos < end && (text[pos] == ' ' || text[pos] == '\t')) {
      pos++;
    }
    return this;
  }

  /** Skips one token of the current line and the blanks before it. */
  TextCursor skipToken() {
    skipBlanks();
    while (pos < end && !separator(text[pos])) {
      pos++;
    }
    return this;
  }

  TextCursor skipTokens(int n) {
    for (int i = 0; i < n; i++) {
      skipToken();
    }
    return this;
  }

  /** The next token of the current line as a string, or null at the end of the line. */
  String token() {
    skipBlanks();
    int start = pos;
    while (pos < end && !separator(text[pos])) {
      pos++;
    }
    return pos == start ? null : new String(text, start, pos - start, StandardCharsets.ISO_8859_1);
  }

  /** The next decimal integer of the current line, or {@link #MISSING}. */
  long nextLong() {
    skipBlanks();
    boolean negative = pos < end && text[pos] == '-';
    int start = negative ? pos + 1 : pos;
    int i = start;
    long value = 0;
    while (i < end && text[i] >= '0' && text[i] <= '9') {
      value = value * 10 + (text[i] - '0');
      i++;
    }
    if (i == start) {
      return MISSING;
    }
    pos = i;
    skipRestOfToken();
    return negative ? -value : value;
  }

  /** The next hexadecimal integer of the current line, or {@link #MISSING}. */
  long nextHex() {
    skipBlanks();
    int i = pos;
    long value = 0;
    while (i < end) {
      int digit = Character.digit(text[i], 16);
      if (digit < 0) {
        break;
      }
      value = value * 16 + digit;
      i++;
    }
    if (i == pos) {
      return MISSING;
    }
    pos = i;
    return value;
  }

  /** The next decimal number such as {@code 0.52} of the current line, or NaN. */
  double nextDecimal() {
    long whole = nextLongDigits();
    if (whole == MISSING) {
      return Double.NaN;
    }
    double value = whole;
    if (pos < end && text[pos] == '.') {
      pos++;
      double scale = 0.1;
      while (pos < end && text[pos] >= '0' && text[pos] <= '9') {
        value += (text[pos] - '0') * scale;
        scale /= 10;
        pos++;
      }
    }
    return value;
  }

  /** The index of the last {@code c} in {@code [from, to)}, or -1. */
  int lastIndexOf(char c, int from, int to) {
    for (int i = Math.min(to, end) - 1; i >= from; i--) {
      if (text[i] == c) {
        return i;
      }
    }
    return -1;
  }

  /** The index of the first {@code c} in {@code [from, to)}, or -1. */
  int indexOf(char c, int from, int to) {
    for (int i = from; i < Math.min(to, end); i++) {
      if (text[i] == c) {
        return i;
      }
    }
    return -1;
  }

  /** The bytes {@code [from, to)} as a string. */
  String string(int from, int to) {
    return new String(text, from, to - from, StandardCharsets.UTF_8);
  }

  /** Whether the bytes {@code [from, to)} spell {@code s} (ASCII compare, no allocation). */
  boolean spells(int from, int to, String s) {
    if (s == null || to - from != s.length()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if ((text[from + i] & 0xff) != s.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private long nextLongDigits() {
    skipBlanks();
    int i = pos;
    long value = 0;
    while (i < end && text[i] >= '0' && text[i] <= '9') {
      value = value * 10 + (text[i] - '0');
      i++;
    }
    if (i == pos) {
      return MISSING;
    }
    pos = i;
    return value;
  }

  private void skipRestOfToken() {
    while (pos < end && !separator(text[pos])) {
      pos++;
    }
  }

  private static boolean separator(byte b) {
    return b == ' ' || b == '\t' || b == '\n';
  }
}
