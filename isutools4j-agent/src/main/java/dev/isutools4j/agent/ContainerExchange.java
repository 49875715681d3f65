package dev.isutools4j.agent;

/**
 * One thread's container exchange (Tomcat's {@code CoyoteAdapter.service}: from the parsed request
 * to the finished response). While one is open, the request its {@code REQUEST} dispatch ended is
 * held here rather than recorded, so that the exchange's end records it with what the container
 * finally sent: the body of an error page dispatched after the filter chain returned (Spring Boot's
 * {@code /error}) or written by the container itself (Tomcat's error report valve).
 *
 * <p>Single-threaded by construction (one per thread); reused, so an exchange allocates nothing.
 */
final class ContainerExchange {

  private static final ThreadLocal<ContainerExchange> CURRENT =
      ThreadLocal.withInitial(ContainerExchange::new);

  /** Whether an exchange is open on this thread. */
  boolean open;
  /** Whether a request ended in it and waits for the exchange's end. */
  boolean held;
  long start;
  String method;
  String route;
  String path;
  int status;
  long bytes;
  long requestSession;
  long responseSession;

  static ContainerExchange current() {
    return CURRENT.get();
  }

  /** Keeps what the request's dispatch knew at its end: the exchange's end records it. */
  void hold(long start, String method, String route, String path, int status, long bytes,
      long requestSession, long responseSession) {
    this.held = true;
    this.start = start;
    this.method = method;
    this.route = route;
    this.path = path;
    this.status = status;
    this.bytes = bytes;
    this.requestSession = requestSession;
    this.responseSession = responseSession;
  }

  /** Forgets the held request, so that no text of it outlives the exchange. */
  void clear() {
    held = false;
    method = null;
    route = null;
    path = null;
  }
}
