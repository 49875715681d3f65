package dev.isutools4j.testing;

import dev.isutools4j.Isutools;
import dev.isutools4j.internal.boot.Bootstrap;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * Run in a JVM whose classpath holds only the library jar, the H2 jar and this class: proves the jar
 * is self-contained. Prints the saved run's JSON reply.
 */
public final class JarProbe {

  private JarProbe() {}

  public static void main(String[] args) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:isutools:h2:mem:probe;MODE=MySQL")) {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(10))");
      }
      InetSocketAddress admin = Bootstrap.adminAddress();
      HttpClient http = HttpClient.newHttpClient();
      String base = "http://127.0.0.1:" + admin.getPort();
      HttpResponse<Void> reset = http.send(HttpRequest.newBuilder(URI.create(base + "/reset"))
          .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
      System.out.println("reset version " + reset.headers().firstValue("X-Isutools-Version").orElse("none"));
      for (int i = 0; i < 3; i++) {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
          ps.setInt(1, i);
          ps.setString(2, "v" + i);
          ps.executeUpdate();
        }
      }
      try (PreparedStatement ps = c.prepareStatement("SELECT v FROM t WHERE id = ?")) {
        ps.setInt(1, 1);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
        }
      }
      Isutools.hit("probe-cache", true);
      HttpResponse<String> saved = http.send(HttpRequest.newBuilder(URI.create(base + "/save?score=3"))
          .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
      System.out.println("saved " + saved.statusCode() + " " + saved.body().replace('\n', ' '));
    }
  }
}
