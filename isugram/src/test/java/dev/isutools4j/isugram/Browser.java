package dev.isutools4j.isugram;

import java.io.ByteArrayOutputStream;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.StringJoiner;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/** A browser with its own cookies, for route tests; redirects are not followed. */
public final class Browser {

  /** An answer. */
  public record Page(int status, String location, String contentType, byte[] body) {

    public String text() {
      return new String(body, StandardCharsets.UTF_8);
    }

    public Document html() {
      return Jsoup.parse(text());
    }

    /** The path of the Location header. */
    public String redirectPath() {
      return location == null ? null : URI.create("http://x").resolve(location).getRawPath();
    }
  }

  private final URI base;
  private final HttpClient client;

  public Browser(String baseUrl) {
    this.base = URI.create(baseUrl);
    this.client = HttpClient.newBuilder().cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL))
        .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(10)).build();
  }

  public Page get(String path) {
    return send(HttpRequest.newBuilder(base.resolve(path)).GET());
  }

  /** Fields as name, value, name, value... */
  public Page post(String path, String... fields) {
    StringJoiner form = new StringJoiner("&");
    for (int i = 0; i < fields.length; i += 2) {
      form.add(URLEncoder.encode(fields[i], StandardCharsets.UTF_8) + "="
          + URLEncoder.encode(fields[i + 1], StandardCharsets.UTF_8));
    }
    return send(HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(form.toString())));
  }

  /** A multipart POST with a file (null for none) and text fields as name, value... */
  public Page upload(String path, String mime, byte[] file, String... fields) {
    String boundary = "----test" + System.nanoTime();
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    for (int i = 0; i < fields.length; i += 2) {
      body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + fields[i] + "\"\r\n\r\n"
          + fields[i + 1] + "\r\n").getBytes(StandardCharsets.UTF_8));
    }
    if (file != null) {
      body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f\"\r\n"
          + "Content-Type: " + mime + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
      body.writeBytes(file);
      body.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
    }
    body.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
    return send(HttpRequest.newBuilder(base.resolve(path))
        .header("Content-Type", "multipart/form-data; boundary=" + boundary)
        .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())));
  }

  private Page send(HttpRequest.Builder request) {
    try {
      HttpResponse<byte[]> response = client.send(request.timeout(Duration.ofSeconds(30)).build(),
          HttpResponse.BodyHandlers.ofByteArray());
      return new Page(response.statusCode(), response.headers().firstValue("Location").orElse(null),
          response.headers().firstValue("Content-Type").orElse(""), response.body());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
