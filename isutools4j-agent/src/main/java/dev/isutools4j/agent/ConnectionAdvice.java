package dev.isutools4j.agent;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Advice inlined into {@code java.sql.Connection} implementations' {@code prepareStatement} and
 * {@code prepareCall}: the outermost prepare remembers the statement's SQL for its executions.
 */
final class ConnectionAdvice {

  private ConnectionAdvice() {}

  @Advice.OnMethodEnter(suppress = Throwable.class)
  static long enter() {
    return JdbcBridge.enter();
  }

  @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
  static void exit(@Advice.Enter long start, @Advice.Argument(0) String sql,
      @Advice.Return(typing = Assigner.Typing.DYNAMIC) Object statement) {
    JdbcBridge.prepared(start, statement, sql);
  }
}
