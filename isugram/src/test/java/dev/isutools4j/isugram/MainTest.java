package dev.isutools4j.isugram;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code serve}'s options as the command line gives them. */
class MainTest {

  @Test
  void serveBindsLoopbackUnlessToldOtherwise() {
    assertThat(Main.serveOptions(List.of()).bind()).isEqualTo("127.0.0.1");
    assertThat(Main.serveOptions(List.of("--bind", "0.0.0.0", "--port", "9090")))
        .satisfies(o -> assertThat(o.bind()).isEqualTo("0.0.0.0"))
        .satisfies(o -> assertThat(o.port()).isEqualTo(9090));
    assertThat(Main.serveOptions(List.of("--bind=127.0.0.3")).bind()).isEqualTo("127.0.0.3");
    assertThat(ServeOptions.defaults().withBind(" ").bind()).isEqualTo(ServeOptions.LOOPBACK);
  }
}
