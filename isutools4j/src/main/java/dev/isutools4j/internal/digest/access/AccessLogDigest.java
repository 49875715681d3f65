package dev.isutools4j.internal.digest.access;

import dev.isutools4j.internal.digest.LineReader;
import dev.isutools4j.internal.digest.LogRange;
import dev.isutools4j.internal.digest.LogReading;
import dev.isutools4j.internal.digest.RecordBoundary;
import dev.isutools4j.internal.route.PathRoutes;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Digests an nginx access log into rows per method + route (see {@link AccessReport}), reading a
 * file range on several threads or a stream on the caller's.
 *
 * <pre>{@code
 * AccessReport report = AccessLogDigest.read(LogRange.whole(Path.of("/var/log/nginx/access.log")),
 *     AccessLogDigest.Options.defaults(), 2);
 * }</pre>
 *
 * <p>Memory is bounded whatever the log: per thread a 1 MiB buffer, a route cache, and at most
 * {@code maxRows} rows (each a few tens of KiB of histograms). Stateless and thread-safe.
 */
public final class AccessLogDigest {

  private static final int DETECT_BYTES = 64 * 1024;

  /**
   * How to read the log.
   *
   * @param format the lines' format; null to detect it from the first line
   * @param keys the labels or keys of LTSV and JSON lines
   * @param routes how paths become routes (the HTTP table's rules)
   * @param maxRows distinct method + route rows kept; the excess folds into {@code (other)}
   * @param maxLine longer lines are malformed
   * @param filter which read lines are counted; the others are skipped (called on the reading
   *     threads, so it must be thread-safe)
   */
  public record Options(AccessFormat format, AccessKeys keys, PathRoutes routes, int maxRows,
      int maxLine, Predicate<AccessLine> filter, int top) {

    private static final Predicate<AccessLine> ALL = line -> true;

    /**
     * Detected format, default keys, no route rules, 5000 rows, 64 KiB lines, every line, none of
     * the slowest requests kept.
     */
    public static Options defaults() {
      return new Options(null, AccessKeys.defaults(), PathRoutes.of(null), 5000,
          LineReader.DEFAULT_MAX_LINE, ALL, 0);
    }

    public Options withFormat(AccessFormat f) {
      return new Options(f, keys, routes, maxRows, maxLine, filter, top);
    }

    public Options withKeys(AccessKeys k) {
      return new Options(format, k, routes, maxRows, maxLine, filter, top);
    }

    public Options withRoutes(PathRoutes r) {
      return new Options(format, keys, r, maxRows, maxLine, filter, top);
    }

    public Options withMaxRows(int n) {
      return new Options(format, keys, routes, n, maxLine, filter, top);
    }

    /** Keeps the {@code n} slowest single requests (of the counted lines with a request time). */
    public Options withTop(int n) {
      return new Options(format, keys, routes, maxRows, maxLine, filter, n);
    }

    /** Counts only the lines {@code f} accepts. */
    public Options withFilter(Predicate<AccessLine> f) {
      return new Options(format, keys, routes, maxRows, maxLine, f == null ? ALL : f, top);
    }
  }

  private AccessLogDigest() {}

  /** Reads one file range with up to {@code threads} threads. */
  public static AccessReport read(LogRange range, Options options, int threads) throws IOException {
    return read(List.of(range), options, threads);
  }

  /**
   * Reads several ranges as one log, in order (the rest of a rotated file, then its successor):
   * line numbers count on from one range to the next.
   */
  public static AccessReport read(List<LogRange> ranges, Options options, int threads)
      throws IOException {
    AccessFormat format = options.format();
    if (format == null) {
      format = detect(ranges);
    }
    AccessFormat f = format;
    AccessAggregator merged = null;
    long before = 0;
    for (LogRange range : ranges) {
      AccessAggregator part = LogReading.read(range, threads, options.maxLine(),
          RecordBoundary.ANY_LINE, () -> aggregator(f, options));
      if (merged == null) {
        merged = part;
      } else {
        merged.merge(part, before);
      }
      before = merged.lines();
    }
    if (merged == null) {
      merged = aggregator(f, options);
    }
    return AccessReport.of(f, merged, problems(options));
  }

  /** Reads a stream to its end on the caller's thread. */
  public static AccessReport read(InputStream in, Options options) throws IOException {
    BufferedInputStream buffered = new BufferedInputStream(in, DETECT_BYTES);
    AccessFormat format = options.format();
    if (format == null) {
      buffered.mark(DETECT_BYTES);
      byte[] head = buffered.readNBytes(DETECT_BYTES);
      buffered.reset();
      format = detect(head, head.length);
    }
    AccessAggregator a = LogReading.read(buffered, options.maxLine(), aggregator(format, options));
    return AccessReport.of(format, a, problems(options));
  }

  private static AccessAggregator aggregator(AccessFormat format, Options options) {
    return new AccessAggregator(AccessParser.of(format, options.keys()), options.routes(),
        options.maxRows(), options.maxLine(), options.filter(), options.top());
  }

  private static List<String> problems(Options options) {
    List<String> out = new ArrayList<>(options.routes().problems());
    out.addAll(options.keys().problems());
    return out;
  }

  private static AccessFormat detect(List<LogRange> ranges) throws IOException {
    for (LogRange range : ranges) {
      if (range.length() == 0) {
        continue;
      }
      try (FileChannel file = FileChannel.open(range.file(), StandardOpenOption.READ)) {
        byte[] head = new byte[(int) Math.min(DETECT_BYTES, range.length())];
        int n = file.read(ByteBuffer.wrap(head), range.from());
        return detect(head, Math.max(0, n));
      }
    }
    return AccessFormat.LTSV;
  }

  /** The format of the first line that is not blank; LTSV for none. */
  static AccessFormat detect(byte[] head, int length) {
    int start = 0;
    while (start < length) {
      int end = start;
      while (end < length && head[end] != '\n') {
        end++;
      }
      for (int i = start; i < end; i++) {
        if (head[i] != ' ' && head[i] != '\t' && head[i] != '\r') {
          return AccessFormat.detect(head, start, end);
        }
      }
      start = end + 1;
    }
    return AccessFormat.LTSV;
  }
}
