package dev.isutools4j.internal.web;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;

/**
 * The checks every admin request passes before it is routed, in this order: the name it was sent to
 * ({@link HostCheck}: 421), where it comes from when it may change state ({@link RequestOrigin}: 403),
 * and its token ({@link AdminToken}: 401). No answer ever carries a CORS header, so no other origin
 * may read one.
 */
final class AdminGate {

  private final HostCheck hosts;
  private final AdminToken token;

  AdminGate(HostCheck hosts, AdminToken token) {
    this.hosts = hosts;
    this.token = token;
  }

  /** True when the request may be routed; else it has been answered. */
  boolean admit(HttpExchange exchange, Request request) throws IOException {
    String host = request.header("Host");
    String misdirected = hosts.refusal(host);
    if (misdirected != null) {
      Responses.text(exchange, 421, misdirected + "\n");
      return false;
    }
    // Only GET and HEAD are known to change nothing; anything else is taken as changing state.
    boolean safe = request.method().equals("GET") || request.method().equals("HEAD");
    RequestOrigin origin = RequestOrigin.of(request.header("Origin"), request.header("Referer"));
    if (!safe && origin.said() && !origin.sameAs(host)) {
      Responses.text(exchange, 403, "refused: " + request.method() + " " + request.path()
          + " from the page at " + origin.origin() + "; a request that changes state is taken from"
          + " this dashboard's own pages, or from a tool that sends no Origin (curl, the command"
          + " line)\n");
      return false;
    }
    switch (token.given(request.header("Authorization"), request.param("token"),
        request.headers("Cookie"), host)) {
      case NONE -> {
        Responses.text(exchange, 401, "a token is required: Authorization: Bearer <token>, or open"
            + " a page once with ?token=<token> (the browser then keeps a cookie)\n");
        return false;
      }
      case COOKIE -> {
        if (!safe && !origin.said()) {
          Responses.text(exchange, 403, "refused: " + request.method() + " " + request.path()
              + " carries the dashboard's cookie but names no origin; the cookie is taken for a"
              + " request that changes state only from the dashboard's own pages (a tool sends the"
              + " token: Authorization: Bearer <token>)\n");
          return false;
        }
      }
      case PARAMETER -> exchange.getResponseHeaders().add("Set-Cookie", token.setCookie(host));
      case HEADER, NOT_REQUIRED -> {
        // Nothing more to check.
      }
    }
    return true;
  }
}
