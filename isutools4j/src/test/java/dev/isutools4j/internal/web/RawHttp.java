package dev.isutools4j.internal.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket to a loopback port, so that a test sends exactly the headers a
 * browser or an attacker would ({@code Host} included, which java.net.http keeps to itself).
 */
final class RawHttp {

  /** A response: its status, its headers by lower-cased name, its body. */
  record Response(int status, Map<String, List<String>> headers, String body) {

    String header(String name) {
      List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
      return values == null ? null : values.get(0);
    }

    List<String> headerNames() {
      return List.copyOf(headers.keySet());
    }
  }

  private final int port;

  RawHttp(int port) {
    this.port = port;
  }

  /**
   * Sends {@code method target} with {@code headers} ({@code "Origin: null"}); a {@code Host} of
   * {@code 127.0.0.1:port} unless one is given, as curl sends it.
   */
  Response send(String method, String target, String... headers) throws IOException {
    StringBuilder request = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n");
    boolean host = false;
    for (String header : headers) {
      host |= header.regionMatches(true, 0, "Host:", 0, 5);
      request.append(header).append("\r\n");
    }
    if (!host) {
      request.append("Host: 127.0.0.1:").append(port).append("\r\n");
    }
    if (!method.equals("GET") && !method.equals("HEAD") && !request.toString().contains("Content-Length")) {
      request.append("Content-Length: 0\r\n");
    }
    request.append("Connection: close\r\n\r\n");
    return exchange(request.toString());
  }

  /** Sends the request as given, byte for byte; reads the response until the server closes. */
  Response exchange(String request) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      return parse(socket.getInputStream().readAllBytes());
    }
  }

  private static Response parse(byte[] raw) throws IOException {
    String text = new String(raw, StandardCharsets.ISO_8859_1);
    int end = text.indexOf("\r\n\r\n");
    if (end < 0) {
      throw new IOException("no complete response: " + text);
    }
    String[] lines = text.substring(0, end).split("\r\n");
    int status = Integer.parseInt(lines[0].split(" ")[1]);
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      headers.computeIfAbsent(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
          k -> new ArrayList<>()).add(lines[i].substring(colon + 1).trim());
    }
    byte[] body = java.util.Arrays.copyOfRange(raw, end + 4, raw.length);
    List<String> encoding = headers.get("transfer-encoding");
    if (encoding != null && encoding.get(0).equalsIgnoreCase("chunked")) {
      body = unchunk(new java.io.ByteArrayInputStream(body));
    }
    return new Response(status, headers, new String(body, StandardCharsets.UTF_8));
  }

  private static byte[] unchunk(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while (true) {
      StringBuilder size = new StringBuilder();
      for (int c = in.read(); c != '\n'; c = in.read()) {
        if (c < 0) {
          return out.toByteArray();
        }
        if (c != '\r') {
          size.append((char) c);
        }
      }
      int n = Integer.parseInt(size.toString().split(";")[0].trim(), 16);
      if (n == 0) {
        return out.toByteArray();
      }
      out.write(in.readNBytes(n));
      in.readNBytes(2);
    }
  }
}
