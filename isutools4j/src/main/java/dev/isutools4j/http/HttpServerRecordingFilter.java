package dev.isutools4j.http;

import com.sun.net.httpserver.Filter;
import com.sun.net.httpserver.HttpExchange;
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
      int status = exchange.getResponseCode();
      if (status < 0) {
        status = failed ? 500 : 200;
      }
      HttpRecording.end(start, exchange.getRequestMethod(), null,
          exchange.getRequestURI().getRawPath(), status, body.count());
    }
  }

  @Override
  public String description() {
    return "isutools4j: records each exchange's route, status, time, bytes and SQL";
  }
}
