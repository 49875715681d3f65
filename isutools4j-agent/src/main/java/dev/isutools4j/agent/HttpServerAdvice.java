package dev.isutools4j.agent;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Advice inlined into the JDK's {@code HttpServer} implementations' {@code createContext}: each new
 * context is handed to {@link HttpServerContexts#added}, where the agent adds the library's filter.
 *
 * <p>The JDK's server classes cannot see the agent's, so the inlined code names only JDK types and
 * finds the listener by its name in the system class loader, where {@code -javaagent} puts the
 * agent's jar. That is a reflective call per context created, not per request, and it leaves the
 * bootstrap class path alone: appending to it switches class data sharing off for every class
 * that is not the boot loader's, and the JVM warns about it at start.
 */
final class HttpServerAdvice {

  /** {@link HttpServerContexts}'s name, a constant so that the inlined code holds it as text. */
  static final String LISTENER = "dev.isutools4j.agent.HttpServerContexts";

  private HttpServerAdvice() {}

  @Advice.OnMethodExit(suppress = Throwable.class)
  static void exit(@Advice.Return(typing = Assigner.Typing.DYNAMIC) Object context)
      throws ReflectiveOperationException {
    if (context != null) {
      Class.forName(LISTENER, true, ClassLoader.getSystemClassLoader())
          .getMethod("added", Object.class).invoke(null, context);
    }
  }
}
