package dev.isutools4j.agent;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import net.bytebuddy.asm.Advice;

/**
 * Advice inlined into the container's {@code jakarta.servlet.FilterChain.doFilter} and
 * {@code HttpServlet.service}: the outermost call on a thread records the request once, reading
 * Spring MVC's pattern at the end, as the library's filter does. On Tomcat the record waits for the
 * end of the exchange ({@link TomcatExchangeAdvice}), which knows the final status and the body
 * bytes Tomcat sent, error pages included. Elsewhere its bytes are the response's Content-Length
 * header, else the container's count of what the app wrote, else 0: the advice does not wrap the
 * response as the filter does.
 */
final class ServletAdvice {

  private ServletAdvice() {}

  /** Error, forward, include and async dispatches are the same request again: not counted. */
  @Advice.OnMethodEnter(suppress = Throwable.class)
  static long enter(@Advice.Argument(0) ServletRequest request) {
    return request.getDispatcherType() == DispatcherType.REQUEST ? HttpBridge.begin() : HttpBridge.SKIP;
  }

  @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
  static void exit(@Advice.Enter long start, @Advice.Argument(0) ServletRequest request,
      @Advice.Argument(1) ServletResponse response, @Advice.Thrown Throwable thrown) {
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
