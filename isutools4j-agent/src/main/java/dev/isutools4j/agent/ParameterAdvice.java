package dev.isutools4j.agent;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Advice inlined into {@code java.sql.PreparedStatement} implementations' indexed setters: while
 * the statement's fingerprint still wants a sample, the values are captured and rendered into its
 * text at the next execution, as the library's wrapper does. Otherwise one volatile read: the
 * value is read (and a primitive boxed) only inside the branch, which Byte Buddy keeps in place.
 */
final class ParameterAdvice {

  private ParameterAdvice() {}

  /** {@code setInt(int, int)}, {@code setString(int, String)}, {@code setObject(int, Object, ...)}, ... */
  static final class Value {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object statement, @Advice.Argument(0) int index,
        @Advice.Argument(value = 1, typing = Assigner.Typing.DYNAMIC) Object value) {
      if (JdbcBridge.capturing()) {
        JdbcBridge.parameter(statement, index, value);
      }
    }
  }

  /** {@code setNull(int, int[, String])}: its second argument is a type, not a value. */
  static final class Null {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This Object statement, @Advice.Argument(0) int index) {
      if (JdbcBridge.capturing()) {
        JdbcBridge.parameter(statement, index, null);
      }
    }
  }
}
