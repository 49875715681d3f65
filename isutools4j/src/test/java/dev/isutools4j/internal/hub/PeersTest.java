package dev.isutools4j.internal.hub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.isutools4j.internal.settings.Settings;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PeersTest {

  private static Peers peers(String given, Map<String, String> more, String ownName) {
    Map<String, String> settings = new HashMap<>(more);
    settings.put("isutools.peers", given);
    return Peers.of(Settings.of(settings), ownName);
  }

  @Test
  void eachPeerHasItsNameUrlAndTokenItsOwnOrTheCommonOne() {
    Peers peers = peers(" a=http://127.0.0.2:19191, db=http://127.0.0.4:19191/ ",
        Map.of("isutools.token", "common", "isutools.peer.db.token", "dbs",
            "isutools.peers.reset.timeout.ms", "1200"), "app1");

    assertThat(peers.list()).containsExactly(
        new Peer("a", URI.create("http://127.0.0.2:19191"), "common"),
        new Peer("db", URI.create("http://127.0.0.4:19191"), "dbs"));
    assertThat(peers.resetTimeoutMs()).isEqualTo(1200);
    assertThat(peers.saveTimeoutMs()).isEqualTo(Settings.DEFAULT_SAVE_TIMEOUT_MS);
    assertThat(peers.list().get(1).toString()).isEqualTo("db=http://127.0.0.4:19191")
        .doesNotContain("dbs");
  }

  @Test
  void semicolonsSeparatePeersAsAnAgentArgumentGivesThem() {
    Peers peers = peers("a=http://127.0.0.2:19191;db=http://127.0.0.4:19191 ; b=http://127.0.0.3:1",
        Map.of("isutools.token", "common", "isutools.peer.db.token", "dbs"), null);

    assertThat(peers.list()).containsExactly(
        new Peer("a", URI.create("http://127.0.0.2:19191"), "common"),
        new Peer("db", URI.create("http://127.0.0.4:19191"), "dbs"),
        new Peer("b", URI.create("http://127.0.0.3:1"), "common"));
    assertThatThrownBy(() -> peers("a=http://127.0.0.2:1;db", Map.of(), null))
        .hasMessageStartingWith("isutools.peers: 'db' is not name=http://host:port");
  }

  @Test
  void aMalformedEntryIsNamed() {
    for (String wrong : new String[] {"db", "=http://127.0.0.4:19191", "db=127.0.0.4:19191",
        "db=http://127.0.0.4", "db=http://127.0.0.4:19191/api", "d b=http://127.0.0.4:1",
        "db=https://127.0.0.4:19191"}) {
      assertThatThrownBy(() -> peers("a=http://127.0.0.2:1," + wrong, Map.of(), null))
          .as(wrong).isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("isutools.peers: '" + wrong + "' is not name=http://host:port");
    }
  }

  @Test
  void aNameGivenTwiceOrTakenByTheHubItselfIsRefused() {
    assertThatThrownBy(() -> peers("a=http://127.0.0.2:1,a=http://127.0.0.3:1", Map.of(), null))
        .hasMessage("isutools.peers: the name a is given twice");
    assertThatThrownBy(() -> peers("app1=http://127.0.0.2:1", Map.of(), "app1"))
        .hasMessage("isutools.peers: the name app1 is given twice (it is this hub's own "
            + "isutools.host.name)");
    assertThatThrownBy(() -> peers(" , ", Map.of(), null))
        .hasMessageContaining("names no peer");
  }
}
