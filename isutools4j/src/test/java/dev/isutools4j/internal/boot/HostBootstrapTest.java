package dev.isutools4j.internal.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.isutools4j.internal.advise.Subject;
import dev.isutools4j.internal.boot.HostBootstrap.Duties;
import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.AdvisorSection;
import dev.isutools4j.internal.snapshot.MachineSection;
import dev.isutools4j.internal.snapshot.Snapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host with no app: its role, what its advisor judges, and a run of it with no database. */
class HostBootstrapTest {

  @TempDir
  Path dir;

  private static Predicate<Collection<String>> running(String... names) {
    return asked -> asked.stream().anyMatch(List.of(names)::contains);
  }

  private static Duties duties(Map<String, String> settings, boolean db, String... runningNames) {
    return Duties.of(Settings.of(settings), db, running(runningNames));
  }

  @Test
  void theRoleIsToldByWhatTheHostIsGiven() {
    Settings none = Settings.of(Map.of("isutools.host.name", "db"));
    assertThat(duties(Map.of(), true).identity(none)).isEqualTo(new HostIdentity("db", "database"));
    assertThat(duties(Map.of("isutools.slow.log", "/x/slow.log"), false).identity(none).role())
        .isEqualTo(HostIdentity.DATABASE);
    assertThat(duties(Map.of(), false, "mariadbd").identity(none).role())
        .as("a database server running").isEqualTo(HostIdentity.DATABASE);
    assertThat(duties(Map.of(), false, "mysqld").identity(none).role()).isEqualTo(HostIdentity.DATABASE);
    assertThat(duties(Map.of("isutools.access.log", "/x/access.log"), false, "nginx")
        .identity(none).role()).isEqualTo(HostIdentity.WEB);
    assertThat(duties(Map.of("isutools.access.log", "/x/access.log"), true).identity(none).role())
        .isEqualTo(HostIdentity.MIXED);
    assertThat(duties(Map.of(), false, "nginx").identity(none).role())
        .as("nginx running makes a web host, even with no access log to read")
        .isEqualTo(HostIdentity.WEB);
    assertThat(duties(Map.of(), true).identity(Settings.of(Map.of("isutools.host.role", "Web")))
        .role()).as("the setting wins").isEqualTo("web");
  }

  @Test
  void theAdvisorJudgesTheOsAlwaysTheDatabaseOnADatabaseHostAndNginxWhereItRuns() {
    assertThat(duties(Map.of(), true).subjects()).containsExactly(Subject.DATABASE, Subject.OS);
    assertThat(duties(Map.of(), true, "nginx").subjects())
        .containsExactly(Subject.DATABASE, Subject.NGINX, Subject.OS);
    assertThat(duties(Map.of("isutools.access.log", "/x/access.log"), false).subjects())
        .containsExactly(Subject.NGINX, Subject.OS);
    assertThat(duties(Map.of(), false).subjects()).containsExactly(Subject.OS);
  }

  @Test
  void aRunOfAHostWithNoAppHasTheMachineAndNoProfileNorAppRules() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/stat")), "Linux only");
    Settings settings = Settings.of(Map.of("isutools.addr", "127.0.0.1:0",
        "isutools.dir", dir.toString(), "isutools.machine.interval.ms", "50",
        "isutools.host.name", "box", "isutools.processes", "sshd"));
    try (HostPeer host = HostBootstrap.start(settings, null)) {
      assertThat(host.identity().name()).isEqualTo("box");
      assertThat(host.watched()).contains("mariadbd", "nginx", "sshd");
      assertThat(host.database()).isNull();
      String id = host.lifecycle().join("20260101-000000-001", "hub").id();
      Snapshot part = host.lifecycle().store()
          .read(host.lifecycle().saveRun(id, null, null, null).id()).orElseThrow();
      assertThat(part.sql()).isEmpty();
      assertThat(part.http()).isEmpty();
      assertThat(part.sections()).containsKeys("machine", "accessLog", "slowLog", "advisor")
          .doesNotContainKeys("database", "profile");
      assertThat(part.section(MachineSection.class).orElseThrow().supported()).isTrue();
      assertThat(part.section(AdvisorSection.class).orElseThrow().rows())
          .extracting(AdvisorSection.Row::rule).isNotEmpty()
          .allSatisfy(rule -> assertThat(rule).matches("(os|db|nginx)-.*"));
    }
  }

  @Test
  void aNonLoopbackAddressWithoutATokenIsRefused() {
    Settings settings = Settings.of(Map.of("isutools.addr", "0.0.0.0:0", "isutools.dir",
        dir.toString()));
    assertThatThrownBy(() -> HostBootstrap.start(settings, null))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("isutools.token");
  }
}
