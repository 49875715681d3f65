package dev.isutools4j.internal.hub;

import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;

/**
 * The hub's side of the admin protocol with its peers: a hub's reset, a hub's save and the part
 * each peer saved, every call within its timeout. Calls run on the JDK's HTTP client over a small
 * pool of daemon threads of its own ({@code isutools-hub-N}, gone when idle) plus the client's
 * selector thread; never on the app's threads. Every failure completes the call with a
 * {@link PeerFailure} saying why in plain words.
 */
public final class PeerClient implements AutoCloseable {

  /** The pool's threads: the calls are asynchronous, the threads only parse answers. */
  public static final int THREADS = 2;

  private final ThreadPoolExecutor executor;
  private final HttpClient http;
  private final Clock clock;

  /**
   * What a peer's answer to a hub's reset told: its name, role, version, revision, its clock
   * minus the hub's (at the midpoint of the request's send and receive) and the round trip.
   */
  public record Joined(String host, String role, String version, String revision,
      double clockOffsetMs, double roundTripMs) {}

  /** A peer's part as fetched: the snapshot, the bytes on the wire and the JSON's length. */
  public record Part(Snapshot snapshot, long wireBytes, long jsonBytes, boolean gzipped) {}

  public PeerClient(Clock clock) {
    this.clock = clock;
    AtomicInteger threads = new AtomicInteger();
    this.executor = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS,
        new LinkedBlockingQueue<>(), task -> {
          Thread thread = new Thread(task, "isutools-hub-" + threads.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        });
    executor.allowCoreThreadTimeOut(true);
    this.http = HttpClient.newBuilder()
        .executor(executor)
        .version(HttpClient.Version.HTTP_1_1)
        .followRedirects(HttpClient.Redirect.NEVER)
        .proxy(HttpClient.Builder.NO_PROXY)
        .build();
  }

  /** {@code POST /reset?run=ID&hub=HUB}: opens the hub's run on the peer. */
  public CompletableFuture<Joined> reset(Peer peer, String run, String hub, int timeoutMs) {
    long start = System.nanoTime();
    Instant sentAt = clock.instant();
    HttpRequest request = request(peer, "/reset?run=" + encode(run) + "&hub=" + encode(hub),
        timeoutMs).POST(HttpRequest.BodyPublishers.noBody()).build();
    return send(request, start, timeoutMs).thenApply(response -> {
      long receivedNanos = System.nanoTime();
      expect(peer, response, 204, start);
      double roundTripMs = (receivedNanos - start) / 1e6;
      double midpointMs = sentAt.getEpochSecond() * 1000.0 + sentAt.getNano() / 1e6 + roundTripMs / 2;
      String clockHeader = response.headers().firstValue("X-Isutools-Clock").orElse(null);
      double offset = Double.NaN;
      if (clockHeader != null) {
        try {
          offset = Double.parseDouble(clockHeader) - midpointMs;
        } catch (NumberFormatException unreadable) {
          // An offset not measured is NaN; the run opened all the same.
        }
      }
      String revision = response.headers().firstValue("X-Isutools-Revision").orElse("");
      return new Joined(response.headers().firstValue("X-Isutools-Host").orElse(null),
          response.headers().firstValue("X-Isutools-Role").orElse(null),
          response.headers().firstValue("X-Isutools-Version").orElse(null),
          revision.isEmpty() ? null : revision, offset, roundTripMs);
    });
  }

  /**
   * {@code POST /save?run=ID&score=..&pass=..&note=..}, then {@code GET /api/runs/ID}: the peer
   * saves its part into its own history and the hub fetches it, both within {@code timeoutMs}.
   */
  public CompletableFuture<Part> save(Peer peer, String run, Long score, Boolean pass, String note,
      int timeoutMs) {
    long start = System.nanoTime();
    return postSave(peer, run, score, pass, note, start, timeoutMs).thenCompose(response -> {
      expect(peer, response, 200, start);
      return fetch(peer, run, start, timeoutMs);
    });
  }

  /**
   * The part of run {@code run} for the hub's attach: {@code POST /save?run=ID} with the saved
   * run's score, verdict and note, so that a peer still holding the run open (its save failed or
   * never came) saves it now, then {@code GET /api/runs/ID}. A save answered 409 (the run is not
   * open there: saved already, or never joined) is followed by the fetch all the same; when that
   * finds no part either, the failure gives both answers, such as the run the peer is in instead.
   */
  public CompletableFuture<Part> attach(Peer peer, String run, Long score, Boolean pass,
      String note, int timeoutMs) {
    long start = System.nanoTime();
    return postSave(peer, run, score, pass, note, start, timeoutMs).thenCompose(response -> {
      if (response.statusCode() != 409) {
        expect(peer, response, 200, start);
        return fetch(peer, run, start, timeoutMs);
      }
      String refused = "409: " + firstLine(new String(response.body(), StandardCharsets.UTF_8));
      return fetch(peer, run, start, timeoutMs).handle((part, error) -> {
        if (error == null) {
          return part;
        }
        PeerFailure failure = failure(error, start, timeoutMs);
        if (failure.status() != 404) {
          throw new CompletionException(failure);
        }
        throw new CompletionException(new PeerFailure(refused + "; and run " + run
            + " is not saved there", failure.waitedMs(), 409));
      });
    });
  }

