package dev.isutools4j.isugram.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.isugram.data.Openssl;
import java.util.List;
import org.junit.jupiter.api.Test;

class DigestTest {

  @Test
  void theInProcessDigestEqualsOpensslByteForByte() throws Exception {
    Digest openssl = new OpensslDigest("openssl");
    for (String text : List.of("", "abc", "tf5tf5:" + "0".repeat(128), "日本語 と spaces\nand lines", "a'b\"c$d`e")) {
      String expected = Openssl.sha512Hex(text);
      assertThat(Digest.IN_PROCESS.sha512Hex(text)).as(text).isEqualTo(expected);
      assertThat(openssl.sha512Hex(text)).as(text).isEqualTo(expected);
    }
    assertThat(openssl.passhash("tf5", "tf5tf5")).isEqualTo(Digest.IN_PROCESS.passhash("tf5", "tf5tf5"));
  }
}
