package dev.isutools4j.isugram.data;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-512 as lower-case hex, in process. Thread-safe. */
public final class Sha512 {

  private Sha512() {}

  /** The lower-case hex SHA-512 of the UTF-8 bytes of {@code text}, as {@code openssl dgst -sha512} prints it. */
  public static String hex(String text) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-512");
      return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-512", e);
    }
  }

  /** The stored hash of a password: sha512hex(password + ":" + sha512hex(accountName)). */
  public static String passhash(String accountName, String password) {
    return hex(password + ":" + hex(accountName));
  }
}
