package dev.isutools4j.agent;

import java.util.Properties;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Advice inlined into {@code java.sql.Driver} implementations' {@code connect(String, Properties)}:
 * a connection it returns tells which database the app uses, through which driver instance and
 * with which credentials, so that the database inspector connects there too. Whatever the driver
 * runs inside its own connect is not the app's statement.
 */
final class DriverAdvice {

  private DriverAdvice() {}

  @Advice.OnMethodEnter(suppress = Throwable.class)
  static boolean enter() {
    return JdbcBridge.connecting();
  }

  @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
  static void exit(@Advice.Enter boolean outermost, @Advice.This Object driver,
      @Advice.Argument(0) String url, @Advice.Argument(1) Properties info,
      @Advice.Return(typing = Assigner.Typing.DYNAMIC) Object connection) {
    JdbcBridge.connected(outermost, driver, url, info, connection);
  }
}
