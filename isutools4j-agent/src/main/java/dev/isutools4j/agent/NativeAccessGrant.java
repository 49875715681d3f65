package dev.isutools4j.agent;

import dev.isutools4j.agent.nativeaccess.UnnamedNativeAccess;
import dev.isutools4j.internal.collect.profile.NativeLoad;
import dev.isutools4j.internal.health.Health;
import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.Set;

/**
 * Before the profiler loads its native library, native access for the app's unnamed modules is
 * turned on where the JVM would otherwise print its warning (JDK 24 and later): the same effect as
 * the warning itself, which turns the check off for every unnamed module once printed, without the
 * lines on the app's stderr. Done then and not at start, so that an app whose own code loads a
 * native library first still gets the JVM's warning about it.
 *
 * <p>The JDK's internals are opened only to {@link UnnamedNativeAccess} in a class loader of its
 * own (its own unnamed module), never to the app's classes, which share the agent's.
 */
final class NativeAccessGrant {

  /** The first JDK whose {@code System.load} from an unnamed module warns. */
  private static final int FIRST_WARNING = 24;

  private NativeAccessGrant() {}

  static void install(Instrumentation inst) {
    if (Runtime.version().feature() >= FIRST_WARNING) {
      NativeLoad.before(() -> grant(inst));
    }
  }

  private static void grant(Instrumentation inst) {
    try {
      Class<?> helper = new Isolated().define(UnnamedNativeAccess.class.getName());
      inst.redefineModule(Object.class.getModule(), Set.of(), Map.of(),
          Map.of("java.lang", Set.of(helper.getModule()), "jdk.internal.module", Set.of(helper.getModule())),
          Set.of(), Map.of());
      helper.getMethod("enableIfOnlyWarned").invoke(null);
    } catch (Throwable t) {
      // The JVM prints its warning then, and the profile runs all the same.
      Health.failed("agent: native access for the profiler", t);
    }
  }

  /** A class loader holding one class of the agent's jar, read as bytes, with the JDK as parent. */
  private static final class Isolated extends ClassLoader {
    Isolated() {
      super("isutools4j-native-access", null);
    }

    Class<?> define(String name) throws IOException {
      String file = name.replace('.', '/') + ".class";
      try (InputStream in = NativeAccessGrant.class.getClassLoader().getResourceAsStream(file)) {
        if (in == null) {
          throw new IOException("not in the agent's jar: " + file);
        }
        byte[] bytes = in.readAllBytes();
        return defineClass(name, bytes, 0, bytes.length);
      }
    }
  }
}
