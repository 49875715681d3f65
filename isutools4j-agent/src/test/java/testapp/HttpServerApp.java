package testapp;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * An app on the JDK's HTTP server with JDBC and no isutools4j code. Args: the JDBC mode (see Db).
 * Prints {@code READY <port>} once it serves.
 */
public final class HttpServerApp {

  public static void main(String[] args) throws Exception {
    Db db = new Db(args.length > 0 ? args[0] : "plain", "httpserver");
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/items", exchange -> {
      try {
        String path = exchange.getRequestURI().getPath();
        if ("POST".equals(exchange.getRequestMethod())) {
          send(exchange, 201, "inserted " + db.insert());
        } else if (path.equals("/items")) {
          send(exchange, 200, "rows " + db.all());
        } else {
          send(exchange, 200, db.item(Integer.parseInt(path.substring("/items/".length()))));
        }
      } catch (Exception e) {
        send(exchange, 500, e.toString());
      }
    });
    server.createContext("/tx", exchange -> {
      try {
        send(exchange, 200, "read " + db.transaction());
      } catch (Exception e) {
        send(exchange, 500, e.toString());
      }
    });
    server.start();
    System.out.println("READY " + server.getAddress().getPort());
    System.out.flush();
  }

  static void send(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
