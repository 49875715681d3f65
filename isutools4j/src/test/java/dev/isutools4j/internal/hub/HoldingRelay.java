package dev.isutools4j.internal.hub;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

/**
 * What a stopped host (SIGSTOP) looks like at its socket: connections are accepted and what is
 * sent is taken in, but nothing comes back until it is thawed (SIGCONT), when what was held is
 * delivered (or lost, {@link #drop}). Relays to a real admin server, or holds everything forever
 * when it has none.
 */
final class HoldingRelay implements AutoCloseable {

  private final ServerSocket listener;
  private final InetSocketAddress target;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private volatile CountDownLatch thawed = new CountDownLatch(0);

  private HoldingRelay(ServerSocket listener, InetSocketAddress target) {
    this.listener = listener;
    this.target = target;
    daemon("relay-accept", this::acceptAll);
  }

  /** A relay on {@code ip} (port 0) to {@code target}; null: accepts and never answers. */
  static HoldingRelay on(String ip, InetSocketAddress target) throws IOException {
    return new HoldingRelay(new ServerSocket(0, 50, InetAddress.getByName(ip)), target);
  }

  String url() {
    return "http://" + listener.getInetAddress().getHostAddress() + ":" + listener.getLocalPort();
  }

  /** From now on nothing passes, either way, on old connections or new. */
  void freeze() {
    thawed = new CountDownLatch(1);
  }

  /** What was held passes on, and all that follows. */
  void thaw() {
    thawed.countDown();
  }

  /**
   * What was held is lost, as a request sent to a host that went away is: the connections that
   * held it close before anything passes again; new ones then pass.
   */
  void drop() {
    for (Socket socket : sockets) {
      closeQuietly(socket);
      sockets.remove(socket);
    }
    thaw();
  }

  private void acceptAll() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        sockets.add(client);
        if (target != null) {
          daemon("relay-connection", () -> connect(client));
        }
      } catch (IOException closed) {
        return;
      }
    }
  }

  private void connect(Socket client) {
    try {
      holdWhileFrozen();
      Socket upstream = new Socket(target.getAddress(), target.getPort());
      sockets.add(upstream);
      daemon("relay-up", () -> pump(client, upstream));
      pump(upstream, client);
    } catch (IOException | InterruptedException e) {
      closeQuietly(client);
    }
  }

  private void pump(Socket from, Socket to) {
    byte[] buffer = new byte[16 * 1024];
    try (InputStream in = from.getInputStream()) {
      OutputStream out = to.getOutputStream();
      int n;
      while ((n = in.read(buffer)) >= 0) {
        holdWhileFrozen();
        out.write(buffer, 0, n);
        out.flush();
      }
      holdWhileFrozen();
      to.shutdownOutput();
    } catch (IOException | InterruptedException e) {
      closeQuietly(to);
    }
  }

  private void holdWhileFrozen() throws InterruptedException {
    thawed.await();
  }

  private static void daemon(String name, Runnable task) {
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    thread.start();
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // Closing a socket already gone.
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
    thaw();
    for (Socket socket : sockets) {
      closeQuietly(socket);
    }
  }
}
