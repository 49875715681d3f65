package dev.isutools4j.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LowerChars;
import net.jqwik.api.constraints.NumericChars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** A Host header's or an origin's host and port. */
class AuthorityTest {

  @Test
  void namesAddressesAndPorts() {
    assertThat(Authority.parse("LocalHost:19191")).isEqualTo(new Authority("localhost", 19191));
    assertThat(Authority.parse("isu1")).isEqualTo(new Authority("isu1", -1));
    assertThat(Authority.parse("[::1]:80")).isEqualTo(new Authority("[::1]", 80));
    assertThat(Authority.parse("[FE80::1]")).isEqualTo(new Authority("[fe80::1]", -1));
    assertThat(Authority.parse("10.0.0.2:0")).isEqualTo(new Authority("10.0.0.2", 0));
  }

  @Test
  void ipAddressesAreToldFromNames() {
    assertThat(Authority.parse("127.0.0.1").ipLiteral()).isTrue();
    assertThat(Authority.parse("[::1]").ipLiteral()).isTrue();
    assertThat(Authority.parse("255.255.255.255").ipLiteral()).isTrue();
    for (String name : new String[] {"256.0.0.1", "127.1", "127.0.0.1.nip.io", "0x7f.0.0.1",
        "2130706433", "localhost", "01.2.3.4"}) {
      assertThat(Authority.parse(name)).as(name).satisfiesAnyOf(
          a -> assertThat(a).isNull(), a -> assertThat(a.ipLiteral()).isFalse());
    }
  }

  @Test
  void whatIsNoAuthority() {
    for (String text : new String[] {null, "", " ", ":19191", "a:", "a:65536", "a:-1", "a:1x",
        "a b", "u@a", "a/b", "[::1", "::1", "[]", "[g::1]", "-a", "a-", "a..b:1/"}) {
      assertThat(Authority.parse(text)).as(String.valueOf(text)).isNull();
    }
  }

  @Property
  void readsBackWhatItWrites(@ForAll @LowerChars @NumericChars @StringLength(min = 1, max = 20)
      String name, @ForAll @IntRange(min = -1, max = 65_535) int port) {
    Authority authority = new Authority(name, port);
    assertThat(Authority.parse(authority.toString())).isEqualTo(authority);
  }
}
