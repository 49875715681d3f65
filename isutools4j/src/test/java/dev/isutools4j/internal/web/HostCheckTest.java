package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** Which Host headers the admin server answers to: nothing a rebound DNS name can produce. */
class HostCheckTest {

  private static final HostCheck LOOPBACK = HostCheck.of("127.0.0.1", List.of());

  @Test
  void theBoundAddressAndTheLoopbackNames() {
    for (String host : List.of("127.0.0.1:19191", "localhost:19191", "LocalHost:19191",
        "[::1]:19191", "[0:0:0:0:0:0:0:1]:19191", "127.0.0.1", "localhost")) {
      assertThat(LOOPBACK.refusal(host)).as(host).isNull();
    }
  }

  /** ssh -L 19192:localhost:19191, a container's published port, a relay: the page is this server's. */
  @Test
  void throughAForwardOnAnotherPort() {
    for (String host : List.of("localhost:19192", "127.0.0.1:8080", "[::1]:29191")) {
      assertThat(LOOPBACK.refusal(host)).as(host).isNull();
    }
  }

  @Test
  void aNameNoOneAllowedIsRefusedWithTheReason() {
    assertThat(LOOPBACK.refusal("evil.example:19191"))
        .contains("not to Host evil.example:19191").contains("isutools.allowed.hosts");
    for (String host : List.of("evil.example", "127.0.0.1.evil.example:19191", "localhost.:19191",
        "app.localhost:19191", "2130706433:19191", "0x7f.0.0.1:19191", "127.1:19191")) {
      assertThat(LOOPBACK.refusal(host)).as(host).isNotNull();
    }
  }

  @Test
  void anUnreadableHostIsRefused() {
    for (String host : List.of("", "a b:19191", "127.0.0.1:99999", "127.0.0.1:",
        "user@127.0.0.1:19191", "[::1:19191", "[zz::1]:19191", "127.0.0.1:19191/x")) {
      assertThat(LOOPBACK.refusal(host)).as(host).isNotNull();
    }
  }

  @Test
  void aRequestWithNoHostAtAllComesFromNoBrowser() {
    assertThat(LOOPBACK.refusal(null)).isNull();
  }

  /** A wildcard-bound peer is called by its hub at the address the hub knows it by. */
  @Test
  void aWildcardOrLanBoundServerAnswersToAnyIpAddress() {
    for (String bound : List.of("0.0.0.0", "[::]", "10.0.0.2")) {
      HostCheck check = HostCheck.of(bound, List.of());
      for (String host : List.of("10.0.0.2:19191", "192.168.1.5:19191", "[fe80::1]:19191",
          "203.0.113.7:29191", "localhost:19191")) {
        assertThat(check.refusal(host)).as(bound + " " + host).isNull();
      }
      assertThat(check.refusal("isu2:19191")).as(bound).isNotNull();
    }
  }

  @Test
  void theNameTheServerWasBoundByIsItsOwn() {
    HostCheck check = HostCheck.of("isu2", List.of());
    assertThat(check.refusal("ISU2:19191")).isNull();
    assertThat(check.refusal("isu3:19191")).isNotNull();
  }

  @Test
  void allowedNamesOnAnyPortOrOnTheirOwn() {
    HostCheck check = HostCheck.of("127.0.0.1",
        List.of("isu1", "dash.example:8443", "Dash.Example:80"));
    assertThat(check.refusal("isu1")).isNull();
    assertThat(check.refusal("isu1:19191")).isNull();
    assertThat(check.refusal("dash.example:8443")).isNull();
    assertThat(check.refusal("dash.example")).as("no port: 80").isNull();
    assertThat(check.refusal("dash.example:8080")).isNotNull();
    assertThat(check.refusal("isu10")).isNotNull();
  }

  @Test
  void aMalformedAllowedEntryStopsTheStartWithItsName() {
    assertThatThrownBy(() -> HostCheck.of("127.0.0.1", List.of("ok", "http://isu1/")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("isutools.allowed.hosts").hasMessageContaining("http://isu1/");
  }

  @Property
  void noPlainNameIsAnsweredUnlessAllowed(@ForAll @AlphaChars @StringLength(min = 1, max = 30) String name) {
    String host = name + ".example:19191";
    assertThat(LOOPBACK.refusal(host)).isNotNull();
    assertThat(HostCheck.of("127.0.0.1", List.of(name + ".example")).refusal(host)).isNull();
  }
}
