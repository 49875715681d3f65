package dev.isutools4j.agent;

import dev.isutools4j.agent.boot.HttpContextHook;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Advice inlined into the JDK's {@code HttpServer} implementations' {@code createContext}: each new
 * context is handed to {@link HttpContextHook}, where the agent adds the library's filter. The hook
 * lives in the bootstrap class loader because the JDK's server classes cannot see the agent's.
 */
final class HttpServerAdvice {

  private HttpServerAdvice() {}

  @Advice.OnMethodExit(suppress = Throwable.class)
  static void exit(@Advice.Return(typing = Assigner.Typing.DYNAMIC) Object context) {
    HttpContextHook.created(context);
  }
}
