package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.store.RunStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Any request target and form body sent to a real admin server over loopback, serving a history
 * of two runs with no run open (read-only, so that no request can change it): every answer is a
 * refusal or an answer the endpoint documents (200, 204, 400, 404, 405, 409), never a 500 nor a
 * failure counted in {@link Health}, and the history is left as it was. An input is
 * {@code [POST ]target}, then a line break and the form body.
 * Seeds: {@code AdminQueryFuzzTestInputs/adminQuery/}, one request each.
 */
class AdminQueryFuzzTest {

  /** Longer requests take the same paths; the limit keeps each input fast. */
  private static final int MAX_INPUT = 8 * 1024;
  private static final Set<Integer> ANSWERS = Set.of(200, 204, 400, 404, 405, 409);
  private static final String ALLOWED = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
      + "0123456789-._~!$&'()*+,;=:@/?";

  private static Path dir;
  private static AdminServer server;
  private static boolean detectors = true;
  private static List<String> history;

  @BeforeAll
  static void serve() throws Exception {
    dir = Files.createTempDirectory("isutools-fuzz-admin-");
    RunLifecycle recording = new RunLifecycle(new RunStore(dir), List.of(),
        () -> new GitRevision("feedbeef", false), 5, Clock.systemUTC());
    recording.reset();
    recording.save(100L, true, "first", null);
    recording.reset();
    recording.save(200L, true, "second", "level-1");
    history = files();
    server = AdminServer.start(Settings.of(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString())), RunLifecycle.readOnly(new RunStore(dir)));
  }

  @AfterAll
  static void stop() throws IOException {
    server.stop();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }

  @FuzzTest
  void adminQuery(byte[] input) throws Exception {
    if (input.length > MAX_INPUT) {
      return;
    }
    String text = new String(input, StandardCharsets.ISO_8859_1); // one char per byte, encoded below
    int newline = text.indexOf('\n');
    String line = newline < 0 ? text : text.substring(0, newline);
    byte[] body = newline < 0 ? new byte[0] : text.substring(newline + 1).getBytes(StandardCharsets.ISO_8859_1);
    boolean post = line.startsWith("POST ");
    String target = encode(post ? line.substring(5) : line);
    if (!target.startsWith("/")) {
      target = "/" + target;
    }
    URL url = URI.create("http://127.0.0.1:" + server.address().getPort() + target).toURL();
    allowLoopback();
    long failures = Health.failures();
    // HttpURLConnection connects on this thread, where the loopback allowance holds.
    HttpURLConnection request = (HttpURLConnection) url.openConnection();
    request.setConnectTimeout(5000);
    request.setReadTimeout(10_000);
    if (post) {
      request.setRequestMethod("POST");
      request.setDoOutput(true);
      request.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
      try (OutputStream out = request.getOutputStream()) {
        out.write(body);
      }
    }
    int status = request.getResponseCode();
    InputStream answer = status < 400 ? request.getInputStream() : request.getErrorStream();
    String said = answer == null ? "" : new String(answer.readAllBytes(), StandardCharsets.UTF_8);
    assertThat(status).as("%s %s: %s", post ? "POST" : "GET", target, said).isIn(ANSWERS);
    assertThat(Health.failures()).as("failures counted for %s", target).isEqualTo(failures);
    assertThat(files()).as("the history").isEqualTo(history);
  }

  /** Tells Jazzer's request forgery detector, for this thread, that the server is expected. */
  private static void allowLoopback() {
    if (!detectors) {
      return;
    }
    int port = server.address().getPort();
    try {
      BugDetectors.allowNetworkConnections(
          (host, p) -> p == port && (host.equals("127.0.0.1") || host.equals("localhost")));
    } catch (IllegalStateException none) {
      detectors = false; // the seeds run without Jazzer's bug detectors: nothing to allow
    }
  }

  /** The target with every byte a URI may not hold as it is written %XX; a valid escape stays. */
  private static String encode(String raw) {
    StringBuilder out = new StringBuilder(raw.length() * 3);
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      boolean escape = c == '%' && i + 2 < raw.length() && isHex(raw.charAt(i + 1))
          && isHex(raw.charAt(i + 2));
      if (escape || ALLOWED.indexOf(c) >= 0) {
        out.append(c);
      } else {
        out.append('%').append(Character.forDigit(c >> 4 & 0xf, 16))
            .append(Character.forDigit(c & 0xf, 16));
      }
    }
    return out.toString();
  }

  private static boolean isHex(char c) {
    return Character.digit(c, 16) >= 0;
  }

  private static List<String> files() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }
}
