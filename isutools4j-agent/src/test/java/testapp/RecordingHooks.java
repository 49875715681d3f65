package testapp;

import java.util.ArrayList;
import java.util.List;

/** Hooks for the weaver's tests: each call is written down; {@link #failing} makes them throw. */
public final class RecordingHooks {

  public static final List<String> CALLS = new ArrayList<>();
  public static boolean failing;
  public static boolean guardOpen;

  private RecordingHooks() {}

  private static void note(String call) {
    CALLS.add(call);
    if (failing) {
      throw new IllegalStateException("a hook failed: " + call);
    }
  }

  public static Object enter(Object self) {
    note("enter " + self.getClass().getSimpleName());
    return "token";
  }

  public static long enterAt(Class<?> site) {
    note("enter at " + site.getSimpleName());
    return 42L;
  }

  public static void exit(Object entered, Object arg, int result, Throwable thrown) {
    note("exit " + entered + " " + arg + " -> " + result + " " + thrown);
  }

  public static void exit(Object entered, Object arg, Object result, Throwable thrown) {
    note("exit " + entered + " " + arg + " -> " + result + " " + thrown);
  }

  public static void exit(int arg, int result, Throwable thrown) {
    note("exit " + arg + " -> " + result + " " + thrown);
  }

  public static void exit(long entered, long a, double b, long result, Throwable thrown) {
    note("exit " + entered + " " + a + " " + b + " -> " + result + " " + thrown);
  }

  public static void exit(Object entered, Object arg, Throwable thrown) {
    note("exit " + entered + " " + arg + " " + thrown);
  }

  public static boolean guard() {
    CALLS.add("guard");
    return guardOpen;
  }

  public static void value(Object self, int index, Object value) {
    note("value " + index + " " + value + " " + value.getClass().getSimpleName());
  }

  public static void reflected(Object result) {
    note("reflected " + result);
  }
}
