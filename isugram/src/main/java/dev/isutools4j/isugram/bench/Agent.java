package dev.isutools4j.isugram.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.HttpCookie;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One simulated browser: its own HttpClient and cookie jar (so its own session), and the ETags of
 * the pictures it has seen. Redirects are not followed, so each can be checked. Not thread-safe:
 * one worker uses it.
 */
final class Agent implements AutoCloseable {

  static final Duration TIMEOUT = Duration.ofSeconds(10);
  private static final AtomicInteger BROWSERS = new AtomicInteger();

  private final URI base;
  private final long deadlineNanos;
  private final CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
  private final HttpClient client;
  private final Map<String, String> etags = new HashMap<>();
  private final Journal journal;
  private final int browser = BROWSERS.incrementAndGet();
  private int session;

  Agent(URI base, long deadlineNanos) {
    this(base, deadlineNanos, Journal.OFF);
  }

  /** A browser whose every request goes into {@code journal}. */
  Agent(URI base, long deadlineNanos, Journal journal) {
    this.base = base;
    this.deadlineNanos = deadlineNanos;
    this.journal = journal;
    this.client = HttpClient.newBuilder().cookieHandler(cookies).connectTimeout(TIMEOUT)
        .followRedirects(HttpClient.Redirect.NEVER).version(HttpClient.Version.HTTP_1_1).build();
  }

  /** Forgets the session: the next request starts a new one. */
  void newSession() {
    cookies.getCookieStore().removeAll();
    session++;
  }

  Response get(String path) {
    return send(HttpRequest.newBuilder(uri(path)).GET(), "GET", path, Score.Kind.GET);
  }

  /** A GET that sends the ETag seen before for this path, if any, and remembers the new one. */
  Response getCached(String path) {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).GET();
    String etag = etags.get(path);
    if (etag != null) {
      request.header("If-None-Match", etag);
    }
    Response response = send(request, "GET", path, Score.Kind.GET);
    String newTag = response.header("ETag");
    if (newTag != null) {
      etags.put(path, newTag);
    }
    return response;
  }

  Response postForm(String path, List<Map.Entry<String, String>> fields) {
    StringJoiner form = new StringJoiner("&");
    for (Map.Entry<String, String> field : fields) {
      form.add(URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8) + "="
          + URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8));
    }
    return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(form.toString())), "POST", path, Score.Kind.POST);
  }

  /** A multipart POST of text fields and one file. */
  Response postUpload(String path, Map<String, String> fields, String fileField, String fileName, String mime,
      byte[] file, Score.Kind kind) {
    String boundary = "----isugram" + Long.toHexString(System.nanoTime());
    ByteArrayOutputStream body = new ByteArrayOutputStream(file.length + 1024);
    try {
      for (Map.Entry<String, String> field : fields.entrySet()) {
        body.write(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + field.getKey()
            + "\"\r\n\r\n" + field.getValue() + "\r\n").getBytes(StandardCharsets.UTF_8));
      }
      body.write(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + fileField + "\"; filename=\""
          + fileName + "\"\r\nContent-Type: " + mime + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
      body.write(file);
      body.write(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "multipart/form-data; boundary=" + boundary)
        .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())), "POST", path, kind);
  }

  private URI uri(String path) {
    return base.resolve(path);
  }

  private Response send(HttpRequest.Builder request, String method, String path, Score.Kind kind) {
    if (System.nanoTime() - deadlineNanos > 0) {
      throw new DeadlineReached();
    }
    try {
      String sent = journal.keeping() ? sessionCookie() : null;
      HttpResponse<byte[]> response = client.send(request.timeout(TIMEOUT).build(),
          HttpResponse.BodyHandlers.ofByteArray());
      if (journal.keeping()) {
        String given = givenSessionCookie(response);
        journal.add(new Journal.Entry(browser, sent != null || given != null ? session : -1, method, path,
            response.statusCode(), response.headers().firstValue("Location").orElse(null)), sent, given);
      }
      return new Response(method, path, kind, response.statusCode(), response.headers(), response.body(), base);
    } catch (HttpConnectTimeoutException e) {
      throw new Unreachable(method + " " + stripQuery(path) + ": connect timeout");
    } catch (HttpTimeoutException e) {
      throw new Unreachable(method + " " + stripQuery(path) + ": timed out after " + TIMEOUT.toSeconds() + " s");
    } catch (IOException e) {
      throw new Unreachable(method + " " + stripQuery(path) + ": " + e.getClass().getSimpleName()
          + (e.getMessage() == null ? "" : " " + e.getMessage()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DeadlineReached();
    }
  }

  /** The session cookie this browser holds for the app, or null. */
  private String sessionCookie() {
    return cookies.getCookieStore().get(base).stream().filter(c -> c.getName().equals(Journal.SESSION_COOKIE))
        .map(HttpCookie::getValue).findFirst().orElse(null);
  }

  /** The session cookie an answer sets (the last one, with a value), or null. */
  private static String givenSessionCookie(HttpResponse<?> response) {
    String given = null;
    for (String header : response.headers().allValues("Set-Cookie")) {
      for (HttpCookie cookie : HttpCookie.parse(header)) {
        if (cookie.getName().equals(Journal.SESSION_COOKIE) && !cookie.getValue().isEmpty()) {
          given = cookie.getValue();
        }
      }
    }
    return given;
  }

  static String stripQuery(String path) {
    int q = path.indexOf('?');
    return q < 0 ? path : path.substring(0, q);
  }

  @Override
  public void close() {
    // HttpClient has no close() before Java 21; dropping it lets its selector thread end.
    etags.clear();
  }
}
