package dev.isutools4j.internal.http;

import com.sun.net.httpserver.Filter;
import com.sun.net.httpserver.HttpExchange;
import dev.isutools4j.internal.flow.FlowRecording;
import dev.isutools4j.internal.health.Health;
import java.io.IOException;

/**
 * Records every exchange of a {@code com.sun.net.httpserver} server, like the servlet filter does.
 * Obtain it from {@code Isutools.httpServerFilter()} and add it to each context's filters.
 */
public final class HttpServerRecordingFilter extends Filter {

  @Override
  public void doFilter(HttpExchange exchange, Chain chain) throws IOException {
    if (!HttpRecording.begin()) {
      chain.doFilter(exchange);
      return;
    }
    long start = System.nanoTime();
    CountingOutputStream body = new CountingOutputStream(exchange.getResponseBody());
    exchange.setStreams(null, body);
    boolean failed = true;
    try {
      chain.doFilter(exchange);
      failed = false;
    } finally {
      record(start, exchange, body, failed);
    }
  }

  /** Read only for an exchange kept among the run's slowest. */
  private static String queryString(Object exchange) {
    return ((HttpExchange) exchange).getRequestURI().getRawQuery();
  }

  /** Never throws: it runs in a finally block, where it would replace the app's own exception. */
  private static void record(long start, HttpExchange exchange, CountingOutputStream body,
      boolean failed) {
    String method = "?";
    String path = null;
    int status = 500;
    long requestSession = 0;
    long responseSession = 0;
    try {
      status = exchange.getResponseCode();
      if (status < 0) {
        status = failed ? 500 : 200;
      }
      method = exchange.getRequestMethod();
      path = exchange.getRequestURI().getRawPath();
      if (HttpRecording.proxyHeaderUnseen()) {
        HttpRecording.proxyHeaders(
            exchange.getRequestHeaders().getFirst(HttpRecording.FORWARDED_FOR),
            exchange.getRequestHeaders().getFirst(HttpRecording.REAL_IP));
      }
      requestSession = FlowRecording.requestSession(
          exchange.getRequestHeaders().getFirst(FlowRecording.COOKIE));
      responseSession = FlowRecording.responseSession(
          exchange.getResponseHeaders().get(FlowRecording.SET_COOKIE));
    } catch (Throwable t) {
      Health.failed("http: read exchange", t);
    }
    int routeId = HttpRecording.end(start, method, null, path, status, body.count(), exchange,
        HttpServerRecordingFilter::queryString);
    FlowRecording.request(routeId, status, requestSession, responseSession);
  }

  @Override
  public String description() {
    return "isutools4j: records each exchange's route, status, time, bytes and SQL";
  }
}
