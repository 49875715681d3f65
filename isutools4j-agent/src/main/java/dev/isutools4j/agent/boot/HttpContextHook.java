package dev.isutools4j.agent.boot;

import java.util.function.Consumer;

/**
 * Where the JDK's HTTP server (in a platform module) reports each context it creates. The agent
 * loads this class into the bootstrap class loader, which every JDK module can see, and sets
 * {@link #listener} to its own code; until then, and if it is never set, nothing happens.
 */
public final class HttpContextHook {

  /** Receives each new {@code com.sun.net.httpserver.HttpContext}. */
  public static volatile Consumer<Object> listener;

  private HttpContextHook() {}

  /** Called by the instrumented {@code createContext}; never throws. */
  public static void created(Object context) {
    Consumer<Object> l = listener;
    if (l != null && context != null) {
      try {
        l.accept(context);
      } catch (Throwable ignored) {
        // The listener counts its own failures; nothing may reach the app's createContext.
      }
    }
  }
}
