package dev.isutools4j.internal.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.hub.Hub;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.run.RunControl;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.store.RunStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** With isutools.peers the admin server serves a hub; peers it cannot read leave it a plain one. */
class BootstrapHubTest {

  @TempDir
  Path dir;

  private RunLifecycle lifecycle() {
    return new RunLifecycle(new RunStore(dir), List.of(), List.of(), () -> GitRevision.UNKNOWN, 5,
        Clock.systemUTC(), new HostIdentity("app1", HostIdentity.APP));
  }

  @Test
  void peersMakeAHubOverThisHostsLifecycle() {
    RunLifecycle lifecycle = lifecycle();
    RunControl runs = Bootstrap.hubOrLifecycle(
        Settings.of(Map.of("isutools.peers", "db=http://127.0.0.4:19191")), lifecycle);

    assertThat(runs).isInstanceOf(Hub.class);
    try (Hub hub = (Hub) runs) {
      assertThat(hub.peers().list()).extracting(p -> p.name()).containsExactly("db");
      assertThat(hub.identity()).isEqualTo(lifecycle.identity());
      assertThat(hub.hubId()).startsWith("app1-");
    }
    assertThat(Bootstrap.hubOrLifecycle(Settings.of(Map.of()), lifecycle)).isSameAs(lifecycle);
  }

  @Test
  void malformedPeersLeaveAPlainAdminServerCountedInHealth() {
    RunLifecycle lifecycle = lifecycle();
    long before = Health.failures();

    RunControl runs = Bootstrap.hubOrLifecycle(
        Settings.of(Map.of("isutools.peers", "db=http://127.0.0.4:19191,db=http://127.0.0.5:1")),
        lifecycle);

    assertThat(runs).isSameAs(lifecycle);
    assertThat(Health.failures()).isEqualTo(before + 1);
    assertThat(Health.last().where()).isEqualTo("hub: isutools.peers");
    assertThat(Health.last().message()).contains("the name db is given twice");
  }
}
