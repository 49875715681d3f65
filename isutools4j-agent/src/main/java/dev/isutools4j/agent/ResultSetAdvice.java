package dev.isutools4j.agent;

import net.bytebuddy.asm.Advice;

/** Advice inlined into {@code java.sql.ResultSet} implementations: rows read, and close. */
final class ResultSetAdvice {

  private ResultSetAdvice() {}

  /** {@code next()}. */
  static final class Next {
    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object result, @Advice.Return boolean more) {
      JdbcBridge.next(result, more);
    }
  }

  /** {@code close()}. */
  static final class Close {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object result) {
      JdbcBridge.closed(result);
    }
  }
}
