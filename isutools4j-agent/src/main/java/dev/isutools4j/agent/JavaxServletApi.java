package dev.isutools4j.agent;

import javax.servlet.DispatcherType;
import javax.servlet.ServletRequest;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * {@link JakartaServletApi} for containers of the older {@code javax.servlet} API (Tomcat 9, Jetty
 * 9 and 10's ee8, Undertow 2.x, Spring Boot 2): the same recording, typed against that package.
 */
public final class JavaxServletApi implements ServletApi {

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
