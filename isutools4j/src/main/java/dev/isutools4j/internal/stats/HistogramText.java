package dev.isutools4j.internal.stats;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * A histogram as text for the snapshot: HdrHistogram's compressed encoding (V2, the one its own
 * logs use) in base64, so that any HdrHistogram reader can decode it. Written at save, read when
 * runs of several hosts are merged; never on the app's path.
 */
public final class HistogramText {

  private HistogramText() {}

  public static String encode(Histogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
  }

  /** The histogram written by {@link #encode}; an {@link IllegalArgumentException} if it is not one. */
  public static Histogram decode(String text) {
    try {
      ByteBuffer buffer = ByteBuffer.wrap(Base64.getDecoder().decode(text));
      return Histogram.decodeFromCompressedByteBuffer(buffer, Latency.HIGHEST_MICROS);
    } catch (DataFormatException | RuntimeException e) {
      throw new IllegalArgumentException("not an encoded histogram: " + e.getMessage(), e);
    }
  }
}
