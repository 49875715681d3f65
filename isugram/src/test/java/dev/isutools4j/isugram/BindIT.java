package dev.isutools4j.isugram;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.isugram.data.DataLoader;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * isugram listens on 127.0.0.1 unless told otherwise, as the admin server does: another address of
 * the machine (127.0.0.2, loopback too on Linux, stands for one) is refused; with the bind
 * {@code 0.0.0.0} it answers there as well.
 */
class BindIT {

  @TempDir
  Path dataDir;

  @Test
  void itListensOnLoopbackOnlyUnlessToldOtherwise() throws Exception {
    ServeOptions options = ServeOptions.defaults().withDataDir(dataDir).withPort(0);
    DataLoader.load(options.jdbcUrl(), 0.01);
    try (Isugram.Running app = Isugram.start(options)) {
      assertThat(app.url()).isEqualTo("http://127.0.0.1:" + app.port());
      assertThat(accepts("127.0.0.1", app.port())).isTrue();
      assertThat(accepts("127.0.0.2", app.port())).as("an address it was not bound to").isFalse();
    }
    try (Isugram.Running app = Isugram.start(options.withBind("0.0.0.0"))) {
      assertThat(accepts("127.0.0.2", app.port())).as("bound to every address").isTrue();
      assertThat(app.url()).isEqualTo("http://127.0.0.1:" + app.port());
    }
  }

  private static boolean accepts(String host, int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), 2000);
      return true;
    } catch (IOException refused) {
      return false;
    }
  }
}
