package dev.isutools4j.internal.web;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Where a request says it comes from: the {@code Origin} header a browser sends with every request
 * that is not a GET or HEAD, or lacking one the origin of its {@code Referer}. Tools (curl, the
 * command line, a hub calling its peers) send neither.
 *
 * @param origin the origin as sent ({@code http://127.0.0.1:19191}, {@code null} from a sandboxed
 *     or local page), or null when the request names none
 */
record RequestOrigin(String origin) {

  static RequestOrigin of(String originHeader, String referer) {
    if (originHeader != null) {
      return new RequestOrigin(originHeader.trim());
    }
    if (referer == null) {
      return new RequestOrigin(null);
    }
    try {
      URI uri = new URI(referer.trim());
      return new RequestOrigin(uri.getScheme() == null || uri.getRawAuthority() == null
          ? "unreadable Referer" : uri.getScheme() + "://" + uri.getRawAuthority());
    } catch (URISyntaxException e) {
      return new RequestOrigin("unreadable Referer");
    }
  }

  /** Whether the request named an origin at all. */
  boolean said() {
    return origin != null;
  }

  /**
   * Whether the origin is the server's own as the request reached it: http or https with the
   * {@code Host} header's name and port (a port left out is the scheme's default on both sides).
   */
  boolean sameAs(String hostHeader) {
    if (origin == null || hostHeader == null) {
      return false;
    }
    int sep = origin.indexOf("://");
    if (sep < 0) {
      return false;
    }
    String scheme = origin.substring(0, sep).toLowerCase(Locale.ROOT);
    int defaultPort = switch (scheme) {
      case "http" -> 80;
      case "https" -> 443;
      default -> -1;
    };
    Authority from = Authority.parse(origin.substring(sep + 3));
    Authority host = Authority.parse(hostHeader);
    return defaultPort > 0 && from != null && host != null && from.name().equals(host.name())
        && from.portOr(defaultPort) == host.portOr(defaultPort);
  }
}
