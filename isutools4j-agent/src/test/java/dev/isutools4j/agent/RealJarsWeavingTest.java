package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every class of real drivers', pools' and containers' jars that the agent instruments, woven by
 * the real transformer and then linked by the JVM, whose verifier checks each woven method's
 * frames and handlers: it must link (and initialize) exactly as the class as it was does. A woven
 * class the verifier refused would stop the app's driver from loading.
 */
class RealJarsWeavingTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "org.mariadb.jdbc.Driver, 12",
      "com.mysql.cj.jdbc.Driver, 12",
      "org.postgresql.Driver, 5",
      "org.h2.Driver, 6",
      "com.zaxxer.hikari.HikariDataSource, 8",
      "org.apache.catalina.connector.CoyoteAdapter, 3"})
  void everyWovenClassLinksAsItsOriginalDoes(String anyClassOfTheJar, int atLeastWoven)
      throws Exception {
    Path jar = Path.of(Class.forName(anyClassOfTheJar).getProtectionDomain().getCodeSource()
        .getLocation().toURI());
    AgentTransformer transformer = new AgentTransformer();
    Map<String, byte[]> woven = new HashMap<>();
    try (JarFile file = new JarFile(jar.toFile()); JarLoader reading = new JarLoader(jar, Map.of())) {
      for (JarEntry entry : (Iterable<JarEntry>) file.stream()::iterator) {
        String path = entry.getName();
        if (!path.endsWith(".class") || path.startsWith("META-INF/") || path.endsWith("module-info.class")) {
          continue;
        }
        String internalName = path.substring(0, path.length() - ".class".length());
        byte[] bytes;
        try (InputStream in = file.getInputStream(entry)) {
          bytes = in.readAllBytes();
        }
        byte[] changed = transformer.transform(null, reading, internalName, null, null, bytes);
        if (changed != null) {
          woven.put(internalName.replace('/', '.'), changed);
        }
      }
    }
    assertThat(transformer.failures()).as("classes the transformer could not weave").isZero();
    assertThat(woven.size()).as("classes woven in " + jar.getFileName()).isGreaterThanOrEqualTo(atLeastWoven);
    List<String> differing = new ArrayList<>();
    for (String name : woven.keySet()) {
      String original;
      String changed;
      try (JarLoader plain = new JarLoader(jar, Map.of()); JarLoader weaving = new JarLoader(jar, woven)) {
        original = link(plain, name);
        changed = link(weaving, name);
      }
      if (!original.equals(changed)) {
        differing.add(name + ": " + original + " became " + changed);
      }
    }
    assertThat(differing).as("woven classes that link otherwise than their originals").isEmpty();
  }

  /** How linking and initializing {@code name} ends: "linked", or the error's class and message. */
  private static String link(ClassLoader loader, String name) {
    try {
      Class.forName(name, true, loader);
      return "linked";
    } catch (Throwable t) {
      return t.getClass().getName() + ": " + t.getMessage();
    }
  }

  /** The jar's classes defined here first (woven where given), everything else from the tests' loader. */
  private static final class JarLoader extends URLClassLoader {
    private final Map<String, byte[]> woven;

    JarLoader(Path jar, Map<String, byte[]> woven) throws IOException {
      super(new URL[] {jar.toUri().toURL()}, RealJarsWeavingTest.class.getClassLoader());
      this.woven = woven;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      synchronized (getClassLoadingLock(name)) {
        Class<?> loaded = findLoadedClass(name);
        if (loaded != null) {
          return loaded;
        }
        byte[] bytes = woven.get(name);
        if (bytes != null) {
          return defineClass(name, bytes, 0, bytes.length);
        }
        if (findResource(name.replace('.', '/') + ".class") != null) {
          return findClass(name);
        }
        return super.loadClass(name, resolve);
      }
    }
  }
}
