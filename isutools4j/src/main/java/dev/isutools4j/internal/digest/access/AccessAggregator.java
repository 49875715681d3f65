package dev.isutools4j.internal.digest.access;

import dev.isutools4j.internal.digest.ByteKeyMap;
import dev.isutools4j.internal.digest.Bytes;
import dev.isutools4j.internal.digest.LinePartial;
import dev.isutools4j.internal.digest.Malformed;
import dev.isutools4j.internal.route.PathRoutes;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Access log lines into rows per method + route. A line's method and path (its query string cut)
 * are looked up as bytes in a bounded cache that leads straight to the row, so a path seen before
 * costs a hash and a compare: no String, no route computed again. Without user route rules the
 * cache key is the path's shape ({@link PathShape}: ids taken out), so new ids hit it too; only a
 * path under an app template whose match an id may decide ({@code /v/{n:[0-9]{2}}}: see
 * {@link PathRoutes#byPathPrefixes()}) is keyed by itself. Beyond {@code maxRows} distinct rows,
 * new ones fold into {@code (other)}.
 *
 * <p>Not thread-safe: one per reading thread, merged in file order.
 */
final class AccessAggregator implements LinePartial<AccessAggregator> {

  static final String OTHER = "(other)";
  private static final int MAX_KEY = 1024;
  private static final int CACHE_ENTRIES = 16_384;
  private static final long CACHE_BYTES = 4L << 20;

  private final AccessParser parser;
  private final PathRoutes routes;
  private final boolean shapes; // cache by the path's shape: ids do not change its route
  private final byte[][] byPath; // in shape mode, paths starting so are cached by themselves
  private final int maxRows;
  private final int maxLine;
  private final Predicate<AccessLine> filter;
  private final Map<String, AccessGroup> groups = new HashMap<>();
  private final ByteKeyMap<AccessGroup> cache = new ByteKeyMap<>(CACHE_ENTRIES, CACHE_BYTES, MAX_KEY);
  private final byte[] key = new byte[MAX_KEY];
  private final AccessEntry entry = new AccessEntry();
  private final Malformed malformed = new Malformed();
  private final SlowestRequests slowest;
  private long lines;
  private long blank;

  AccessAggregator(AccessParser parser, PathRoutes routes, int maxRows, int maxLine) {
    this(parser, routes, maxRows, maxLine, line -> true, 0);
  }

  /** {@code top}: how many of the slowest single requests to keep (0: none). */
  AccessAggregator(AccessParser parser, PathRoutes routes, int maxRows, int maxLine,
      Predicate<AccessLine> filter, int top) {
    this.parser = parser;
    this.routes = routes;
    this.shapes = routes.idsOnly();
    this.byPath = routes.byPathPrefixes().stream()
        .map(p -> p.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
    this.maxRows = Math.max(1, maxRows);
    this.maxLine = maxLine;
    this.filter = filter;
    this.slowest = new SlowestRequests(top);
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
      slowest.offer(entry, number);
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
    int keyLength = methodLength + 2 + pathLength;
    if (keyLength > MAX_KEY) {
      return find(e, pathEnd); // rare: too long to cache, so computed every time
    }
    System.arraycopy(e.methodBuf, e.methodFrom, key, 0, methodLength);
    key[methodLength] = ' ';
    int at = methodLength + 1;
    if (!shapes) {
      System.arraycopy(e.uriBuf, e.uriFrom, key, at, pathLength);
      keyLength = at + pathLength;
    } else if (pathLength <= PathRoutes.maxLength() && !startsWithAny(e.uriBuf, e.uriFrom, pathEnd)) {
      keyLength = PathShape.write(e.uriBuf, e.uriFrom, pathEnd, key, at);
    } else {
      key[at] = PathShape.RAW; // the path itself, behind the marker no other shape starts with
      System.arraycopy(e.uriBuf, e.uriFrom, key, at + 1, pathLength);
    }
    long hash = ByteKeyMap.hash(key, 0, keyLength);
    AccessGroup group = cache.get(key, 0, keyLength, hash);
    if (group == null) {
      group = find(e, pathEnd);
      cache.put(key, 0, keyLength, hash, group);
    }
    return group;
  }

  private boolean startsWithAny(byte[] b, int from, int to) {
    for (byte[] prefix : byPath) {
      if (prefix.length <= to - from
          && Arrays.equals(prefix, 0, prefix.length, b, from, from + prefix.length)) {
        return true;
      }
    }
    return false;
  }

  private AccessGroup find(AccessEntry e, int pathEnd) {
    String method = Bytes.utf8(e.methodBuf, e.methodFrom, e.methodTo);
    String route = e.noRequestLine ? AccessEntry.NO_REQUEST_LINE
        : routes.route(method, Bytes.utf8(e.uriBuf, e.uriFrom, pathEnd));
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
    slowest.merge(later.slowest, linesBefore);
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

  List<SlowRequest> slowest() {
    return slowest.slowestFirst();
  }

  long lines() {
    return lines;
  }

  long blank() {
    return blank;
  }
}
