package dev.isutools4j.testing;

import dev.isutools4j.internal.boot.Bootstrap;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * An app with the library jar, run by QuietAppIT under a low open-files limit: a benchmark-like
 * reset, work, save with the profiler on. In the middle it takes every file descriptor left and
 * starts threads, so that async-profiler cannot open a perf event for them and warns. Its own
 * output is three lines on stdout; anything else there, or on stderr beside the library's start
 * line, came from isutools4j.
 */
public final class QuietProbe {

  static final String STARTED = "probe: started";
  static final String DONE = "probe: done";
  static final int THREADS = 16;

  private static volatile long sink;

  private QuietProbe() {}

  public static void main(String[] args) throws Exception {
    System.out.println(STARTED);
    try (Connection c = DriverManager.getConnection("jdbc:isutools:h2:mem:quiet;MODE=MySQL")) {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE users (id INT PRIMARY KEY, account_name VARCHAR(64), passhash VARCHAR(128))");
      }
      String admin = "http://127.0.0.1:" + Bootstrap.adminAddress().getPort();
      HttpClient http = HttpClient.newHttpClient();
      post(http, admin + "/reset");
      work(c, 0, 100);
      threadsWithNoDescriptorLeft(() -> spin(20_000_000));
      work(c, 100, 200);
      HttpResponse<String> saved = post(http, admin + "/save?score=200");
      System.out.println("probe: saved " + saved.statusCode() + " " + saved.body().replace('\n', ' '));
    }
    System.out.println(DONE);
  }

  private static HttpResponse<String> post(HttpClient http, String url) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.noBody())
        .build(), HttpResponse.BodyHandlers.ofString());
  }

  private static void work(Connection c, int from, int to) throws Exception {
    try (PreparedStatement ps = c.prepareStatement(
        "INSERT INTO users (id, account_name, passhash) VALUES (?, ?, ?)")) {
      for (int id = from; id < to; id++) {
        ps.setInt(1, id);
        ps.setString(2, "user" + id);
        ps.setString(3, "hash" + id);
        ps.executeUpdate();
      }
    }
  }

  /**
   * Runs {@code task} on {@link #THREADS} new threads while this process holds every file
   * descriptor it may open, then lets them go. Everything it runs meanwhile is loaded first.
   */
  private static void threadsWithNoDescriptorLeft(Runnable task) throws Exception {
    Thread warm = new Thread(task);
    warm.start();
    warm.join();
    List<InputStream> held = new ArrayList<>();
    List<Thread> threads = new ArrayList<>(THREADS);
    try {
      try {
        while (held.size() < 100_000) {
          held.add(new FileInputStream("/dev/null"));
        }
      } catch (IOException limitReached) {
        // Every descriptor is taken: the threads below get no perf event.
      }
      for (int i = 0; i < THREADS; i++) {
        Thread t = new Thread(task, "probe-" + i);
        t.start();
        threads.add(t);
      }
      for (Thread t : threads) {
        t.join();
      }
    } finally {
      for (InputStream in : held) {
        in.close();
      }
    }
  }

  private static void spin(long n) {
    long x = 0;
    for (long i = 0; i < n; i++) {
      x += i ^ (x >>> 3);
    }
    sink = x; // keeps the loop from being dropped
  }
}
