package dev.isutools4j.agent;

import java.sql.ResultSet;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Advice inlined into every driver's (and pool's) {@code java.sql.Statement} implementations, one
 * nested class per return type so that no result is boxed. The SQL is the call's first argument, or
 * for a prepared statement's no-argument variant the text it was prepared with.
 */
final class StatementAdvice {

  private StatementAdvice() {}

  /** {@code executeQuery}. */
  static final class Query {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static Object enter() {
      return JdbcBridge.enter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter Object call, @Advice.This Object statement,
        @Advice.Argument(value = 0, optional = true) String sql,
        @Advice.Return(typing = Assigner.Typing.DYNAMIC) ResultSet result,
        @Advice.Thrown Throwable thrown) {
      JdbcBridge.queried(call, statement, sql, result, thrown);
    }
  }

  /** {@code executeUpdate}. */
  static final class Update {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static Object enter() {
      return JdbcBridge.enter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter Object call, @Advice.This Object statement,
        @Advice.Argument(value = 0, optional = true) String sql, @Advice.Return int rows,
        @Advice.Thrown Throwable thrown) {
      JdbcBridge.updated(call, statement, sql, rows, thrown);
    }
  }

  /** {@code executeLargeUpdate}. */
  static final class LargeUpdate {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static Object enter() {
      return JdbcBridge.enter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter Object call, @Advice.This Object statement,
        @Advice.Argument(value = 0, optional = true) String sql, @Advice.Return long rows,
        @Advice.Thrown Throwable thrown) {
      JdbcBridge.updated(call, statement, sql, rows, thrown);
    }
  }

  /** {@code execute}. */
  static final class Execute {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static Object enter() {
      return JdbcBridge.enter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter Object call, @Advice.This Object statement,
        @Advice.Argument(value = 0, optional = true) String sql,
        @Advice.Return boolean hasResultSet, @Advice.Thrown Throwable thrown) {
      JdbcBridge.executed(call, statement, sql, hasResultSet, thrown);
    }
  }

  /** {@code executeBatch}. */
  static final class Batch {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static Object enter() {
      return JdbcBridge.enter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter Object call, @Advice.This Object statement,
        @Advice.Return int[] counts, @Advice.Thrown Throwable thrown) {
      JdbcBridge.batched(call, statement, counts, null, thrown);
    }
  }

  /** {@code executeLargeBatch}. */
  static final class LargeBatch {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static Object enter() {
      return JdbcBridge.enter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter Object call, @Advice.This Object statement,
        @Advice.Return long[] counts, @Advice.Thrown Throwable thrown) {
      JdbcBridge.batched(call, statement, null, counts, thrown);
    }
  }

  /** {@code getResultSet}: the result set of the last {@code execute}, whose rows are its. */
  static final class ResultSetOf {
    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object statement,
        @Advice.Return(typing = Assigner.Typing.DYNAMIC) ResultSet result) {
      JdbcBridge.resultSet(statement, result);
    }
  }

  /** A plain statement's {@code addBatch(String)}. */
  static final class AddBatch {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static Object enter() {
      return JdbcBridge.enter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter Object call, @Advice.This Object statement,
        @Advice.Argument(0) String sql, @Advice.Thrown Throwable thrown) {
      JdbcBridge.addedToBatch(call, statement, sql, thrown);
    }
  }

  /** {@code clearBatch}. */
  static final class ClearBatch {
    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object statement) {
      JdbcBridge.batchCleared(statement);
    }
  }
}
