package dev.isutools4j.internal.web;

import com.sun.net.httpserver.HttpServer;
import dev.isutools4j.internal.run.RunControl;
import dev.isutools4j.internal.settings.Settings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The admin HTTP server: the JDK's own server on its own two daemon threads, so that it never
 * competes with the app's request threads and never keeps the JVM alive.
 *
 * <p>Binds 127.0.0.1:19191 by default. Any address other than loopback requires a token
 * ({@code isutools.token}); when a token is set, every request must carry it. Every request passes
 * its {@link AdminGate} first: the name it was sent to, where it comes from, its token.
 */
public final class AdminServer {

  private static final int THREADS = 2;

  private final HttpServer server;
  private final ExecutorService executor;

  private AdminServer(HttpServer server, ExecutorService executor) {
    this.server = server;
    this.executor = executor;
  }

  public static AdminServer start(Settings settings, RunControl lifecycle) throws IOException {
    InetSocketAddress bind = parseAddress(settings.addr());
    if (!bind.getAddress().isLoopbackAddress() && settings.token() == null) {
      throw new IllegalStateException("isutools.addr=" + settings.addr()
          + " is not a loopback address: set isutools.token (ISUTOOLS_TOKEN) to expose it");
    }
    AdminGate gate = new AdminGate(HostCheck.of(hostPart(settings.addr()), settings.allowedHosts()),
        AdminToken.of(settings.token()));
    noDelay();
    HttpServer server = HttpServer.create(bind, 64);
    AtomicInteger threads = new AtomicInteger();
    ExecutorService executor = Executors.newFixedThreadPool(THREADS, task -> {
      Thread thread = new Thread(task, "isutools-admin-" + threads.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
    server.setExecutor(executor);
    server.createContext("/", new AdminHandler(lifecycle, gate, settings.label()));
    startAsDaemon(server);
    return new AdminServer(server, executor);
  }

  /**
   * The server's dispatcher thread takes its daemon flag from the thread that starts it; started
   * from an app thread it would keep the JVM alive after the app's main returns.
   */
  private static void startAsDaemon(HttpServer server) throws IOException {
    Thread starter = new Thread(server::start, "isutools-admin-start");
    starter.setDaemon(true);
    starter.start();
    try {
      starter.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while starting the admin server", e);
    }
  }

  /** Parses {@code host:port} ({@code [v6]:port} too); a bare {@code :port} means loopback. */
  static InetSocketAddress parseAddress(String addr) throws IOException {
    String host = hostPart(addr);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int port = Integer.parseInt(addr.substring(addr.lastIndexOf(':') + 1));
    InetAddress address = host.isEmpty() ? InetAddress.getLoopbackAddress() : InetAddress.getByName(host);
    return new InetSocketAddress(address, port);
  }

  /** The host of {@code host:port} as given ({@code [v6]} with its brackets; empty for {@code :port}). */
  private static String hostPart(String addr) {
    int colon = addr.lastIndexOf(':');
    if (colon < 0) {
      throw new IllegalArgumentException("isutools.addr must be host:port, got " + addr);
    }
    return addr.substring(0, colon);
  }

  public InetSocketAddress address() {
    return server.getAddress();
  }

  public void stop() {
    server.stop(0);
    executor.shutdownNow();
  }

  /**
   * The JDK's server writes a response's headers and body in two writes; with Nagle's algorithm
   * the body waits for the client's delayed ACK of the headers, 40 ms on Linux, so every answer
   * took 40 ms over loopback (22 requests a second from one client). The JDK reads this switch
   * once, when its first server starts; an app that already chose a value keeps it.
   */
  private static void noDelay() {
    try {
      if (System.getProperty("sun.net.httpserver.nodelay") == null) {
        System.setProperty("sun.net.httpserver.nodelay", "true");
      }
    } catch (SecurityException ignored) {
      // A security manager forbids it: answers are slower, nothing else changes.
    }
  }
}
