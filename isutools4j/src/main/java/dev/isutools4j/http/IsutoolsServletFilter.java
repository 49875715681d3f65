package dev.isutools4j.http;

import dev.isutools4j.internal.boot.Bootstrap;
import dev.isutools4j.internal.flow.FlowRecording;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.http.HttpRecording;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Records every HTTP request: one row per method + route, with status classes, times, bytes, and the
 * SQL each request ran. Register it first in the chain, for all paths, and for the {@code ERROR}
 * dispatch too:
 *
 * <pre>{@code
 * @Bean FilterRegistrationBean<IsutoolsServletFilter> isutools() {
 *   var bean = new FilterRegistrationBean<>(new IsutoolsServletFilter());
 *   bean.setOrder(Ordered.HIGHEST_PRECEDENCE);
 *   bean.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ERROR);
 *   return bean;
 * }
 * }</pre>
 *
 * <p>The route is Spring MVC's best-matching pattern when there is one and it is not a catch-all
 * such as its resource handler's {@code /**}, else the user's rules ({@code isutools.routes}), else
 * the path with its ids collapsed. The bytes are the body bytes the app wrote through the response;
 * an error page the container dispatches to after the request (Spring Boot's {@code /error}) adds
 * what it wrote to the same request, when the filter is registered for {@code ERROR} dispatches,
 * and is never a request of its own. Until a run sees a request with {@code X-Forwarded-For} or
 * {@code X-Real-IP} (a reverse proxy in front), it looks those two headers up, for the advisor.
 * Thread-safe; it never throws anything of its own into the app,
 * and the app's exceptions pass through unchanged.
 */
public final class IsutoolsServletFilter implements Filter {

  /** The request attribute where Spring MVC puts the pattern that matched. */
  static final String SPRING_PATTERN =
      "org.springframework.web.servlet.HandlerMapping.bestMatchingPattern";

  /** The request attribute holding the route id of a recorded error response, for its error page. */
  static final String RECORDED_ROUTE = "dev.isutools4j.http.recordedRoute";

  public IsutoolsServletFilter() {
    Bootstrap.start();
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    if (!(request instanceof HttpServletRequest http)
        || !(response instanceof HttpServletResponse httpResponse)) {
      chain.doFilter(request, response);
      return;
    }
    if (isErrorDispatch(http)) {
      errorPage(http, httpResponse, chain);
      return;
    }
    if (!HttpRecording.begin()) {
      chain.doFilter(request, response);
      return;
    }
    long start = System.nanoTime();
    CountingResponse counting = new CountingResponse(httpResponse);
    boolean failed = true;
    try {
      chain.doFilter(request, counting);
      failed = false;
    } finally {
      record(start, http, httpResponse, counting, failed);
    }
  }

  private static boolean isErrorDispatch(HttpServletRequest request) {
    try {
      return request.getDispatcherType() == DispatcherType.ERROR;
    } catch (Throwable t) {
      Health.failed("http: read dispatch", t);
      return false;
    }
  }

  /**
   * An error page for a request this filter recorded: its bytes are added to that request. Any
   * other error dispatch (of a request recorded elsewhere, such as by the agent) passes through.
   */
  private static void errorPage(HttpServletRequest request, HttpServletResponse response,
      FilterChain chain) throws IOException, ServletException {
    int routeId = recordedRoute(request);
    if (routeId < 0) {
      chain.doFilter(request, response);
      return;
    }
    CountingResponse counting = new CountingResponse(response);
    try {
      chain.doFilter(request, counting);
    } finally {
      HttpRecording.addBytes(routeId, counting.bytes());
    }
  }

  private static int recordedRoute(HttpServletRequest request) {
    try {
      return request.getAttribute(RECORDED_ROUTE) instanceof Integer id ? id : -1;
    } catch (Throwable t) {
      Health.failed("http: read request", t);
      return -1;
    }
  }

  /** Read only for a request kept among the run's slowest. */
  private static String queryString(Object request) {
    return ((HttpServletRequest) request).getQueryString();
  }

  /** Never throws: it runs in a finally block, where it would replace the app's own exception. */
  private static void record(long start, HttpServletRequest request, HttpServletResponse response,
      CountingResponse counting, boolean failed) {
    String method = null;
    String template = null;
    String path = null;
    int status = 500;
    long requestSession = 0;
    long responseSession = 0;
    try {
      status = failed && !response.isCommitted() ? 500 : response.getStatus();
      Object pattern = request.getAttribute(SPRING_PATTERN);
      template = pattern == null ? null : pattern.toString();
      method = request.getMethod();
      path = request.getRequestURI();
      if (HttpRecording.proxyHeaderUnseen()) {
        HttpRecording.proxyHeaders(request.getHeader(HttpRecording.FORWARDED_FOR),
            request.getHeader(HttpRecording.REAL_IP));
      }
      requestSession = FlowRecording.requestSession(request.getHeader(FlowRecording.COOKIE));
      // Only a response that sets cookies pays for the list of them.
      if (response.containsHeader(FlowRecording.SET_COOKIE)) {
        responseSession = FlowRecording.responseSession(response.getHeaders(FlowRecording.SET_COOKIE));
      }
    } catch (Throwable t) {
      Health.failed("http: read request", t);
    }
    int routeId = HttpRecording.end(start, method == null ? "?" : method, template, path, status,
        counting.bytes(), request, IsutoolsServletFilter::queryString);
    FlowRecording.request(routeId, status, requestSession, responseSession);
    if (status >= 400 && routeId >= 0) {
      // Only an error status can be followed by an error page (sendError or an exception).
      try {
        request.setAttribute(RECORDED_ROUTE, routeId);
      } catch (Throwable t) {
        Health.failed("http: mark error response", t);
      }
    }
  }
}
