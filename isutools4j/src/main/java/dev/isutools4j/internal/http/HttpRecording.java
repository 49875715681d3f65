package dev.isutools4j.internal.http;

import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.route.RouteRules;
import dev.isutools4j.internal.route.Routes;
import dev.isutools4j.internal.stats.Recorder;
import dev.isutools4j.internal.stats.Recording;
import dev.isutools4j.internal.stats.RequestScope;

/**
 * Where the HTTP filters hand a finished request to the current run: its route, status, bytes, and
 * the SQL its thread ran meanwhile. Nothing here ever throws into the app. Public for the agent's
 * servlet instrumentation; apps use the filters.
 *
 * <p>Hot path: a known route costs a bounded-cache lookup and lock-free counters; no allocation.
 */
public final class HttpRecording {

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
   */
  public static void end(long startNanos, String method, String template, String rawPath, int status,
      long bytes) {
    RequestScope scope = null;
    try {
      long nanos = System.nanoTime() - startNanos;
      scope = RequestScope.current();
      Recorder recorder = Recording.recorder();
      int routeId = recorder.keys().routes().id(method, ROUTES.route(template, rawPath));
      recorder.http(routeId).record(nanos, status, bytes, scope, recorder.keys().sql().otherId());
    } catch (Throwable t) {
      Health.failed("http: record", t);
    } finally {
      if (scope != null) {
        scope.end();
      }
    }
  }
}
