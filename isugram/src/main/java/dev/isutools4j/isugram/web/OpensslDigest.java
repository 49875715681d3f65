package dev.isutools4j.isugram.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** One {@code openssl dgst -sha512} process per digest, as the original does it: slow on purpose. */
final class OpensslDigest implements Digest {

  private final String openssl;

  OpensslDigest(String openssl) {
    this.openssl = openssl;
  }

  @Override
  public String sha512Hex(String text) {
    try {
      Process process = new ProcessBuilder(openssl, "dgst", "-sha512").redirectErrorStream(true).start();
      try (OutputStream in = process.getOutputStream()) {
        in.write(text.getBytes(StandardCharsets.UTF_8));
      }
      String output;
      try (InputStream out = process.getInputStream()) {
        output = new String(out.readAllBytes(), StandardCharsets.UTF_8).trim();
      }
      if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
        process.destroyForcibly();
        throw new IllegalStateException("openssl dgst failed: " + output);
      }
      // "SHA2-512(stdin)= 4f3c..." (OpenSSL 3) or "(stdin)= 4f3c..." (1.1)
      int at = output.lastIndexOf("= ");
      return at < 0 ? output : output.substring(at + 2);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + openssl, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running openssl", e);
    }
  }

  /** Whether {@code openssl} can be run at all. */
  static boolean available(String openssl) {
    try {
      Process process = new ProcessBuilder(openssl, "version").redirectErrorStream(true).start();
      process.getInputStream().readAllBytes();
      return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
