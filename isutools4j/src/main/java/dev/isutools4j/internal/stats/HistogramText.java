package dev.isutools4j.internal.stats;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.HdrHistogram.Histogram;

/**
 * A histogram as text for the snapshot: HdrHistogram's compressed encoding (V2, the one its own
 * logs use) in base64, so that any HdrHistogram reader can decode it. Written at save, read when
 * runs of several hosts are merged; never on the app's path.
 */
public final class HistogramText {

  /** HdrHistogram's cookie of a V2 compressed encoding, without its word-size bits. */
  private static final int V2_COMPRESSED = 0x1c849304;
  private static final int HEADER_BYTES = 40;
  /** The largest value a histogram of {@link Latency}'s range holds. */
  private static final long LARGEST = new Histogram(1, Latency.HIGHEST_MICROS,
      Latency.SIGNIFICANT_DIGITS).highestEquivalentValue(Latency.HIGHEST_MICROS);

  private HistogramText() {}

  public static String encode(Histogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
  }

  /**
   * The histogram written by {@link #encode}; an {@link IllegalArgumentException} if it is not one,
   * or if it declares a wider range or finer precision than {@link Latency}'s (1 µs to 60 s, two
   * significant digits), so that it always adds into a merge and never costs more memory than one.
   */
  public static Histogram decode(String text) {
    try {
      ByteBuffer buffer = ByteBuffer.wrap(Base64.getDecoder().decode(text));
      checkDeclaredRange(buffer);
      Histogram histogram = Histogram.decodeFromCompressedByteBuffer(buffer, Latency.HIGHEST_MICROS);
      if (histogram.getMaxValue() > LARGEST) {
        throw new IllegalArgumentException("values above " + Latency.HIGHEST_MICROS + " µs");
      }
      return histogram;
    } catch (DataFormatException | RuntimeException e) {
      throw new IllegalArgumentException("not an encoded histogram: " + e.getMessage(), e);
    }
  }

  /** Reads the header before HdrHistogram allocates the counts it declares. */
  private static void checkDeclaredRange(ByteBuffer buffer) throws DataFormatException {
    if (buffer.remaining() < 8 || (buffer.getInt(0) & ~0xf0) != V2_COMPRESSED) {
      throw new IllegalArgumentException("not HdrHistogram's V2 compressed encoding");
    }
    int compressed = buffer.getInt(4);
    if (compressed < 0 || compressed > buffer.remaining() - 8) {
      throw new IllegalArgumentException("shorter than its declared length");
    }
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(buffer.array(), 8, compressed);
      byte[] header = new byte[HEADER_BYTES];
      if (inflater.inflate(header) < HEADER_BYTES) {
        throw new IllegalArgumentException("a truncated header");
      }
      ByteBuffer fields = ByteBuffer.wrap(header);
      int digits = fields.getInt(12);
      long highest = fields.getLong(24);
      if (digits > Latency.SIGNIFICANT_DIGITS || highest > Latency.HIGHEST_MICROS) {
        throw new IllegalArgumentException("declares " + digits + " digits up to " + highest);
      }
    } finally {
      inflater.end();
    }
  }
}
