package dev.isutools4j.cli;

import dev.isutools4j.internal.settings.Settings;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;

/** Talks to an isutools4j admin server: reset, save and reads. */
final class AdminClient {

  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final String base;
  private final String token;

  AdminClient(String addr) {
    this(addr, null);
  }

  /** With the token the server asks for (null when it asks for none). */
  AdminClient(String addr, String token) {
    this.base = "http://" + addr;
    this.token = token;
  }

  /**
   * The token a command sends: {@code --token} when given, else the library's setting
   * ({@code isutools.token} from {@code properties}, then {@code ISUTOOLS_TOKEN} from {@code env}).
   */
  static String token(String option, Function<String, String> properties, Map<String, String> env) {
    return option != null ? option : Settings.from(properties, env).token();
  }

  String base() {
    return base;
  }

  boolean reachable() {
    try {
      return get("/api/runs").statusCode() == 200;
    } catch (IOException e) {
      return false;
    }
  }

  /** Opens a run; returns its id. */
  String reset() throws IOException {
    HttpResponse<String> response = post("/reset");
    if (response.statusCode() != 204) {
      throw new IOException("POST /reset answered " + response.statusCode() + ": " + response.body());
    }
    return response.headers().firstValue("X-Isutools-Run-Id").orElse("?");
  }

  /** Saves the open run; returns the server's JSON answer. */
  String save(long score, boolean pass, String note) throws IOException {
    return save(Long.valueOf(score), pass, note);
  }

  /** Saves the open run, with no score when {@code score} is null. */
  String save(Long score, boolean pass, String note) throws IOException {
    return save(score, pass, note, null);
  }

  /** Saves the open run with the label of its configuration (null: the server's own, if any). */
  String save(Long score, boolean pass, String note, String label) throws IOException {
    HttpResponse<String> response = post("/save?" + (score == null ? "" : "score=" + score + "&")
        + "pass=" + pass + "&note=" + URLEncoder.encode(note, StandardCharsets.UTF_8)
        + (label == null ? "" : "&label=" + URLEncoder.encode(label, StandardCharsets.UTF_8)));
    if (response.statusCode() != 200) {
      throw new IOException("POST /save answered " + response.statusCode() + ": " + response.body());
    }
    return response.body();
  }

  /** GETs {@code path}: the status and the body. */
  HttpResponse<String> get(String path) throws IOException {
    return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
  }

  /** POSTs {@code path}: the status and the body. */
  HttpResponse<String> post(String path) throws IOException {
    return send(HttpRequest.newBuilder(URI.create(base + path)).POST(HttpRequest.BodyPublishers.noBody()));
  }

  private HttpResponse<String> send(HttpRequest.Builder request) throws IOException {
    try {
      if (token != null) {
        request.header("Authorization", "Bearer " + token);
      }
      return http.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }
}
