package dev.isutools4j.agent;

import com.sun.net.httpserver.HttpContext;
import com.sun.net.httpserver.HttpServer;
import dev.isutools4j.Isutools;
import dev.isutools4j.internal.health.Health;
import java.io.File;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.loading.ClassInjector;

/**
 * Puts the library's filter on every context the app's JDK HTTP server creates. The advice in the
 * server calls {@code HttpContextHook}, which is injected into the bootstrap class loader (the only
 * one the {@code jdk.httpserver} module sees besides its own) and pointed at {@link #added}.
 */
final class HttpServerContexts {

  private static final String HOOK = "dev.isutools4j.agent.boot.HttpContextHook";

  private HttpServerContexts() {}

  /** Injects the hook and lets the JDK's server module read it. */
  static void install(Instrumentation inst) throws IOException, ReflectiveOperationException {
    File folder = Files.createTempDirectory("isutools4j-agent").toFile();
    folder.deleteOnExit();
    Map<String, Class<?>> injected = ClassInjector.UsingInstrumentation
        .of(folder, ClassInjector.UsingInstrumentation.Target.BOOTSTRAP, inst)
        .injectRaw(Set.of(HOOK), ClassFileLocator.ForClassLoader.of(
            HttpServerContexts.class.getClassLoader()));
    for (File jar : folder.listFiles() == null ? new File[0] : folder.listFiles()) {
      jar.deleteOnExit();
    }
    Class<?> hook = injected.get(HOOK);
    Module server = HttpServer.class.getModule();
    inst.redefineModule(server, Set.of(hook.getModule()), Map.of(), Map.of(), Set.of(), Map.of());
    Consumer<Object> listener = HttpServerContexts::added;
    hook.getField("listener").set(null, listener);
  }

  /** A context was created: the library's filter goes first, unless it is isutools4j's own. */
  static void added(Object created) {
    try {
      if (!(created instanceof HttpContext context)) {
        return;
      }
      Object handler = context.getHandler();
      if (handler != null && handler.getClass().getName().startsWith("dev.isutools4j.")) {
        return; // the admin server's pages are not the app's traffic
      }
      context.getFilters().add(0, Isutools.httpServerFilter());
    } catch (Throwable t) {
      Health.failed("agent: http server context", t);
    }
  }
}
