package dev.isutools4j.agent;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Advice inlined into {@code java.sql.Connection} implementations' {@code prepareStatement} and
 * {@code prepareCall}: the outermost prepare remembers the statement's SQL for its executions, read
 * by the dialect of the connection it was prepared on; and
 * into {@code commit()} and {@code rollback()}, recorded as the statements COMMIT and ROLLBACK (with
 * a durable log, a commit is often where the time goes), as the library records them.
 */
final class ConnectionAdvice {

  private ConnectionAdvice() {}

  @Advice.OnMethodEnter(suppress = Throwable.class)
  static Object enter() {
    return JdbcBridge.enterUntimed(); // a prepare is not timed
  }

  @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
  static void exit(@Advice.Enter Object call, @Advice.This Object connection,
      @Advice.Argument(0) String sql,
      @Advice.Return(typing = Assigner.Typing.DYNAMIC) Object statement) {
    JdbcBridge.prepared(call, connection, statement, sql);
  }

  /** {@code commit()}. */
  static final class Commit {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static Object enter() {
      return JdbcBridge.enter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter Object call, @Advice.Thrown Throwable thrown) {
      JdbcBridge.ended(call, "COMMIT", thrown);
    }
  }

  /** {@code rollback()}. */
  static final class Rollback {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static Object enter() {
      return JdbcBridge.enter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter Object call, @Advice.Thrown Throwable thrown) {
      JdbcBridge.ended(call, "ROLLBACK", thrown);
    }
  }

  /**
   * {@code setAutoCommit}: records nothing itself, but what the driver does inside it (H2 calls
   * its own {@code commit()}) is not the app's call, so it counts as nested.
   */
  static final class Nesting {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static Object enter() {
      return JdbcBridge.enterUntimed();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter Object call) {
      JdbcBridge.exit(call);
    }
  }
}
