package dev.isutools4j.logs.access;

import dev.isutools4j.http.PathRoutes;
import dev.isutools4j.logs.ByteKeyMap;
import dev.isutools4j.logs.Bytes;
import dev.isutools4j.logs.LinePartial;
import dev.isutools4j.logs.Malformed;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Access log lines into rows per method + route. A line's method and path (its query string cut)
 * are looked up as bytes in a bounded cache that leads straight to the row, so a path seen before
 * costs a hash and a compare: no String, no route computed again. Without route rules, the key is
 * the path's shape instead (its all-digit pieces blanked out), so that /posts/1 and /posts/2 share
 * one entry: ids never fill the cache. Beyond {@code maxRows} distinct rows, new ones fold into
 * {@code (other)}.
 *
 * <p>Not thread-safe: one per reading thread, merged in file order.
 */
final class AccessAggregator implements LinePartial<AccessAggregator> {

  static final String OTHER = "(other)";
  private static final int MAX_KEY = 1024;
  private static final int CACHE_ENTRIES = 16_384;
  private static final long CACHE_BYTES = 4L << 20;
  // Below the route normalizer's 512-char cut, so that digits' lengths never move the cut.
  private static final int MAX_SHAPED_PATH = 500;

  private final AccessParser parser;
  private final PathRoutes routes;
  private final int maxRows;
  private final int maxLine;
  private final Predicate<AccessLine> filter;
  private final Map<String, AccessGroup> groups = new HashMap<>();
  private final ByteKeyMap<AccessGroup> cache = new ByteKeyMap<>(CACHE_ENTRIES, CACHE_BYTES, MAX_KEY);
  private final ByteKeyMap<AccessGroup> shapes = new ByteKeyMap<>(CACHE_ENTRIES, CACHE_BYTES, MAX_KEY);
  private final boolean byShape;
  private final byte[] key = new byte[MAX_KEY];
  private final AccessEntry entry = new AccessEntry();
  private final Malformed malformed = new Malformed();
  private long lines;
  private long blank;

  AccessAggregator(AccessParser parser, PathRoutes routes, int maxRows, int maxLine) {
    this(parser, routes, maxRows, maxLine, line -> true);
  }

  AccessAggregator(AccessParser parser, PathRoutes routes, int maxRows, int maxLine,
      Predicate<AccessLine> filter) {
    this.parser = parser;
    this.routes = routes;
    this.maxRows = Math.max(1, maxRows);
    this.maxLine = maxLine;
    this.filter = filter;
    this.byShape = !routes.hasRules();
  }

  @Override
  public void line(byte[] b, int from, int to, long number, long offset, boolean cut) {
    lines++;
    if (cut) {
      malformed.add(number, offset, "longer than " + maxLine + " bytes", b, from, to);
      return;
    }
    if (isBlank(b, from, to)) {
      blank++;
      return;
    }
    String problem;
    try {
      problem = parser.parse(b, from, to, entry);
    } catch (RuntimeException e) {
      problem = "unreadable: " + e; // a parser bug must cost one line, never the digest
    }
    if (problem != null) {
      malformed.add(number, offset, problem, b, from, to);
      return;
    }
    if (filter.test(entry)) {
      group().record(entry);
    }
  }

  /** The row of the entry's method and path. */
  private AccessGroup group() {
    AccessEntry e = entry;
    int methodLength = e.methodTo - e.methodFrom;
    int pathEnd = e.uriFrom;
    while (pathEnd < e.uriTo && e.uriBuf[pathEnd] != '?' && e.uriBuf[pathEnd] != '#') {
      pathEnd++;
    }
    int pathLength = pathEnd - e.uriFrom;
    if (byShape && !e.noRequestLine && pathLength <= MAX_SHAPED_PATH
        && methodLength + 1 + pathLength <= MAX_KEY) {
      AccessGroup group = byShape(e, pathEnd, methodLength);
      if (group != null) {
        return group;
      }
    }
    int keyLength = methodLength + 1 + pathLength;
    if (keyLength > MAX_KEY) {
      return find(e, pathEnd); // rare: too long to cache, so computed every time
    }
    System.arraycopy(e.methodBuf, e.methodFrom, key, 0, methodLength);
    key[methodLength] = ' ';
    System.arraycopy(e.uriBuf, e.uriFrom, key, methodLength + 1, pathLength);
    long hash = ByteKeyMap.hash(key, 0, keyLength);
    AccessGroup group = cache.get(key, 0, keyLength, hash);
    if (group == null) {
      group = find(e, pathEnd);
      cache.put(key, 0, keyLength, hash, group);
    }
    return group;
  }

  /*
   * The route normalizer turns every all-digit piece of a path (between '/' and '.') into {id}
   * whatever its digits, and looks at nothing else of them: paths equal but for such pieces have
   * one route. So the key is the path with each such piece written as one NUL byte (a path with a
   * NUL of its own gets no shape: null).
   */
  private AccessGroup byShape(AccessEntry e, int pathEnd, int methodLength) {
    byte[] u = e.uriBuf;
    System.arraycopy(e.methodBuf, e.methodFrom, key, 0, methodLength);
    key[methodLength] = ' ';
    int w = methodLength + 1;
    int i = e.uriFrom;
    while (i < pathEnd) {
      byte c = u[i];
      if (c == 0) {
        return null;
      }
      if (c >= '0' && c <= '9' && (i == e.uriFrom || u[i - 1] == '/' || u[i - 1] == '.')) {
        int j = i + 1;
        while (j < pathEnd && u[j] >= '0' && u[j] <= '9') {
          j++;
        }
        if (j == pathEnd || u[j] == '/' || u[j] == '.') {
          key[w++] = 0;
          i = j;
          continue;
        }
        System.arraycopy(u, i, key, w, j - i);
        w += j - i;
        i = j;
        continue;
      }
      key[w++] = c;
      i++;
    }
    long hash = ByteKeyMap.hash(key, 0, w);
    AccessGroup group = shapes.get(key, 0, w, hash);
    if (group == null) {
      group = find(e, pathEnd);
      shapes.put(key, 0, w, hash, group);
    }
    return group;
  }

  private AccessGroup find(AccessEntry e, int pathEnd) {
    String method = Bytes.utf8(e.methodBuf, e.methodFrom, e.methodTo);
    String route = e.noRequestLine ? AccessEntry.NO_REQUEST_LINE
        : routes.route(Bytes.utf8(e.uriBuf, e.uriFrom, pathEnd));
    return row(method, route);
  }

  private AccessGroup row(String method, String route) {
    String name = method + " " + route;
    AccessGroup group = groups.get(name);
    if (group == null) {
      if (groups.size() >= maxRows) {
        return groups.computeIfAbsent(" " + OTHER, k -> new AccessGroup("", OTHER));
      }
      group = new AccessGroup(method, route);
      groups.put(name, group);
    }
    return group;
  }

  private static boolean isBlank(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] != ' ' && b[i] != '\t') {
        return false;
      }
    }
    return true;
  }

  @Override
  public void merge(AccessAggregator later, long linesBefore) {
    lines += later.lines;
    blank += later.blank;
    malformed.merge(later.malformed, linesBefore);
    for (AccessGroup g : later.groups.values()) {
      row(g.method, g.route).merge(g);
    }
  }

  Map<String, AccessGroup> groups() {
    return groups;
  }

  Malformed malformed() {
    return malformed;
  }

  long lines() {
    return lines;
  }

  long blank() {
    return blank;
  }
}
