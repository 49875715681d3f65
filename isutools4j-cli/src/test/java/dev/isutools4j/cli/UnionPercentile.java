package dev.isutools4j.cli;

import dev.isutools4j.internal.snapshot.LatencySummary;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The p99 of the union of several rows' durations, computed here with HdrHistogram itself from
 * each row's {@code histogram} (V2 compressed, base64, microseconds; docs/SNAPSHOT.md), not with
 * the library's merge: the expected value of a merged row.
 */
final class UnionPercentile {

  /** The snapshot's histograms: 1 µs to 60 s at two significant digits. */
  private static final long HIGHEST_MICROS = 60_000_000L;

  private UnionPercentile() {}

  /**
   * The union's 99th percentile in milliseconds, as the snapshot reports a percentile: the value
   * HdrHistogram answers (its bucket's upper edge), never above the largest duration.
   */
  static double p99Ms(List<LatencySummary> parts) {
    Histogram union = new Histogram(1, HIGHEST_MICROS, 2);
    double maxMs = 0;
    for (LatencySummary part : parts) {
      if (part.count() == 0) {
        continue;
      }
      if (part.histogram() == null) {
        throw new AssertionError("a row without its histogram: " + part);
      }
      try {
        union.add(Histogram.decodeFromCompressedByteBuffer(
            ByteBuffer.wrap(Base64.getDecoder().decode(part.histogram())), HIGHEST_MICROS));
      } catch (DataFormatException e) {
        throw new AssertionError("not an HdrHistogram: " + part.histogram(), e);
      }
      maxMs = Math.max(maxMs, part.maxMs());
    }
    if (union.getTotalCount() == 0) {
      return 0;
    }
    return Math.min(union.getValueAtPercentile(99) / 1e3, maxMs);
  }
}
