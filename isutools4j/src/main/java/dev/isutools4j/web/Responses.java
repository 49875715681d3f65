package dev.isutools4j.web;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Writes admin responses. */
final class Responses {

  private Responses() {}

  static void text(HttpExchange exchange, int status, String body) throws IOException {
    send(exchange, status, "text/plain; charset=utf-8", body);
  }

  static void html(HttpExchange exchange, int status, String body) throws IOException {
    send(exchange, status, "text/html; charset=utf-8", body);
  }

  static void json(HttpExchange exchange, int status, String body) throws IOException {
    send(exchange, status, "application/json; charset=utf-8", body);
  }

  static void empty(HttpExchange exchange, int status) throws IOException {
    exchange.sendResponseHeaders(status, -1);
  }

  private static void send(HttpExchange exchange, int status, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.getResponseHeaders().set("Cache-Control", "no-store");
    boolean head = "HEAD".equals(exchange.getRequestMethod());
    exchange.sendResponseHeaders(status, head ? -1 : bytes.length);
    if (!head) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    }
  }
}
