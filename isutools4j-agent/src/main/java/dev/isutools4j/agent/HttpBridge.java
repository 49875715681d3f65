package dev.isutools4j.agent;

import dev.isutools4j.internal.flow.FlowRecording;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.http.HttpRecording;

/**
 * What the servlet hooks call: the library's own HTTP recording (routes, request scope, the SQL
 * per route). Inside a container exchange ({@link Hooks#EXCHANGE}) a request is recorded at
 * the exchange's end, with the status and bytes the container sent; elsewhere at its dispatch's
 * end. Public only because the hooks are woven into the container's classes. Never throws.
 */
public final class HttpBridge {

  /** Returned by {@link #begin()} for a nested dispatch, which records nothing. */
  public static final long SKIP = Long.MIN_VALUE;

  /** Spring MVC's request attribute with the pattern that matched, as the library's filter reads it. */
  public static final String SPRING_PATTERN =
      "org.springframework.web.servlet.HandlerMapping.bestMatchingPattern";

  /** The headers that carry and set a session cookie, for the user flow. */
  public static final String COOKIE = FlowRecording.COOKIE;
  public static final String SET_COOKIE = FlowRecording.SET_COOKIE;

  /** The proxy headers the advisor looks for, as the library's filter reads them. */
  public static final String FORWARDED_FOR = HttpRecording.FORWARDED_FOR;
  public static final String REAL_IP = HttpRecording.REAL_IP;

  private HttpBridge() {}

  /** Whether the run has seen no proxy header yet (then the hook reads the request's two). */
  public static boolean proxyHeaderUnseen() {
    return HttpRecording.proxyHeaderUnseen();
  }

  /** Notes a request's proxy headers (each null when absent). */
  public static void proxyHeaders(String forwardedFor, String realIp) {
    HttpRecording.proxyHeaders(forwardedFor, realIp);
  }

  /** The session key of a request's Cookie header (null: none), 0 for no session. */
  public static long requestSession(String cookieHeader) {
    return FlowRecording.requestSession(cookieHeader);
  }

  /** The session key a response's Set-Cookie headers give, 0 for none. */
  public static long responseSession(Iterable<String> setCookieHeaders) {
    return FlowRecording.responseSession(setCookieHeaders);
  }

  /** Opens a request: its start time if it is the thread's outermost, else SKIP. */
  public static long begin() {
    return HttpRecording.begin() ? System.nanoTime() : SKIP;
  }

  /**
   * Ends a request opened by {@link #begin()}: records it and closes its scope, or, inside a
   * container exchange, leaves both to the exchange's end. The two session keys are the request's
   * and its response's, for the user flow.
   *
   * @param request the servlet request, whose query string is read only if it is kept among the
   *     run's slowest
   */
  public static void end(long start, String method, Object template, String path, int status,
      long bytes, Object request, long requestSession, long responseSession) {
    if (start == SKIP) {
      return;
    }
    String route = null;
    try {
      route = template == null ? null : template.toString();
    } catch (Throwable t) {
      Health.failed("agent: http route", t);
    }
    String name = method == null ? "?" : method;
    try {
      ContainerExchange exchange = ContainerExchange.current();
      if (exchange.open && !exchange.held) {
        exchange.hold(start, name, route, path, status, bytes, requestSession, responseSession);
        return;
      }
    } catch (Throwable t) {
      Health.failed("agent: http exchange", t);
    }
    int routeId = HttpRecording.end(start, name, route, path, status, bytes, request,
        ContainerRequests::query);
    FlowRecording.request(routeId, status, requestSession, responseSession);
  }

  /** Opens this thread's container exchange; false if one is open already. */
  public static boolean openExchange() {
    try {
      ContainerExchange exchange = ContainerExchange.current();
      if (exchange.open) {
        return false;
      }
      exchange.open = true;
      return true;
    } catch (Throwable t) {
      Health.failed("agent: http exchange", t);
      return false;
    }
  }

  /** Tomcat's exchange ended: closes it if {@code opened}, the exchange {@link #openExchange()} opened. */
  public static void exchangeEnded(boolean opened, Object request, Object response) {
    if (opened) {
      closeExchange(request, response);
    }
  }

  /**
   * Closes the exchange {@link #openExchange()} opened and records the request held in it, if any,
   * with {@code response}'s final status and the body bytes the container counted (else what the
   * request's dispatch knew: its Content-Length or the container's count at that time).
   * {@code request} is the container's own (Tomcat's coyote request, which outlives the servlet
   * request it recycled), read for its query string only if the request is kept.
   */
  private static void closeExchange(Object request, Object response) {
    ContainerExchange exchange;
    try {
      exchange = ContainerExchange.current();
      exchange.open = false;
      if (!exchange.held) {
        return;
      }
    } catch (Throwable t) {
      Health.failed("agent: http exchange", t);
      return;
    }
    int status = exchange.status;
    long bytes = exchange.bytes;
    try {
      long finalStatus = ContainerResponses.status(response);
      if (finalStatus >= 100) {
        status = (int) finalStatus;
      }
      long written = ContainerResponses.contentWritten(response);
      if (written >= 0) {
        bytes = written;
      }
    } catch (Throwable t) {
      Health.failed("agent: http bytes", t);
    }
    long start = exchange.start;
    String method = exchange.method;
    String route = exchange.route;
    String path = exchange.path;
    long requestSession = exchange.requestSession;
    long responseSession = exchange.responseSession;
    exchange.clear();
    int routeId = HttpRecording.end(start, method, route, path, status, bytes, request,
        ContainerRequests::query);
    FlowRecording.request(routeId, status, requestSession, responseSession);
  }

  /**
   * The response's size: its Content-Length header when the app set one, else what the container
   * says the app wrote (Tomcat's {@code getContentWritten()}), else 0.
   */
  public static long bytes(Object response, String contentLength) {
    if (contentLength != null) {
      try {
        return Math.max(Long.parseLong(contentLength.trim()), 0);
      } catch (NumberFormatException ignored) {
        // Fall through to the container's count.
      }
    }
    try {
      return Math.max(ContainerResponses.contentWritten(response), 0);
    } catch (Throwable t) {
      Health.failed("agent: http bytes", t);
      return 0;
    }
  }

  /** Counts a failure of hook code that runs outside the bridge. */
  public static void failed(Throwable t) {
    Health.failed("agent: http read request", t);
  }
}
