package dev.isutools4j.internal.sql;

import java.util.Arrays;

/**
 * Collapses repeated UNION arms as the output is written. Per parenthesis depth it knows where
 * the current arm starts in the output and the extent of the previous arm; when an arm ends
 * (at the next UNION, a ")", a ";" or the end) and reads exactly like the previous one, the
 * output is cut back to the end of the previous arm.
 */
final class UnionArms {
  private int depth;
  private int[] armStart = new int[8];
  private int[] prevStart = new int[8];
  private int[] prevEnd = new int[8];
  private boolean[] pending = new boolean[8]; // after "union [all]": the arm starts later

  UnionArms() {
    Arrays.fill(prevStart, -1);
  }

  void tokenAt(int pos, boolean unionMode) {
    if (pending[depth] && !unionMode) {
      armStart[depth] = pos;
      pending[depth] = false;
    }
  }

  void afterToken(int len, boolean open, boolean semi, boolean union) {
    if (open) {
      depth++;
      if (depth == armStart.length) {
        int grown = depth * 2;
        armStart = Arrays.copyOf(armStart, grown);
        prevStart = Arrays.copyOf(prevStart, grown);
        prevEnd = Arrays.copyOf(prevEnd, grown);
        pending = Arrays.copyOf(pending, grown);
      }
      armStart[depth] = len;
      prevStart[depth] = -1;
      pending[depth] = false;
    } else if (semi) {
      pending[0] = true;
    } else if (union) {
      pending[depth] = true;
    }
  }

  /** A UNION ends the current arm: returns the output length, cut when the arm repeats. */
  int union(char[] out, int len) {
    if (pending[depth]) { // "union" right after "union": nothing to compare
      prevStart[depth] = -1;
      return len;
    }
    int from = armStart[depth];
    if (prevStart[depth] >= 0 && same(out, prevStart[depth], prevEnd[depth], from, len)) {
      return prevEnd[depth];
    }
    prevStart[depth] = from;
    prevEnd[depth] = len;
    return len;
  }

  /** Before a ")" (the arms at this depth end) or a ";" (all arms end). */
  int beforeEnd(char[] out, int len, boolean semi) {
    if (semi) {
      len = finishAll(out, len);
      depth = 0;
    } else if (depth > 0) {
      len = finish(out, len, depth);
      depth--;
    }
    return len;
  }

  int finishAll(char[] out, int len) {
    for (int d = depth; d >= 0; d--) {
      len = finish(out, len, d);
    }
    return len;
  }

  private int finish(char[] out, int len, int d) {
    boolean repeat = prevStart[d] >= 0 && !pending[d]
        && same(out, prevStart[d], prevEnd[d], armStart[d], len);
    prevStart[d] = -1;
    return repeat ? prevEnd[d] : len;
  }

  private static boolean same(char[] out, int from, int to, int otherFrom, int otherTo) {
    return to - from == otherTo - otherFrom
        && Arrays.equals(out, from, to, out, otherFrom, otherTo);
  }
}
