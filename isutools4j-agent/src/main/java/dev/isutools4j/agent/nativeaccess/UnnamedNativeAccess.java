package dev.isutools4j.agent.nativeaccess;

import java.lang.reflect.Method;

/**
 * Turns on native access for unnamed modules, as {@code --enable-native-access=ALL-UNNAMED} would,
 * when the JVM would only have warned about it: JDK 24 and later print a warning on the app's
 * stderr the first time code in an unnamed module loads a native library, and the profiler's
 * {@code System.load} is such code. Under {@code --illegal-native-access=deny} (or {@code allow})
 * nothing is changed.
 *
 * <p>Loaded by {@code NativeAccessGrant} into a class loader of its own, the only module that
 * {@code java.lang} and {@code jdk.internal.module} are opened to: it names JDK types only.
 */
public final class UnnamedNativeAccess {

  private UnnamedNativeAccess() {}

  /** Whether native access was turned on here (false: the JVM denies or allows it anyway). */
  public static boolean enableIfOnlyWarned() throws ReflectiveOperationException {
    Class<?> bootstrap = Class.forName("jdk.internal.module.ModuleBootstrap");
    Method mode = bootstrap.getDeclaredMethod("illegalNativeAccess");
    mode.setAccessible(true);
    if (!"WARN".equals(((Enum<?>) mode.invoke(null)).name())) {
      return false;
    }
    Method enable = Module.class.getDeclaredMethod("implAddEnableNativeAccessToAllUnnamed");
    enable.setAccessible(true);
    enable.invoke(null);
    return true;
  }
}
