package dev.isutools4j.internal.web;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A host and port as a {@code Host} header or an origin names them: {@code localhost:19191},
 * {@code 10.0.0.2}, {@code [::1]:19191}. The name is lower-cased; an IPv6 address keeps its brackets.
 *
 * @param name the host, lower-cased
 * @param port the port, or -1 when none was given (the scheme's default)
 */
record Authority(String name, int port) {

  private static final Pattern IPV4 =
      Pattern.compile("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
  private static final Pattern NAME = Pattern.compile("[a-z0-9]([a-z0-9_.-]*[a-z0-9_])?");
  private static final Pattern IPV6 = Pattern.compile("\\[[0-9a-f:.]*:[0-9a-f:.]*]");

  /** {@code host[:port]}; null when it is no such thing (a path, a user, a bad port, nothing). */
  static Authority parse(String text) {
    if (text == null) {
      return null;
    }
    String given = text.trim().toLowerCase(Locale.ROOT);
    int close = given.lastIndexOf(']');
    int colon = given.lastIndexOf(':');
    String name = colon > close ? given.substring(0, colon) : given;
    int port = -1;
    if (colon > close) {
      String digits = given.substring(colon + 1);
      if (digits.isEmpty() || digits.length() > 5 || !digits.chars().allMatch(Character::isDigit)) {
        return null;
      }
      port = Integer.parseInt(digits);
      if (port > 65_535) {
        return null;
      }
    }
    boolean v6 = name.startsWith("[");
    if (v6 ? !IPV6.matcher(name).matches() || !validV6(name) : !NAME.matcher(name).matches()) {
      return null;
    }
    return new Authority(name, port);
  }

  private static boolean validV6(String bracketed) {
    try {
      // A literal with a colon is parsed, never looked up.
      InetAddress.getByName(bracketed.substring(1, bracketed.length() - 1));
      return true;
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** Whether the name is an IP address (IPv4 dotted, IPv6 in brackets), which no DNS answer can change. */
  boolean ipLiteral() {
    return name.startsWith("[") || IPV4.matcher(name).matches();
  }

  /** The port, or {@code defaultPort} when none was given. */
  int portOr(int defaultPort) {
    return port < 0 ? defaultPort : port;
  }

  @Override
  public String toString() {
    return port < 0 ? name : name + ":" + port;
  }
}
