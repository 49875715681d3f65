package dev.isutools4j.benchmarks;

import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.util.Locale;

/**
 * Rounds of sequential GETs of one admin URL by {@link HttpURLConnection} on its kept-alive
 * connection, as the JDK's clients and browsers send them: an answer's latency, with Nagle's
 * delay when it is on (a fresh connection's first exchanges are ACKed at once and hide it).
 * {@code java -cp benchmarks.jar dev.isutools4j.benchmarks.AdminLatency URL [requests] [rounds]}
 */
public final class AdminLatency {

  private AdminLatency() {
  }

  public static void main(String[] args) throws Exception {
    URL url = URI.create(args[0]).toURL();
    int requests = args.length > 1 ? Integer.parseInt(args[1]) : 100;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    for (int round = 1; round <= rounds; round++) {
      long start = System.nanoTime();
      for (int i = 0; i < requests; i++) {
        HttpURLConnection connection = (HttpURLConnection) url.openConnection();
        if (connection.getResponseCode() != 200) {
          throw new IllegalStateException(url + " answered " + connection.getResponseCode());
        }
        try (InputStream in = connection.getInputStream()) {
          in.readAllBytes();
        }
      }
      long millis = (System.nanoTime() - start) / 1_000_000;
      System.out.printf(Locale.ROOT, "round %d: %d GET in %d ms, %.2f ms each%n", round, requests,
          millis, (double) millis / requests);
    }
  }
}
