package dev.isutools4j.internal.http;

import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.route.RouteRules;
import dev.isutools4j.internal.route.Routes;
import dev.isutools4j.internal.stats.Recorder;
import dev.isutools4j.internal.stats.Recording;
import dev.isutools4j.internal.stats.RequestScope;
import dev.isutools4j.internal.stats.SlowRequests;

/**
 * Where the HTTP filters hand a finished request to the current run: its route, status, bytes, and
 * the SQL its thread ran meanwhile. Nothing here ever throws into the app. Public for the agent's
 * servlet instrumentation; apps use the filters.
 *
 * <p>Hot path: a known route costs a bounded-cache lookup and lock-free counters; no allocation. A
 * request slower than the run's slowest kept so far (rare once the run is under way) is copied out
 * with its timeline.
 * Until a run sees its first proxy header, each request also costs two header lookups.
 */
public final class HttpRecording {

  /** The header a reverse proxy adds with the client's address (nginx: proxy_set_header). */
  public static final String FORWARDED_FOR = "X-Forwarded-For";
  /** nginx's other usual client-address header. */
  public static final String REAL_IP = "X-Real-IP";

  private static final System.Logger LOG = System.getLogger("isutools4j");
  private static final Routes ROUTES = routes();

  private HttpRecording() {}

  private static Routes routes() {
    RouteRules rules = RouteRules.parse(Recording.settings().routes());
    for (String problem : rules.problems()) {
      LOG.log(System.Logger.Level.WARNING, "isutools4j: isutools.routes: {0}", problem);
    }
    return new Routes(rules);
  }

  /**
   * Whether no request of this run has carried a proxy header yet: the filters read a request's
   * {@link #FORWARDED_FOR} and {@link #REAL_IP} headers only then, so after the first one the cost
   * is this volatile read. The advisor takes the header as a sign that nginx fronts the app.
   */
  public static boolean proxyHeaderUnseen() {
    try {
      return Recording.recorder().proxyHeader() == null;
    } catch (Throwable t) {
      Health.failed("http: proxy header", t);
      return false;
    }
  }

  /** Notes the request's proxy headers' values (each null when absent) for this run. */
  public static void proxyHeaders(String forwardedFor, String realIp) {
    if (forwardedFor == null && realIp == null) {
      return;
    }
    try {
      Recording.recorder().proxyHeaderSeen(forwardedFor != null ? FORWARDED_FOR : REAL_IP);
    } catch (Throwable t) {
      Health.failed("http: proxy header", t);
    }
  }

  /** Opens the request's SQL scope; false for a nested dispatch, which is not recorded again. */
  public static boolean begin() {
    try {
      return RequestScope.current().begin();
    } catch (Throwable t) {
      Health.failed("http: begin", t);
      return false;
    }
  }

  /**
   * Records a request opened by a {@link #begin} that returned true, and closes its scope.
   *
   * @param template the framework's route template, or null when unknown
   * @return the id of the request's route, for {@link #addBytes} of its error page; -1 when the
   *     request could not be recorded
   */
  public static int end(long startNanos, String method, String template, String rawPath, int status,
      long bytes) {
    return end(startNanos, method, template, rawPath, status, bytes, null, QueryReader.NONE);
  }

  /**
   * {@link #end(long, String, String, String, int, long)}, and when the request is one of the run's
   * slowest so far, keeps it with its timeline and its query string, read from {@code request} by
   * {@code query} only then.
   */
  public static int end(long startNanos, String method, String template, String rawPath, int status,
      long bytes, Object request, QueryReader query) {
    RequestScope scope = null;
    try {
      long nanos = System.nanoTime() - startNanos;
      scope = RequestScope.current();
      Recorder recorder = Recording.recorder();
      int routeId = recorder.keys().routes().id(method, ROUTES.route(template, rawPath));
      recorder.http(routeId).record(nanos, status, bytes, scope, recorder.keys().sql().otherId());
      SlowRequests slowest = recorder.slowRequests();
      if (slowest.wants(routeId, nanos)) {
        keep(slowest, routeId, startNanos, nanos, method, rawPath, status, bytes, request, query, scope);
      }
      return routeId;
    } catch (Throwable t) {
      Health.failed("http: record", t);
      return -1;
    } finally {
      if (scope != null) {
        scope.end();
      }
    }
  }

  private static void keep(SlowRequests slowest, int routeId, long startNanos, long nanos,
      String method, String rawPath, int status, long bytes, Object request, QueryReader query,
      RequestScope scope) {
    String rawQuery = null;
    try {
      rawQuery = request == null ? null : query.query(request);
    } catch (Throwable t) {
      Health.failed("http: read query string", t);
    }
    try {
      slowest.keep(routeId, startNanos, nanos, status, bytes, method, slowest.path(rawPath, rawQuery),
          scope);
    } catch (Throwable t) {
      Health.failed("http: keep slow request", t);
    }
  }

  /**
   * Adds the body bytes an error page wrote (an {@code ERROR} dispatch of a request that {@link #end}
   * recorded under {@code routeId}) to that route, without counting a second request.
   */
  public static void addBytes(int routeId, long bytes) {
    if (routeId < 0 || bytes <= 0) {
      return;
    }
    try {
      Recording.recorder().http(routeId).addBytes(bytes);
    } catch (Throwable t) {
      Health.failed("http: error page bytes", t);
    }
  }
}
