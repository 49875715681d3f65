package dev.isutools4j.benchmarks;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A steady read-only load on isugram that never stops between measurement windows: worker
 * threads GET the index, post pages and user pages (found on the index) in a fixed mix, and count
 * the successful answers. Reads only, so the database is the same at the end as at the start and
 * every window sees the same work.
 */
final class ReadLoad implements AutoCloseable {

  private static final Pattern POST = Pattern.compile("href=\"(/posts/\\d+)\"");
  private static final Pattern USER = Pattern.compile("href=\"(/@[A-Za-z0-9_]+)\"");

  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final LongAdder done = new LongAdder();
  private final LongAdder failed = new LongAdder();
  private final List<Thread> workers = new ArrayList<>();
  private volatile boolean running = true;

  ReadLoad(int port, int concurrency) throws Exception {
    String base = "http://127.0.0.1:" + port;
    String index = http.send(HttpRequest.newBuilder(URI.create(base + "/")).build(),
        HttpResponse.BodyHandlers.ofString()).body();
    List<URI> posts = links(base, POST, index);
    List<URI> users = links(base, USER, index);
    if (posts.isEmpty() || users.isEmpty()) {
      throw new IOException("isugram's index shows no posts or no users");
    }
    URI home = URI.create(base + "/");
    for (int i = 0; i < concurrency; i++) {
      Thread t = new Thread(() -> work(home, posts, users), "read-load-" + i);
      t.setDaemon(true);
      workers.add(t);
      t.start();
    }
  }

  /** Successful answers so far. */
  long done() {
    return done.sum();
  }

  long failed() {
    return failed.sum();
  }

  private void work(URI home, List<URI> posts, List<URI> users) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    while (running) {
      int pick = random.nextInt(10);
      URI uri = pick < 4 ? home
          : pick < 8 ? posts.get(random.nextInt(posts.size()))
          : users.get(random.nextInt(users.size()));
      try {
        HttpResponse<Void> r = http.send(HttpRequest.newBuilder(uri).build(),
            HttpResponse.BodyHandlers.discarding());
        (r.statusCode() == 200 ? done : failed).increment();
      } catch (IOException e) {
        failed.increment();
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private static List<URI> links(String base, Pattern link, String page) {
    Set<String> found = new LinkedHashSet<>();
    Matcher m = link.matcher(page);
    while (m.find()) {
      found.add(m.group(1));
    }
    return found.stream().map(p -> URI.create(base + p)).toList();
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    for (Thread t : workers) {
      t.join(10_000);
    }
  }
}
