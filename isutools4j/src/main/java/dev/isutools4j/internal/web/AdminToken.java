package dev.isutools4j.internal.web;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/*
 * Comparison: what was given and what is expected are both hashed to SHA-256 and compared with
 * MessageDigest.isEqual, whose time depends on neither content; so neither the token's bytes nor
 * its length can be learnt by timing the answers.
 *
 * The cookie: after a page was opened with ?token=, the browser keeps the dashboard working without
 * the token in any link. Its value is an HMAC of a fixed text keyed by the token, not the token
 * itself (HttpOnly, SameSite=Strict, Path=/). Browsers share cookies between the ports of one host,
 * so its name carries the port the browser reached (each of three forwarded servers keeps its own).
 */

/**
 * The admin server's token ({@code isutools.token}) and the ways a request may carry it: the
 * {@code Authorization: Bearer} header, the {@code token} parameter, or the dashboard's cookie.
 */
final class AdminToken {

  /** How a request carried the token. */
  enum Given {
    /** No token is set: every request is let through. */
    NOT_REQUIRED,
    HEADER,
    PARAMETER,
    COOKIE,
    /** Missing or wrong. */
    NONE
  }

  private static final String BEARER = "Bearer ";
  private static final String COOKIE_PREFIX = "isutools-";

  private final byte[] tokenHash;
  private final String cookieValue;
  private final byte[] cookieHash;

  private AdminToken(String token) {
    this.tokenHash = token == null ? null : sha256(token);
    this.cookieValue = token == null ? null : cookieValue(token);
    this.cookieHash = token == null ? null : sha256(cookieValue);
  }

  /** The server's token; null for none. */
  static AdminToken of(String token) {
    return new AdminToken(token);
  }

  /**
   * How a request carries the token. A bearer header or a {@code token} parameter that is there
   * decides alone (a wrong one is not made good by a cookie).
   *
   * @param authorization its {@code Authorization} header, or null
   * @param parameter its {@code token} parameter, or null
   * @param cookies its {@code Cookie} headers, or null
   * @param host its {@code Host} header, which names the cookie
   */
  Given given(String authorization, String parameter, List<String> cookies, String host) {
    if (tokenHash == null) {
      return Given.NOT_REQUIRED;
    }
    if (authorization != null && authorization.startsWith(BEARER)) {
      return matches(tokenHash, authorization.substring(BEARER.length()).trim())
          ? Given.HEADER : Given.NONE;
    }
    if (parameter != null) {
      return matches(tokenHash, parameter) ? Given.PARAMETER : Given.NONE;
    }
    String cookie = cookie(cookies, cookieName(host));
    return cookie != null && matches(cookieHash, cookie) ? Given.COOKIE : Given.NONE;
  }

  /** The {@code Set-Cookie} value that lets the browser that reached {@code host} in without a token. */
  String setCookie(String host) {
    return cookieName(host) + "=" + cookieValue + "; Path=/; HttpOnly; SameSite=Strict";
  }

  private static String cookieName(String host) {
    Authority authority = Authority.parse(host);
    return COOKIE_PREFIX + (authority == null ? 80 : authority.portOr(80));
  }

  /** The value of cookie {@code name} among the request's {@code Cookie} headers, or null. */
  private static String cookie(List<String> headers, String name) {
    if (headers == null) {
      return null;
    }
    for (String header : headers) {
      for (String pair : header.split(";")) {
        int eq = pair.indexOf('=');
        if (eq > 0 && pair.substring(0, eq).trim().equals(name)) {
          return pair.substring(eq + 1).trim();
        }
      }
    }
    return null;
  }

  private static boolean matches(byte[] expectedHash, String given) {
    return MessageDigest.isEqual(expectedHash, sha256(given));
  }

  private static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  private static String cookieValue(String token) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(token.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      byte[] value = mac.doFinal("isutools4j dashboard".getBytes(StandardCharsets.UTF_8));
      return Base64.getUrlEncoder().withoutPadding().encodeToString(value);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }
}
