package dev.isutools4j.agent;

import net.bytebuddy.asm.Advice;

/**
 * Advice inlined into Tomcat's {@code CoyoteAdapter.service(org.apache.coyote.Request,
 * org.apache.coyote.Response)}, the whole of one exchange: the request's dispatch, an error page
 * dispatched after it, Tomcat's own error report, and the finished response. The request the
 * servlet advice ended inside it is recorded at its end, with the status and the body bytes Tomcat
 * counted (its coyote response's {@code getContentWritten()}: what the client received, before
 * compression and chunked encoding). Typed as {@code Object}: the agent does not compile against
 * Tomcat.
 */
final class TomcatExchangeAdvice {

  private TomcatExchangeAdvice() {}

  @Advice.OnMethodEnter(suppress = Throwable.class)
  static boolean enter() {
    return HttpBridge.openExchange();
  }

  @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
  static void exit(@Advice.Enter boolean opened, @Advice.Argument(0) Object request,
      @Advice.Argument(1) Object response) {
    if (opened) {
      HttpBridge.closeExchange(request, response);
    }
  }
}
