package dev.isutools4j.internal.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.testing.AppProcess;
import dev.isutools4j.testing.HistoryCheck;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Eight threads reset and save, as fast as the admin server answers, a recording app that load
 * threads keep busy: every save is 200 or 409, every reset 204 or 409, no run is half-written,
 * and each saved run holds exactly what was issued while it was open.
 *
 * <p>Each request runs one statement of its thread's own fingerprint ({@code who_<thread>}) and
 * is timed on the thread's clock; a run is open from some instant of its reset's answer to some
 * instant of its save's, so a saved run must count every request of a thread that began after
 * its reset was answered and ended before its save was sent, and none that ended before its reset
 * was sent or began after its save was answered. The saver that reset the run itself and saved it
 * by id ({@code POST /save?run=ID}; two savers save whatever is open, and count when it was
 * theirs) issued its own requests strictly inside: those counts are exact. {@code
 * -Dload.seconds=60} holds it for a minute (12 s in the build); the seed is printed
 * ({@code -Dload.seed}).
 *
 * <p>Each saver talks to the admin server over a kept-alive connection of its own, not through
 * java.net.http: on JDK 17 its connection pool can lose the answer to a request sent on a pooled
 * connection (JDK-8336655, "header parser received no bytes"), and this test is about the
 * server's answers.
 */
class SaveUnderLoadIT {

  private static final int SECONDS = Integer.getInteger("load.seconds", 12);
  private static final long SEED = Long.getLong("load.seed", System.nanoTime());
  private static final int SAVERS = 8;
  private static final int PLAIN_SAVERS = 2;
  private static final int LOAD_THREADS = 4;
  private static final int MAX_REQUESTS = 2_000_000; // per thread: the loop's bound besides time

