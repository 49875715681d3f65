package dev.isutools4j.internal.web;

import com.sun.net.httpserver.HttpExchange;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/** Writes admin responses. */
final class Responses {

  /** Below this a JSON answer goes as it is: gzip would save less than it costs. */
  static final int GZIP_FROM_BYTES = 1024;

  private Responses() {}

  static void text(HttpExchange exchange, int status, String body) throws IOException {
    send(exchange, status, "text/plain; charset=utf-8", body);
  }

  static void html(HttpExchange exchange, int status, String body) throws IOException {
    send(exchange, status, "text/html; charset=utf-8", body);
  }

  /**
   * JSON, gzipped when the client asks for it ({@code Accept-Encoding: gzip}, as a hub does for a
   * peer's part, whose flame tree makes it large) and it is worth it.
   */
  static void json(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Vary", "Accept-Encoding");
    if (bytes.length >= GZIP_FROM_BYTES && acceptsGzip(exchange.getRequestHeaders()
        .getFirst("Accept-Encoding"))) {
      exchange.getResponseHeaders().set("Content-Encoding", "gzip");
      bytes = gzip(bytes);
    }
    send(exchange, status, "application/json; charset=utf-8", bytes);
  }

  /** Whether an {@code Accept-Encoding} header accepts gzip (and not with {@code q=0}). */
  static boolean acceptsGzip(String acceptEncoding) {
    if (acceptEncoding == null) {
      return false;
    }
    for (String coding : acceptEncoding.split(",")) {
      String[] parts = coding.split(";");
      if (!parts[0].trim().equalsIgnoreCase("gzip")) {
        continue;
      }
      for (int i = 1; i < parts.length; i++) {
        String parameter = parts[i].trim().replace(" ", "");
        if (parameter.startsWith("q=") && parameter.substring(2).matches("0(\\.0*)?")) {
          return false;
        }
      }
      return true;
    }
    return false;
  }

  private static byte[] gzip(byte[] bytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 4 + 64);
    try (GZIPOutputStream gz = new GZIPOutputStream(out, 64 * 1024) {
      {
        def.setLevel(Deflater.BEST_SPEED); // a third of level 6's time, 20 % more bytes (PERFORMANCE.md)
      }
    }) {
      gz.write(bytes);
    }
    return out.toByteArray();
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
    send(exchange, status, type, body.getBytes(StandardCharsets.UTF_8));
  }

  private static void send(HttpExchange exchange, int status, String type, byte[] bytes)
      throws IOException {
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.getResponseHeaders().set("Cache-Control", "no-store");
    // A refusal's text quotes the request's Host or Origin: it must never be read as a page.
    exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
    boolean head = "HEAD".equals(exchange.getRequestMethod());
    exchange.sendResponseHeaders(status, head ? -1 : bytes.length);
    if (!head) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    }
  }
}
