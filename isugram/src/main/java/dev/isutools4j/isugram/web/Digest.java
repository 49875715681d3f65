package dev.isutools4j.isugram.web;

import dev.isutools4j.isugram.data.Sha512;

/** SHA-512 as lower-case hex. Thread-safe. */
interface Digest {

  String sha512Hex(String text);

  /** The stored hash of a password. */
  default String passhash(String accountName, String password) {
    return sha512Hex(password + ":" + sha512Hex(accountName));
  }

  /** In process, with MessageDigest. */
  Digest IN_PROCESS = Sha512::hex;
}
