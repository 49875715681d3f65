package dev.isutools4j.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.isutools4j.Isutools;
import dev.isutools4j.internal.snapshot.FlowSection;
import dev.isutools4j.internal.snapshot.FlowSection.Transition;
import dev.isutools4j.testing.AnsweredAfterRecording;
import dev.isutools4j.testing.TestRuns;
import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The JDK server's filter follows a session by a framework's cookie name ({@code SESSION}, Spring
 * Session's), from the response that set it.
 */
class HttpServerFlowTest {

  @Test
  void aSessionBeginsWithTheResponseThatSetsItsCookie() throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", HttpServerFlowTest::handle).getFilters()
        .addAll(List.of(new AnsweredAfterRecording(), Isutools.httpServerFilter()));
    server.start();
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      HttpClient browser = HttpClient.newBuilder()
          .cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL)).build();
      TestRuns.fresh();
      for (String path : new String[] {"/start", "/login", "/items/1", "/items/2", "/logout", "/start"}) {
        browser.send(HttpRequest.newBuilder(URI.create(base + path)).build(),
            HttpResponse.BodyHandlers.discarding());
      }
      FlowSection flow = TestRuns.take().section(FlowSection.class).orElseThrow();
      assertThat(flow.withoutSession()).as("the first visit, and the one after the logout").isEqualTo(2);
      assertThat(flow.sessions()).isEqualTo(1);
      assertThat(flow.transitions()).extracting(Transition::from, Transition::to, Transition::status,
          Transition::count).containsExactlyInAnyOrder(tuple("GET /login", "GET /items/{id}", 200, 1L),
              tuple("GET /items/{id}", "GET /items/{id}", 200, 1L),
              tuple("GET /items/{id}", "GET /logout", 200, 1L));
    } finally {
      server.stop(0);
    }
  }

  private static void handle(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getPath();
    if (path.equals("/login")) {
      exchange.getResponseHeaders().add("Set-Cookie", "theme=dark; Path=/");
      exchange.getResponseHeaders().add("Set-Cookie", "SESSION=" + UUID.randomUUID() + "; Path=/; HttpOnly");
    } else if (path.equals("/logout")) {
      exchange.getResponseHeaders().add("Set-Cookie", "SESSION=; Path=/; Max-Age=0");
    }
    AnsweredAfterRecording.answer(exchange, 200, new byte[0]);
  }
}
