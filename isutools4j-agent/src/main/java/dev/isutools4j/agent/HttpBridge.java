package dev.isutools4j.agent;

import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.http.HttpRecording;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * What the servlet advice calls: the library's own HTTP recording (routes, request scope, the SQL
 * per route). Public only because advice code is inlined into the container's classes. Never throws.
 */
public final class HttpBridge {

  /** Returned by {@link #begin()} for a nested dispatch, which records nothing. */
  public static final long SKIP = Long.MIN_VALUE;

  /** Spring MVC's request attribute with the pattern that matched, as the library's filter reads it. */
  public static final String SPRING_PATTERN =
      "org.springframework.web.servlet.HandlerMapping.bestMatchingPattern";

  private static final MethodHandle NONE = MethodHandles.constant(long.class, 0L);

  // Looked up once per response class: the container's count of the body bytes the app wrote.
  private static final ClassValue<MethodHandle> CONTENT_WRITTEN = new ClassValue<>() {
    @Override
    protected MethodHandle computeValue(Class<?> type) {
      try {
        return MethodHandles.publicLookup()
            .findVirtual(type, "getContentWritten", MethodType.methodType(long.class))
            .asType(MethodType.methodType(long.class, Object.class));
      } catch (ReflectiveOperationException | RuntimeException e) {
        return NONE;
      }
    }
  };

  private HttpBridge() {}

  /** Opens a request: its start time if it is the thread's outermost, else SKIP. */
  public static long begin() {
    return HttpRecording.begin() ? System.nanoTime() : SKIP;
  }

  /** Records a request opened by {@link #begin()} and closes its scope. */
  public static void end(long start, String method, Object template, String path, int status,
      long bytes) {
    if (start == SKIP) {
      return;
    }
    String route = null;
    try {
      route = template == null ? null : template.toString();
    } catch (Throwable t) {
      Health.failed("agent: http route", t);
    }
    HttpRecording.end(start, method == null ? "?" : method, route, path, status, bytes);
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
      MethodHandle written = CONTENT_WRITTEN.get(response.getClass());
      return written == NONE ? 0 : Math.max((long) written.invokeExact(response), 0);
    } catch (Throwable t) {
      Health.failed("agent: http bytes", t);
      return 0;
    }
  }

  /** Counts a failure of advice code that runs outside the bridge. */
  public static void failed(Throwable t) {
    Health.failed("agent: http read request", t);
  }
}