  @TempDir
  Path history;

  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(10)).build();
  private final Map<String, long[]> resets = new ConcurrentHashMap<>(); // id → sent, answered
  private final Map<String, long[]> saves = new ConcurrentHashMap<>(); // id → sent, answered
  private final Map<String, String> ownSaves = new ConcurrentHashMap<>(); // id → saver
  private final Map<String, AtomicLong> answers = new ConcurrentHashMap<>();
  private final ConcurrentLinkedQueue<String> unexpected = new ConcurrentLinkedQueue<>();
  private final List<Requests> requests = new ArrayList<>();

  @Test
  void savesUnderLoadAre200Or409CompleteAndCountWhatWasIssued() throws Exception {
    System.out.println("[load] seed " + SEED + ", " + SECONDS + " s, " + SAVERS + " savers, "
        + LOAD_THREADS + " load threads (-Dload.seed=" + SEED + " -Dload.seconds=" + SECONDS + ")");
    Random seeds = new Random(SEED);
    try (AppProcess app = AppProcess.start(history, List.of(), Map.of()).awaitReady()) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
      List<Thread> threads = new ArrayList<>();
      for (int i = 0; i < LOAD_THREADS; i++) {
        Requests load = new Requests("load" + i);
        requests.add(load);
        threads.add(thread(load.who, () -> {
          while (System.nanoTime() < deadline && load.size() < MAX_REQUESTS) {
            load.issue(app);
          }
        }));
      }
      for (int i = 0; i < SAVERS; i++) {
        Requests own = new Requests("saver" + i);
        requests.add(own);
        boolean byId = i >= PLAIN_SAVERS;
        Random random = new Random(seeds.nextLong());
        threads.add(thread(own.who, () -> {
          try (AdminConnection admin = new AdminConnection(app.admin())) {
            while (System.nanoTime() < deadline && own.size() < MAX_REQUESTS) {
              cycle(app, admin, own, byId, random.nextInt(5));
            }
          }
        }));
      }
      threads.forEach(Thread::start);
      for (Thread thread : threads) {
        thread.join(TimeUnit.SECONDS.toMillis(SECONDS + 120));
        assertThat(thread.isAlive()).as("%s ended", thread.getName()).isFalse();
      }
      assertThat(unexpected).as("answers other than 200/409 to a save, 204/409 to a reset").isEmpty();

      // Settled: the last run holds what the load issued while it alone was open.
      Requests quiet = new Requests("quiet");
      requests.add(quiet);
      String last;
      try (AdminConnection admin = new AdminConnection(app.admin())) {
        Answer reset = admin.post("/reset");
        assertThat(reset.status()).as(reset.body()).isEqualTo(204);
        last = reset.header("X-Isutools-Run-Id");
        for (int i = 0; i < 500; i++) {
          quiet.issue(app);
        }
        Answer lastSave = admin.post("/save?run=" + last);
        assertThat(lastSave.status()).as(lastSave.body()).isEqualTo(200);
      }

      HistoryCheck.Found found = HistoryCheck.of(history, true);
      assertThat(count(found.runs().get(last), "quiet")).isEqualTo(500);
      assertThat(found.ids()).containsAll(saves.keySet());
      int exact = 0;
      for (String id : saves.keySet()) {
        Snapshot run = found.runs().get(id);
        long[] reset = resets.get(id);
        long[] save = saves.get(id);
        assertThat(reset).as("run %s was opened by a reset of this test", id).isNotNull();
        for (Requests thread : requests) {
          long counted = count(run, thread.who);
          assertThat(counted).as("run %s: %s's requests", id, thread.who)
              .isBetween(thread.within(reset[1], save[0]), thread.overlapping(reset[0], save[1]));
        }
        if (ownSaves.containsKey(id)) {
          Requests owner = requests.stream().filter(r -> r.who.equals(ownSaves.get(id)))
              .findFirst().orElseThrow();
          assertThat(count(run, owner.who)).isEqualTo(owner.within(reset[1], save[0]));
          exact++;
        }
      }
      long issued = requests.stream().mapToLong(Requests::size).sum();
      System.out.printf("[load] %d s: %d requests (%.0f/s), resets %s, saves %s; %d runs saved"
              + " and complete, %d of them counted exactly by their own saver%n", SECONDS, issued,
          issued / (double) SECONDS, answers("reset"), answers("save"), saves.size(), exact);
    }
  }

  /** Reset, a few requests of the saver's own, save: the run by id, or whatever is open. */
  private void cycle(AppProcess app, AdminConnection admin, Requests own, boolean byId,
      int requests) {
    try {
      long sent = System.nanoTime();
      Answer reset = admin.post("/reset");
      long answered = System.nanoTime();
      tally("reset", reset, 204);
      if (reset.status() != 204) {
        return;
      }
      String id = reset.header("X-Isutools-Run-Id");
      resets.put(id, new long[] {sent, answered});
      for (int i = 0; i < requests; i++) {
        own.issue(app);
      }
      sent = System.nanoTime();
      Answer save = admin.post(byId ? "/save?run=" + id : "/save");
      answered = System.nanoTime();
      tally("save", save, 200);
      if (save.status() == 200) {
        String saved = save.body().replaceAll("(?s).*\"id\" : \"([^\"]+)\".*", "$1");
        saves.put(saved, new long[] {sent, answered});
        if (saved.equals(id)) {
          ownSaves.put(id, own.who);
        } else if (byId) {
          unexpected.add(own.who + ": a save of run " + id + " saved run " + saved);
        }
      }
    } catch (IOException e) {
      unexpected.add(own.who + ": " + e);
    }
  }

  private void tally(String what, Answer answer, int ok) {
    int status = answer.status();
    String kind = status == ok ? String.valueOf(status)
        : status == 409 ? "409 " + answer.body().trim().replaceAll("\\d{8}-\\d{6}-\\d{3}[-\\d]*", "ID")
        : null;
    if (kind == null) {
      unexpected.add(what + ": " + status + " " + answer.body());
      return;
    }
    answers.computeIfAbsent(what + "|" + kind, k -> new AtomicLong()).incrementAndGet();
  }

  private Map<String, Long> answers(String what) {
    Map<String, Long> counts = new TreeMap<>();
    answers.forEach((key, count) -> {
      if (key.startsWith(what + "|")) {
        counts.put(key.substring(what.length() + 1), count.get());
      }
    });
    return counts;
  }

  private static long count(Snapshot run, String who) {
    return run.sql().stream().filter(r -> r.fingerprint().contains("who_" + who + " "))
        .mapToLong(r -> r.time().count()).sum();
  }

  /** An admin server's answer: its status, its headers by lower-cased name, its body. */
  private record Answer(int status, Map<String, String> headers, String body) {

    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }
  }

  /**
   * One kept-alive HTTP/1.1 connection to the admin server, opened on first use, as a script that
   * keeps its connection would use it; a closed connection is an error, never retried.
   */
  private static final class AdminConnection implements Closeable {

    private final URI admin;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    AdminConnection(URI admin) {
      this.admin = admin;
    }

    Answer post(String target) throws IOException {
      if (socket == null) {
        socket = new Socket();
        socket.connect(new InetSocketAddress(admin.getHost(), admin.getPort()), 10_000);
        socket.setSoTimeout(60_000);
        socket.setTcpNoDelay(true);
        in = new BufferedInputStream(socket.getInputStream());
        out = socket.getOutputStream();
      }
      out.write(("POST " + target + " HTTP/1.1\r\nHost: " + admin.getHost() + ":" + admin.getPort()
          + "\r\nContent-Length: 0\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      String status = line();
      Map<String, String> headers = new HashMap<>();
      for (String header = line(); !header.isEmpty(); header = line()) {
        int colon = header.indexOf(':');
        headers.put(header.substring(0, colon).trim().toLowerCase(Locale.ROOT),
            header.substring(colon + 1).trim());
      }
      int code = Integer.parseInt(status.substring(9, 12));
      byte[] body = "chunked".equalsIgnoreCase(headers.get("transfer-encoding")) ? chunks()
          : code == 204 ? new byte[0]
          : exactly(Integer.parseInt(headers.getOrDefault("content-length", "0")));
      if ("close".equalsIgnoreCase(headers.get("connection"))) {
        close();
      }
      return new Answer(code, headers, new String(body, StandardCharsets.UTF_8));
    }

    private byte[] chunks() throws IOException {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      for (int size = Integer.parseInt(line().trim(), 16); size > 0;
          size = Integer.parseInt(line().trim(), 16)) {
        body.write(exactly(size));
        line();
      }
      line();
      return body.toByteArray();
    }

    private byte[] exactly(int length) throws IOException {
      byte[] bytes = in.readNBytes(length);
      if (bytes.length < length) {
        throw new EOFException("the admin server closed the connection inside a body");
      }
      return bytes;
    }

    /** One line without its CR LF; the connection's end before it is an error. */
    private String line() throws IOException {
      StringBuilder line = new StringBuilder();
      for (int b = in.read(); b != '\n'; b = in.read()) {
        if (b < 0) {
          throw new EOFException("the admin server closed the connection before its answer ended");
        }
        if (b != '\r') {
          line.append((char) b);
        }
      }
      return line.toString();
    }

    @Override
    public void close() {
      if (socket != null) {
        try {
          socket.close();
        } catch (IOException ignored) {
          // Closing a socket that is already gone.
        }
        socket = null;
      }
    }
  }

  private Thread thread(String name, Runnable loop) {
    Thread thread = new Thread(loop, name);
    thread.setDaemon(true);
    return thread;
  }

  /**
   * One thread's requests, one after another, each timed from send to answer: both times grow,
   * so the requests inside or overlapping a window are found by binary search.
   */
  private final class Requests {

    final String who;
    private long[] starts = new long[1024];
    private long[] ends = new long[1024];
    private int size;

    Requests(String who) {
      this.who = who;
    }

    int size() {
      return size;
    }

    void issue(AppProcess app) {
      URI uri = app.app().resolve("/q?who=" + who + "&n=1");
      long start = System.nanoTime();
      try {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri)
            .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
          unexpected.add(who + ": " + response.statusCode() + " " + response.body());
          return;
        }
      } catch (IOException | InterruptedException e) {
        unexpected.add(who + ": " + e);
        return;
      }
      long end = System.nanoTime();
      if (size == starts.length) {
        starts = java.util.Arrays.copyOf(starts, size * 2);
        ends = java.util.Arrays.copyOf(ends, size * 2);
      }
      starts[size] = start;
      ends[size] = end;
      size++;
    }

    /** Requests that began after {@code from} and ended before {@code to}. */
    long within(long from, long to) {
      int first = firstAbove(starts, from);
      int last = firstAbove(ends, to - 1) - 1; // the last that ended before to
      return Math.max(0, last - first + 1);
    }

    /** Requests that ended after {@code from} and began before {@code to}. */
    long overlapping(long from, long to) {
      int first = firstAbove(ends, from);
      int last = firstAbove(starts, to - 1) - 1;
      return Math.max(0, last - first + 1);
    }

    /** The index of the first time above {@code t} (size when none is). */
    private int firstAbove(long[] times, long t) {
      int low = 0;
      int high = size;
      while (low < high) {
        int mid = (low + high) >>> 1;
        if (times[mid] > t) {
          high = mid;
        } else {
          low = mid + 1;
        }
      }
      return low;
    }
  }
}
