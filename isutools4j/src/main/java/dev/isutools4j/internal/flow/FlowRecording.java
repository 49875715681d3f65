package dev.isutools4j.internal.flow;

import dev.isutools4j.internal.health.Health;

/**
 * Where the HTTP filters and the agent hand each finished request's session cookies to the open
 * run's user flow: the run's {@link FlowRecorder} while one is open ({@link FlowCollector} opens
 * and closes it), else one that records nothing. Nothing here ever throws into the app.
 *
 * <p>Hot path: one volatile read per call, then the recorder's lock-free, allocation-free work; a
 * response that sets cookies costs the iteration over its headers.
 */
public final class FlowRecording {

  /** The request header the session cookie comes in. */
  public static final String COOKIE = "Cookie";
  /** The response header that gives a session its cookie. */
  public static final String SET_COOKIE = "Set-Cookie";

  /** The JVM's key for session cookies' values, drawn at class load and never written anywhere. */
  static final SessionHash HASH = SessionHash.random();

  private static final FlowRecorder OFF = FlowRecorder.off();
  private static volatile FlowRecorder current = OFF;

  private FlowRecording() {}

  /** The session key of a request's {@code Cookie} header (null: none); 0 for no session. */
  public static long requestSession(String cookieHeader) {
    if (cookieHeader == null) {
      return 0;
    }
    try {
      return current.sessionInCookie(cookieHeader);
    } catch (Throwable t) {
      Health.failed("flow: session cookie", t);
      return 0;
    }
  }

  /**
   * The session key a response's {@code Set-Cookie} headers give (null: none), the last one that
   * sets a session cookie; 0 for none.
   */
  public static long responseSession(Iterable<String> setCookieHeaders) {
    if (setCookieHeaders == null) {
      return 0;
    }
    try {
      FlowRecorder recorder = current;
      long session = 0;
      for (String header : setCookieHeaders) {
        long given = recorder.sessionInSetCookie(header);
        if (given != 0) {
          session = given;
        }
      }
      return session;
    } catch (Throwable t) {
      Health.failed("flow: set-cookie", t);
      return 0;
    }
  }

  /**
   * A request that ended: its route id ({@code HttpRecording.end}'s; negative when it was not
   * recorded), its final status, and its two session keys.
   */
  public static void request(int routeId, int status, long requestSession, long responseSession) {
    if (routeId < 0) {
      return;
    }
    try {
      current.request(routeId, status, requestSession, responseSession);
    } catch (Throwable t) {
      Health.failed("flow: record", t);
    }
  }

  static void open(FlowRecorder recorder) {
    current = recorder;
  }

  /** Stops recording into {@code recorder}, if it is the current one. */
  static void close(FlowRecorder recorder) {
    if (current == recorder) {
      current = OFF;
    }
  }
}
