package dev.isutools4j.internal.advise;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class EnvironmentProbeTest {

  @Test
  void readsWholeProcSysValues() throws Exception {
    Path somaxconn = Path.of("/proc/sys/net/core/somaxconn");
    Assumptions.assumeTrue(Files.isReadable(somaxconn), "no /proc/sys on this machine");
    String expected;
    try (var in = Files.newInputStream(somaxconn)) {
      expected = new String(in.readAllBytes()).trim();
    }
    assertThat(EnvironmentProbe.gather(null, List.of()).sysctl()).containsEntry("net.core.somaxconn", expected);
    assertThat(EnvironmentProbe.gather(null, List.of()).sysctl().get("net.ipv4.ip_local_port_range"))
        .matches("\\d+\\s+\\d+");
  }
}
