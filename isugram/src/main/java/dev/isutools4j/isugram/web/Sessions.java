package dev.isutools4j.isugram.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

/** The logged-in user, the CSRF token and the flash message, all in the container's session. */
final class Sessions {

  private static final String USER_ID = "user_id";
  private static final String CSRF = "csrf_token";
  private static final String NOTICE = "notice";
  private static final SecureRandom RANDOM = new SecureRandom();

  private final Users users;

  Sessions(Users users) {
    this.users = users;
  }

  /** The logged-in user, or null. */
  User me(HttpServletRequest request) {
    HttpSession session = request.getSession(false);
    Object id = session == null ? null : session.getAttribute(USER_ID);
    return id == null ? null : users.byId((Integer) id);
  }

  void logIn(HttpServletRequest request, int userId) {
    HttpSession session = request.getSession(true);
    request.changeSessionId();
    session.setAttribute(USER_ID, userId);
    byte[] token = new byte[16];
    RANDOM.nextBytes(token);
    session.setAttribute(CSRF, HexFormat.of().formatHex(token));
  }

  void logOut(HttpServletRequest request) {
    HttpSession session = request.getSession(false);
    if (session != null) {
      session.removeAttribute(USER_ID);
      session.removeAttribute(CSRF);
    }
  }

  /** The session's CSRF token; empty when there is none. */
  String csrf(HttpServletRequest request) {
    HttpSession session = request.getSession(false);
    Object token = session == null ? null : session.getAttribute(CSRF);
    return token == null ? "" : (String) token;
  }

  boolean csrfMatches(HttpServletRequest request, String given) {
    String token = csrf(request);
    return !token.isEmpty() && given != null && MessageDigest.isEqual(token.getBytes(), given.getBytes());
  }

  void flash(HttpServletRequest request, String message) {
    request.getSession(true).setAttribute(NOTICE, message);
  }

  /** The flash message, removed from the session; null when there is none. */
  String takeFlash(HttpServletRequest request) {
    HttpSession session = request.getSession(false);
    if (session == null) {
      return null;
    }
    Object notice = session.getAttribute(NOTICE);
    if (notice != null) {
      session.removeAttribute(NOTICE);
    }
    return (String) notice;
  }
}
