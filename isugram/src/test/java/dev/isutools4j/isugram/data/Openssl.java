package dev.isutools4j.isugram.data;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Assumptions;

/** {@code openssl dgst -sha512}, for comparing digests; skips the calling test without openssl. */
public final class Openssl {

  private Openssl() {}

  public static String sha512Hex(String text) throws Exception {
    Process process;
    try {
      process = new ProcessBuilder("openssl", "dgst", "-sha512").redirectErrorStream(true).start();
    } catch (java.io.IOException e) {
      Assumptions.abort("openssl cannot be run: " + e.getMessage());
      throw e;
    }
    try (OutputStream in = process.getOutputStream()) {
      in.write(text.getBytes(StandardCharsets.UTF_8));
    }
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    process.waitFor();
    return out.substring(out.lastIndexOf("= ") + 2);
  }
}
