package dev.isutools4j.internal.web;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

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

  /** A file of a run's folder, streamed as a download. */
  static void file(HttpExchange exchange, Path file) throws IOException {
    String name = file.getFileName().toString();
    exchange.getResponseHeaders().set("Content-Type",
        name.endsWith(".collapsed") ? "text/plain; charset=utf-8" : "application/octet-stream");
    exchange.getResponseHeaders().set("Content-Disposition", "attachment; filename=\"" + name + "\"");
    exchange.getResponseHeaders().set("Cache-Control", "no-store");
    boolean head = "HEAD".equals(exchange.getRequestMethod());
    exchange.sendResponseHeaders(200, head ? -1 : Files.size(file));
    if (!head) {
      try (OutputStream out = exchange.getResponseBody()) {
        Files.copy(file, out);
      }
    }
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
