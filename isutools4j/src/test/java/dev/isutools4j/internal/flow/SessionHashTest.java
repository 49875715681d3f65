package dev.isutools4j.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** The session key is the JDK's own HMAC-SHA256 of the value's UTF-8 bytes, cut to 64 bits. */
class SessionHashTest {

  private static final byte[] KEY = "a key of the run's JVM, 32 bytes".getBytes(StandardCharsets.US_ASCII);

  private static long jdkHmac(byte[] key, String value) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    return ByteBuffer.wrap(mac.doFinal(value.getBytes(StandardCharsets.UTF_8))).getLong();
  }

  @Test
  void isTheFirst64BitsOfHmacSha256OfTheValuesUtf8Bytes() throws Exception {
    SessionHash hash = new SessionHash(KEY);
    String longValue = "x".repeat(200); // more than one block, and more than the chunk
    for (String value : new String[] {"5D41402ABC4B2A76B9719D911017C592", "s%3AabcDEF.1234", "a",
        longValue, "セッション", "caf\u00e9", "emoji\ud83d\ude00end", "lone\ud800surrogate"}) {
      assertThat(hash.of(value, 0, value.length())).as(value).isEqualTo(jdkHmac(KEY, value));
    }
  }

  @Test
  void hashesOnlyTheValuesBounds() throws Exception {
    SessionHash hash = new SessionHash(KEY);
    String header = "theme=dark; JSESSIONID=5D41402ABC4B2A76B9719D911017C592; lang=ja";
    int start = header.indexOf("5D41");
    assertThat(hash.of(header, start, start + 32)).isEqualTo(jdkHmac(KEY, "5D41402ABC4B2A76B9719D911017C592"));
  }

  @Test
  void aKeyOfAnotherJvmGivesOtherSessionKeys() {
    SessionHash one = SessionHash.random();
    SessionHash other = SessionHash.random();
    String value = "5D41402ABC4B2A76B9719D911017C592";
    assertThat(one.of(value, 0, value.length())).isEqualTo(one.of(value, 0, value.length()))
        .isNotEqualTo(other.of(value, 0, value.length()));
  }

  @Test
  void distinctValuesGiveDistinctKeys() {
    SessionHash hash = SessionHash.random();
    Set<Long> keys = new HashSet<>();
    for (int i = 0; i < 100_000; i++) {
      String value = Integer.toHexString(i * 7919);
      keys.add(hash.of(value, 0, value.length()));
    }
    assertThat(keys).hasSize(100_000).doesNotContain(0L);
  }
}
