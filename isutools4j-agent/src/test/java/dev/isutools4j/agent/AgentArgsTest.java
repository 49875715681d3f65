package dev.isutools4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class AgentArgsTest {

  @Test
  void keysBecomeTheLibrarysPropertyNames() {
    AgentArgs args = AgentArgs.parse("addr=127.0.0.1:19191, dir=/var/isutools,isutools.max.keys=300");
    assertThat(args.off()).isFalse();
    assertThat(args.properties()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "isutools.addr", "127.0.0.1:19191", "isutools.dir", "/var/isutools",
        "isutools.max.keys", "300"));
  }

  @Test
  void peersSeparatedBySemicolonsStayOneSetting() {
    AgentArgs args = AgentArgs.parse(
        "peers=app2=http://10.0.0.2:19191;db=http://10.0.0.3:19191,host.name=app1");
    assertThat(args.properties()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "isutools.peers", "app2=http://10.0.0.2:19191;db=http://10.0.0.3:19191",
        "isutools.host.name", "app1"));
  }

  @Test
  void offByArgumentOrEnvironment() {
    assertThat(AgentArgs.disabled(AgentArgs.parse("off"), Map.of())).isTrue();
    assertThat(AgentArgs.disabled(AgentArgs.parse("dir=x"), Map.of("ISUTOOLS", " OFF"))).isTrue();
    assertThat(AgentArgs.disabled(AgentArgs.parse(null), Map.of())).isFalse();
    assertThat(AgentArgs.disabled(AgentArgs.parse("dir=x"), Map.of("ISUTOOLS", "on"))).isFalse();
  }

  @Test
  void anExplicitSystemPropertyWins() {
    Properties system = new Properties();
    system.setProperty("isutools.dir", "/from/command/line");
    AgentArgs.parse("dir=/from/agent,addr=off").applyTo(system);
    assertThat(system.getProperty("isutools.dir")).isEqualTo("/from/command/line");
    assertThat(system.getProperty("isutools.addr")).isEqualTo("off");
  }

  @Test
  void malformedItemsAreIgnored() {
    assertThat(AgentArgs.parse(",=x,dir=,  ,addr=a").properties())
        .containsExactlyEntriesOf(Map.of("isutools.addr", "a"));
  }
}
