package dev.isutools4j.agent;

import com.sun.net.httpserver.HttpContext;
import dev.isutools4j.Isutools;
import dev.isutools4j.internal.health.Health;

/**
 * Puts the library's filter on every context the app's JDK HTTP server creates: the hook woven into
 * the server's {@code createContext} calls {@link #added} by name ({@link Hooks#CONTEXT_CREATED}).
 * Public, as the JDK's server module calls it through reflection.
 */
public final class HttpServerContexts {

  private HttpServerContexts() {}

  /** A context was created: the library's filter goes first, unless it is isutools4j's own. */
  public static void added(Object created) {
    try {
      if (!(created instanceof HttpContext context)) {
        return;
      }
      Object handler = context.getHandler();
      if (handler != null && handler.getClass().getName().startsWith("dev.isutools4j.")) {
        return; // the admin server's pages are not the app's traffic
      }
      context.getFilters().add(0, Isutools.httpServerFilter());
    } catch (Throwable t) {
      Health.failed("agent: http server context", t);
    }
  }
}
