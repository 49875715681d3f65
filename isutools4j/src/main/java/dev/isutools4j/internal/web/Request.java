package dev.isutools4j.internal.web;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** An admin request's method, path and parameters (query string, plus a form body on POST). */
final class Request {

  private static final int MAX_BODY = 64 * 1024;

  private final HttpExchange exchange;
  private final Map<String, String> params;

  private Request(HttpExchange exchange, Map<String, String> params) {
    this.exchange = exchange;
    this.params = params;
  }

  static Request of(HttpExchange exchange) throws IOException {
    Map<String, String> params = new HashMap<>();
    parse(exchange.getRequestURI().getRawQuery(), params);
    String type = exchange.getRequestHeaders().getFirst("Content-Type");
    if ("POST".equals(exchange.getRequestMethod()) && type != null
        && type.startsWith("application/x-www-form-urlencoded")) {
      try (InputStream body = exchange.getRequestBody()) {
        parse(new String(body.readNBytes(MAX_BODY), StandardCharsets.UTF_8), params);
      }
    }
    return new Request(exchange, params);
  }

  private static void parse(String encoded, Map<String, String> into) {
    if (encoded == null || encoded.isEmpty()) {
      return;
    }
    for (String pair : encoded.split("&")) {
      int eq = pair.indexOf('=');
      String key = eq < 0 ? pair : pair.substring(0, eq);
      String value = eq < 0 ? "" : pair.substring(eq + 1);
      try {
        into.putIfAbsent(URLDecoder.decode(key, StandardCharsets.UTF_8),
            URLDecoder.decode(value, StandardCharsets.UTF_8));
      } catch (IllegalArgumentException malformed) {
        // A broken escape: the pair is ignored.
      }
    }
  }

  String path() {
    return exchange.getRequestURI().getPath();
  }

  String param(String name) {
    return params.get(name);
  }

  String header(String name) {
    return exchange.getRequestHeaders().getFirst(name);
  }

  /** Every value of header {@code name}; null when there is none. */
  List<String> headers(String name) {
    return exchange.getRequestHeaders().get(name);
  }

  String method() {
    return exchange.getRequestMethod();
  }

  /** True when the method is {@code allowed} (HEAD counts as GET); else answers 405 and returns false. */
  boolean allow(HttpExchange ex, String allowed) throws IOException {
    String method = ex.getRequestMethod();
    if (method.equals(allowed) || (allowed.equals("GET") && method.equals("HEAD"))) {
      return true;
    }
    ex.getResponseHeaders().set("Allow", allowed);
    Responses.text(ex, 405, method + " is not allowed here; use " + allowed + "\n");
    return false;
  }
}
