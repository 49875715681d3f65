package dev.isutools4j.isugram.bench;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/** One answer, with what was asked: the redirect is not followed. */
record Response(String method, String path, Score.Kind kind, int status, HttpHeaders headers, byte[] body, URI base) {

  String text() {
    return new String(body, StandardCharsets.UTF_8);
  }

  Document html() {
    return Jsoup.parse(text(), base.toString());
  }

  String header(String name) {
    return headers.firstValue(name).orElse(null);
  }

  /** "GET /posts/1" */
  String what() {
    return method + " " + path;
  }
}
