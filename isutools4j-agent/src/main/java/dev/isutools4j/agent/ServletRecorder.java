package dev.isutools4j.agent;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * What the servlet hooks record: on the container's {@code FilterChain.doFilter} and
 * {@code HttpServlet.service}, the outermost call on a thread records the request once, reading
 * Spring MVC's pattern at the end, as the library's filter does. On Tomcat the record waits for the
 * end of the exchange ({@link Hooks#EXCHANGE}), which knows the final status and the body bytes
 * Tomcat sent, error pages included. Elsewhere its bytes are the response's Content-Length header,
 * else the container's count of what the app wrote, else 0: the hook does not wrap the response as
 * the filter does.
 *
 * <p>Written against {@code jakarta.servlet}; for a container of the older {@code javax.servlet}
 * API (Tomcat 9, Jetty 9 and 10's ee8, Undertow 2.x, Spring Boot 2) the same class file is defined
 * with those names mapped to {@code javax.servlet} ({@link ServletBridge}): the two APIs differ in
 * nothing else this reads. Public for the class loader it is defined in.
 */
public final class ServletRecorder implements ServletApi {

  /** Error, forward, include and async dispatches are the same request again: not counted. */
  @Override
  public long enter(Object request) {
    return request instanceof ServletRequest servletRequest
        && servletRequest.getDispatcherType() == DispatcherType.REQUEST
        ? HttpBridge.begin() : HttpBridge.SKIP;
  }

  @Override
  public void exit(long start, Object request, Object response, Throwable thrown) {
    if (start == HttpBridge.SKIP) {
      return;
    }
    String method = null;
    Object template = null;
    String path = null;
    int status = 500;
    long bytes = 0;
    long requestSession = 0;
    long responseSession = 0;
    try {
      if (request instanceof HttpServletRequest http
          && response instanceof HttpServletResponse httpResponse) {
        status = thrown != null && !httpResponse.isCommitted() ? 500 : httpResponse.getStatus();
        template = http.getAttribute(HttpBridge.SPRING_PATTERN);
        method = http.getMethod();
        path = http.getRequestURI();
        if (HttpBridge.proxyHeaderUnseen()) {
          HttpBridge.proxyHeaders(http.getHeader(HttpBridge.FORWARDED_FOR),
              http.getHeader(HttpBridge.REAL_IP));
        }
        bytes = HttpBridge.bytes(httpResponse, httpResponse.getHeader("Content-Length"));
        requestSession = HttpBridge.requestSession(http.getHeader(HttpBridge.COOKIE));
        if (httpResponse.containsHeader(HttpBridge.SET_COOKIE)) {
          responseSession = HttpBridge.responseSession(httpResponse.getHeaders(HttpBridge.SET_COOKIE));
        }
      }
    } catch (Throwable t) {
      HttpBridge.failed(t);
    }
    HttpBridge.end(start, method, template, path, status, bytes, request, requestSession,
        responseSession);
  }
}