  /** {@code POST /save?run=ID&score=..&pass=..&note=..} to the peer: its answer, any status. */
  private CompletableFuture<HttpResponse<byte[]>> postSave(Peer peer, String run, Long score,
      Boolean pass, String note, long start, int timeoutMs) {
    HttpRequest request = request(peer, saveQuery(run, score, pass, note), timeoutMs)
        .POST(HttpRequest.BodyPublishers.noBody()).build();
    return send(request, start, timeoutMs);
  }

  private static String saveQuery(String run, Long score, Boolean pass, String note) {
    StringBuilder query = new StringBuilder("/save?run=").append(encode(run));
    if (score != null) {
      query.append("&score=").append(score);
    }
    if (pass != null) {
      query.append("&pass=").append(pass);
    }
    if (note != null) {
      query.append("&note=").append(encode(note));
    }
    return query.toString();
  }

  private CompletableFuture<Part> fetch(Peer peer, String run, long start, int timeoutMs) {
    long left = timeoutMs - elapsedMs(start);
    if (left <= 0) {
      return CompletableFuture.failedFuture(timedOut(start, timeoutMs));
    }
    HttpRequest request = request(peer, "/api/runs/" + encode(run), left)
        .header("Accept-Encoding", "gzip").GET().build();
    return send(request, start, timeoutMs).thenApply(response -> {
      expect(peer, response, 200, start);
      boolean gzipped = response.headers().firstValue("Content-Encoding")
          .map(e -> e.equalsIgnoreCase("gzip")).orElse(false);
      byte[] wire = response.body();
      try {
        byte[] json = gzipped ? gunzip(wire) : wire;
        Snapshot part = SnapshotJson.read(new String(json, StandardCharsets.UTF_8));
        return new Part(part, wire.length, json.length, gzipped);
      } catch (IOException | RuntimeException unreadable) {
        throw new CompletionException(new PeerFailure("unreadable part: " + firstLine(
            String.valueOf(unreadable.getMessage())), elapsedMs(start)));
      }
    });
  }

  private static byte[] gunzip(byte[] body) throws IOException {
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
      return in.readAllBytes();
    }
  }

  private static HttpRequest.Builder request(Peer peer, String pathAndQuery, long timeoutMs) {
    HttpRequest.Builder builder = HttpRequest.newBuilder(peer.uri(pathAndQuery))
        .timeout(Duration.ofMillis(timeoutMs));
    if (peer.token() != null) {
      builder.header("Authorization", "Bearer " + peer.token());
    }
    return builder;
  }

  private CompletableFuture<HttpResponse<byte[]>> send(HttpRequest request, long start,
      int timeoutMs) {
    return http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray())
        .handle((response, error) -> {
          if (error != null) {
            throw new CompletionException(failure(error, start, timeoutMs));
          }
          return response;
        });
  }

  private static void expect(Peer peer, HttpResponse<byte[]> response, int status, long start) {
    if (response.statusCode() == status) {
      return;
    }
    String body = firstLine(new String(response.body(), StandardCharsets.UTF_8));
    String reason = switch (response.statusCode()) {
      case 401 -> "401: the token was refused (isutools.peer." + peer.name()
          + ".token, else isutools.token)";
      case 404 -> "404: " + (body.isEmpty() ? "not found" : body);
      default -> response.statusCode() + (body.isEmpty() ? "" : ": " + body);
    };
    throw new CompletionException(new PeerFailure(reason, elapsedMs(start),
        response.statusCode()));
  }

  /** The reason of a failed call, in plain words. */
  static PeerFailure failure(Throwable error, long start, int timeoutMs) {
    Throwable cause = unwrap(error);
    if (cause instanceof PeerFailure failure) {
      return failure;
    }
    long waited = elapsedMs(start);
    if (cause instanceof HttpConnectTimeoutException) {
      return new PeerFailure("no connection within " + timeoutMs + " ms", waited);
    }
    if (cause instanceof HttpTimeoutException) {
      return timedOut(start, timeoutMs);
    }
    if (cause instanceof ConnectException) {
      String message = cause.getMessage();
      return new PeerFailure(message == null || message.contains("refused") ? "connection refused"
          : "cannot connect: " + message, waited);
    }
    if (cause instanceof IOException) {
      return new PeerFailure("connection failed: " + (cause.getMessage() == null
          ? cause.getClass().getSimpleName() : firstLine(cause.getMessage())), waited);
    }
    return new PeerFailure(String.valueOf(cause), waited);
  }

  static PeerFailure timedOut(long start, int timeoutMs) {
    return new PeerFailure("timed out after " + timeoutMs + " ms", elapsedMs(start));
  }

  private static Throwable unwrap(Throwable error) {
    Throwable cause = error;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  static long elapsedMs(long startNanos) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  private static String firstLine(String text) {
    String trimmed = text.strip();
    int newline = trimmed.indexOf('\n');
    return newline < 0 ? trimmed : trimmed.substring(0, newline).strip();
  }

  /** Stops the pool's threads; calls in flight fail. */
  @Override
  public void close() {
    executor.shutdownNow();
  }
}
