package dev.isutools4j.testing;

import com.sun.net.httpserver.Filter;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;

/**
 * For a test's {@code com.sun.net.httpserver} app: the answer is complete only once the recording
 * filter inside this one has recorded the request, so a client that read the whole answer finds it
 * in the run, with no wait.
 *
 * <p>The JDK's server sends a fixed-length answer as its last byte is written, and one with no body
 * at {@code sendResponseHeaders}, both before the filters' code after the handler runs. So handlers
 * answer with {@link #answer} (a chunked body, left open) and this filter, first in the context's
 * list, closes the exchange after the inner filters returned: the final chunk goes out then.
 */
public final class AnsweredAfterRecording extends Filter {

  /** Answers {@code status} with {@code body}, leaving the exchange for this filter to close. */
  public static void answer(HttpExchange exchange, int status, byte[] body) throws IOException {
    exchange.sendResponseHeaders(status, 0);
    exchange.getResponseBody().write(body);
  }

  @Override
  public void doFilter(HttpExchange exchange, Chain chain) throws IOException {
    try {
      chain.doFilter(exchange);
    } finally {
      exchange.close();
    }
  }

  @Override
  public String description() {
    return "closes the exchange once the recording filter has recorded it";
  }
}
