package dev.isutools4j.internal.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.Random;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HistogramTextTest {

  @Test
  void aHistogramComesBackAsItWasWritten() {
    Histogram written = new Histogram(1, Latency.HIGHEST_MICROS, Latency.SIGNIFICANT_DIGITS);
    Random random = new Random(42);
    for (int i = 0; i < 10_000; i++) {
      written.recordValue(1 + (long) Math.exp(4 + 3 * random.nextGaussian()) % Latency.HIGHEST_MICROS);
    }
    written.recordValue(Latency.HIGHEST_MICROS);

    Histogram read = HistogramText.decode(HistogramText.encode(written));

    assertThat(read).isEqualTo(written);
    assertThat(read.getTotalCount()).isEqualTo(10_001);
    assertThat(read.getMaxValue()).isEqualTo(written.getMaxValue());
    for (double p : new double[] {50, 90, 99, 99.9}) {
      assertThat(read.getValueAtPercentile(p)).isEqualTo(written.getValueAtPercentile(p));
    }
  }

  @Test
  void theTextIsPlainBase64OfHdrHistogramsOwnCompressedEncoding() throws Exception {
    Histogram written = new Histogram(1, Latency.HIGHEST_MICROS, Latency.SIGNIFICANT_DIGITS);
    written.recordValue(1234);
    byte[] bytes = Base64.getDecoder().decode(HistogramText.encode(written));

    Histogram read = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);

    assertThat(read.getTotalCount()).isEqualTo(1);
    assertThat(read.valuesAreEquivalent(read.getMaxValue(), 1234)).isTrue();
  }

  @Test
  void garbageIsAnIllegalArgumentNeverAnythingElse() {
    for (String text : new String[] {"", "not base64 at all!", "AAAA", "SElTVEZB", "HISTFAAAAA=="}) {
      assertThatThrownBy(() -> HistogramText.decode(text)).as(text)
          .isInstanceOf(IllegalArgumentException.class);
    }
    Random random = new Random(1);
    for (int i = 0; i < 2_000; i++) {
      byte[] bytes = new byte[random.nextInt(200)];
      random.nextBytes(bytes);
      String text = Base64.getEncoder().encodeToString(bytes);
      assertThatThrownBy(() -> HistogramText.decode(text)).isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void aDamagedEncodingIsEitherReadOrAnIllegalArgument() {
    Histogram written = new Histogram(1, Latency.HIGHEST_MICROS, Latency.SIGNIFICANT_DIGITS);
    for (long v = 1; v < Latency.HIGHEST_MICROS; v *= 3) {
      written.recordValue(v);
    }
    byte[] valid = Base64.getDecoder().decode(HistogramText.encode(written));
    for (int length = 0; length < valid.length; length++) {
      String cut = Base64.getEncoder().encodeToString(Arrays.copyOf(valid, length));
      assertThatThrownBy(() -> HistogramText.decode(cut)).as("cut at %d", length)
          .isInstanceOf(IllegalArgumentException.class);
    }
    for (int at = 0; at < valid.length; at++) {
      for (int bit = 0; bit < 8; bit++) {
        byte[] flipped = valid.clone();
        flipped[at] ^= (byte) (1 << bit);
        decodesOrRejects(Base64.getEncoder().encodeToString(flipped));
      }
    }
  }

  @Test
  void aHeaderClaimingAHugePayloadIsRejectedWithoutAllocatingIt() {
    Histogram written = new Histogram(1, Latency.HIGHEST_MICROS, Latency.SIGNIFICANT_DIGITS);
    written.recordValue(1000);
    ByteBuffer plain = ByteBuffer.allocate(written.getNeededByteBufferCapacity());
    int plainLength = written.encodeIntoByteBuffer(plain);
    plain.putInt(4, Integer.MAX_VALUE - 64); // the payload length, right after the cookie
    byte[] valid = Base64.getDecoder().decode(HistogramText.encode(written));

    Deflater deflater = new Deflater();
    deflater.setInput(plain.array(), 0, plainLength);
    deflater.finish();
    byte[] compressed = new byte[plainLength + 64];
    int compressedLength = deflater.deflate(compressed);
    ByteBuffer forged = ByteBuffer.allocate(8 + compressedLength);
    forged.put(valid, 0, 4).putInt(compressedLength).put(compressed, 0, compressedLength);

    String text = Base64.getEncoder().encodeToString(forged.array());
    assertThatThrownBy(() -> HistogramText.decode(text)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aHistogramOfAWiderRangeOrFinerPrecisionIsRejected() {
    Histogram hours = new Histogram(1, 3_600_000_000L, Latency.SIGNIFICANT_DIGITS);
    hours.recordValue(3_000_000_000L);
    Histogram fine = new Histogram(1, Latency.HIGHEST_MICROS, 5);
    fine.recordValue(1234);
    Histogram coarse = new Histogram(1, Latency.HIGHEST_MICROS, 1);
    coarse.recordValue(1234);

    for (Histogram other : new Histogram[] {hours, fine}) {
      assertThatThrownBy(() -> HistogramText.decode(HistogramText.encode(other)))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("declares");
    }
    assertThat(HistogramText.decode(HistogramText.encode(coarse)).getTotalCount()).isEqualTo(1);
  }

  private static void decodesOrRejects(String text) {
    try {
      HistogramText.decode(text);
    } catch (IllegalArgumentException expected) {
      // rejected: fine
    }
  }
}
