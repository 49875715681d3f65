package dev.isutools4j.agent;

import dev.isutools4j.internal.health.Health;
import java.io.IOException;
import java.io.InputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;

/**
 * What the servlet hooks call: the instrumented class ({@code site}) says through which class
 * loader its servlet API is seen, and {@link ServletRecorder} is defined there once, in a class
 * loader of its own whose parent is the site's ({@link SiteLoader}): it reads the container's
 * servlet types as the site does, and the agent's own classes as the agent does. For the
 * {@code javax.servlet} API its class file is defined with the {@code jakarta.servlet} names it
 * was compiled against mapped to {@code javax.servlet}. Public only because the hooks are in the
 * container's classes.
 *
 * <p>Hot path: one {@link ClassValue} read per call, then the API's own code.
 */
public final class ServletBridge {

  /** Not {@code ServletRecorder.class}: the agent's own loader cannot link it. */
  private static final String RECORDER = "dev.isutools4j.agent.ServletRecorder";
  private static final ClassValue<ServletApi> JAKARTA = new PerSite(false);
  private static final ClassValue<ServletApi> JAVAX = new PerSite(true);

  private ServletBridge() {}

  public static long jakartaEnter(Class<?> site, Object request) {
    return enter(JAKARTA, site, request);
  }

  public static void jakartaExit(Class<?> site, long start, Object request, Object response,
      Throwable thrown) {
    exit(JAKARTA, site, start, request, response, thrown);
  }

  public static long javaxEnter(Class<?> site, Object request) {
    return enter(JAVAX, site, request);
  }

  public static void javaxExit(Class<?> site, long start, Object request, Object response,
      Throwable thrown) {
    exit(JAVAX, site, start, request, response, thrown);
  }

  private static long enter(ClassValue<ServletApi> apis, Class<?> site, Object request) {
    try {
      return apis.get(site).enter(request);
    } catch (Throwable t) {
      Health.failed("agent: http request", t);
      return HttpBridge.SKIP;
    }
  }

  private static void exit(ClassValue<ServletApi> apis, Class<?> site, long start, Object request,
      Object response, Throwable thrown) {
    if (start == HttpBridge.SKIP) {
      return;
    }
    try {
      apis.get(site).exit(start, request, response, thrown);
    } catch (Throwable t) {
      Health.failed("agent: http request", t);
    }
  }

  /** One recorder per instrumented class; where it cannot be defined, requests there go unrecorded. */
  private static final class PerSite extends ClassValue<ServletApi> {
    private final boolean javax;

    PerSite(boolean javax) {
      this.javax = javax;
    }

    @Override
    protected ServletApi computeValue(Class<?> site) {
      try {
        ClassLoader loader = site.getClassLoader();
        if (loader == null) {
          return Unmeasured.INSTANCE;
        }
        return (ServletApi) new SiteLoader(loader).define(RECORDER, javax)
            .getConstructor().newInstance();
      } catch (Throwable t) {
        Health.failed("agent: servlet api of " + site.getName(), t);
        return Unmeasured.INSTANCE;
      }
    }
  }

  private static final class Unmeasured implements ServletApi {
    static final Unmeasured INSTANCE = new Unmeasured();

    @Override
    public long enter(Object request) {
      return HttpBridge.SKIP;
    }

    @Override
    public void exit(long start, Object request, Object response, Throwable thrown) {}
  }

  /**
   * A class loader holding one class of the agent's jar, read as bytes, beside an instrumented
   * class: the rest of isutools4j is the agent's, everything else its parent's.
   */
  private static final class SiteLoader extends ClassLoader {
    private static final ClassLoader AGENT = ServletBridge.class.getClassLoader();
    private static final String JAKARTA_SERVLET = "jakarta/servlet/";
    private static final String JAVAX_SERVLET = "javax/servlet/";

    SiteLoader(ClassLoader parent) {
      super("isutools4j-servlet", parent);
    }

    /** Defines the class {@code name} of the agent's jar here, its servlet names javax's if {@code javax}. */
    Class<?> define(String name, boolean javax) throws IOException {
      String file = name.replace('.', '/') + ".class";
      byte[] bytes;
      try (InputStream in = AGENT.getResourceAsStream(file)) {
        if (in == null) {
          throw new IOException("not in the agent's jar: " + file);
        }
        bytes = in.readAllBytes();
      }
      if (javax) {
        bytes = toJavax(bytes);
      }
      return defineClass(name, bytes, 0, bytes.length, ServletBridge.class.getProtectionDomain());
    }

    private static byte[] toJavax(byte[] jakarta) {
      ClassReader reader = new ClassReader(jakarta);
      ClassWriter writer = new ClassWriter(0);
      reader.accept(new ClassRemapper(writer, new Remapper(Opcodes.ASM9) {
        @Override
        public String map(String internalName) {
          return internalName.startsWith(JAKARTA_SERVLET)
              ? JAVAX_SERVLET + internalName.substring(JAKARTA_SERVLET.length()) : internalName;
        }
      }), 0);
      return writer.toByteArray();
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (name.startsWith("dev.isutools4j.")) {
        Class<?> defined = findLoadedClass(name);
        return defined != null ? defined : AGENT.loadClass(name);
      }
      return super.loadClass(name, resolve);
    }
  }
}
