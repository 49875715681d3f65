package dev.isutools4j.http;

import dev.isutools4j.internal.boot.Bootstrap;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.http.HttpRecording;
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
 * SQL each request ran. Register it first in the chain, for all paths:
 *
 * <pre>{@code
 * @Bean FilterRegistrationBean<IsutoolsServletFilter> isutools() {
 *   var bean = new FilterRegistrationBean<>(new IsutoolsServletFilter());
 *   bean.setOrder(Ordered.HIGHEST_PRECEDENCE);
 *   return bean;
 * }
 * }</pre>
 *
 * <p>The route is Spring MVC's best-matching pattern when there is one, else the user's rules
 * ({@code isutools.routes}), else the path with its ids collapsed. Thread-safe; it never throws
 * anything of its own into the app, and the app's exceptions pass through unchanged.
 */
public final class IsutoolsServletFilter implements Filter {

  /** The request attribute where Spring MVC puts the pattern that matched. */
  static final String SPRING_PATTERN =
      "org.springframework.web.servlet.HandlerMapping.bestMatchingPattern";

  public IsutoolsServletFilter() {
    Bootstrap.start();
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    if (!(request instanceof HttpServletRequest http)
        || !(response instanceof HttpServletResponse httpResponse)
        || !HttpRecording.begin()) {
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

  /** Never throws: it runs in a finally block, where it would replace the app's own exception. */
  private static void record(long start, HttpServletRequest request, HttpServletResponse response,
      CountingResponse counting, boolean failed) {
    String method = null;
    String template = null;
    String path = null;
    int status = 500;
    try {
      status = failed && !response.isCommitted() ? 500 : response.getStatus();
      Object pattern = request.getAttribute(SPRING_PATTERN);
      template = pattern == null ? null : pattern.toString();
      method = request.getMethod();
      path = request.getRequestURI();
    } catch (Throwable t) {
      Health.failed("http: read request", t);
    }
    HttpRecording.end(start, method == null ? "?" : method, template, path, status, counting.bytes());
  }
}
