package dev.isutools4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.HostInfo;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.web.AdminServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code isutools4j hub}: a hub with no app over two real peers (admin servers on 127.0.0.2 and
 * 127.0.0.3), and {@code hub attach}.
 */
class HubCommandTest {

  @TempDir
  Path tmp;

  private final List<Runnable> stops = new ArrayList<>();

  @AfterEach
  void stopAll() {
    stops.forEach(Runnable::run);
  }

  private record Peer(RunLifecycle lifecycle, AdminServer server, Path dir) {

    String url() {
      return "http://" + server.address().getAddress().getHostAddress() + ":"
          + server.address().getPort();
    }
  }

  private Peer peer(String name, String ip) throws Exception {
    Path dir = tmp.resolve(name);
    RunLifecycle lifecycle = new RunLifecycle(new RunStore(dir), List.of(), List.of(),
        () -> new GitRevision("feedbee", true, "setting"), 5, Clock.systemUTC(),
        new HostIdentity(name, HostIdentity.APP));
    AdminServer server = AdminServer.start(Settings.of(Map.of("isutools.addr", ip + ":0",
        "isutools.dir", dir.toString())), lifecycle);
    stops.add(server::stop);
    return new Peer(lifecycle, server, dir);
  }

  private HubCommand.Started hub(String peers) throws Exception {
    HubCommand.Started started = HubCommand.start(peers, "127.0.0.1:0", tmp.resolve("hub"), null,
        name -> null, Map.of("ISUTOOLS_PEERS_SAVE_TIMEOUT_MS", "3000"));
    stops.add(started::stop);
    return started;
  }

  @Test
  void aHubWithNoAppGathersThePeersPartsOnly() throws Exception {
    Peer a = peer("a", "127.0.0.2");
    Peer b = peer("b", "127.0.0.3");
    HubCommand.Started started = hub("a=" + a.url() + ",b=" + b.url());
    assertThat(started.hub().peers().saveTimeoutMs()).as("read from the environment").isEqualTo(3000);
    AdminClient admin = new AdminClient("127.0.0.1:" + started.server().address().getPort());

    String id = admin.reset();
    assertThat(a.lifecycle().currentMeta().id()).isEqualTo(id);
    assertThat(b.lifecycle().currentMeta().id()).isEqualTo(id);
    admin.save(321L, true, "standalone");

    Snapshot run = new RunStore(tmp.resolve("hub")).read(id).orElseThrow();
    assertThat(run.meta().hosts()).extracting(HostInfo::name).containsExactly("a", "b");
    assertThat(run.meta().hosts()).extracting(HostInfo::address).doesNotContain("local");
    assertThat(run.parts()).containsOnlyKeys("a", "b");
    assertThat(run.meta().partial()).isFalse();
    assertThat(run.meta().score()).isEqualTo(321L);
    assertThat(run.meta().revision()).as("the app host's").isEqualTo("feedbee");
    assertThat(run.meta().dirty()).isTrue();
    assertThat(run.meta().revisionSource()).isEqualTo("host a: setting");
  }

  @Test
  void withNoPeersItSaysWhatIsMissing() {
    assertThatThrownBy(() -> HubCommand.start(null, "127.0.0.1:0", tmp, null, name -> null,
        Map.of())).hasMessageContaining("--peers name=http://host:port,... is required");
    assertThatThrownBy(() -> HubCommand.start("db=127.0.0.4:19191", "127.0.0.1:0", tmp, null,
        name -> null, Map.of())).hasMessageContaining("'db=127.0.0.4:19191' is not name=http://host:port");
  }

  @Test
  void attachAsksThePeerToSaveTheRunItStillHoldsAndGathersItsPart() throws Exception {
    Peer a = peer("a", "127.0.0.2");
    Peer b = peer("b", "127.0.0.3");
    HubCommand.Started started = hub("a=" + a.url() + ",b=" + b.url());
    String hubUrl = "http://127.0.0.1:" + started.server().address().getPort();
    AdminClient admin = new AdminClient("127.0.0.1:" + started.server().address().getPort());
    String id = admin.reset();
    // b's history is out of reach while the hub saves (a file where its folder was), then back.
    Path aside = Files.move(b.dir(), tmp.resolve("b-aside"));
    Files.writeString(b.dir(), "b's disk is full");
    admin.save(5L, true, "b failed");
    Files.delete(b.dir());
    Files.move(aside, b.dir());
    assertThat(b.lifecycle().currentMeta().id()).as("b's run stays open").isEqualTo(id);

    ByteArrayOutputStream refused = new ByteArrayOutputStream();
    assertThat(attach(refused, id, "a", hubUrl)).isEqualTo(1);
    assertThat(refused.toString(StandardCharsets.UTF_8))
        .contains("409: host a already has its part in run " + id);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int exit = attach(out, id, "b", hubUrl);

    assertThat(exit).as(out.toString(StandardCharsets.UTF_8)).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .isEqualTo("attached b to run " + id + ": " + hubUrl + "/runs/" + id + "\n");
    Snapshot run = new RunStore(tmp.resolve("hub")).read(id).orElseThrow();
    assertThat(run.parts()).containsOnlyKeys("a", "b");
    assertThat(run.meta().hosts()).extracting(HostInfo::status)
        .containsExactly(HostInfo.OK, HostInfo.LATE);
    assertThat(run.meta().partial()).isFalse();
    assertThat(new RunStore(b.dir()).read(id).orElseThrow().meta().score())
        .as("b saved the run it held when the attach asked it to").isEqualTo(5L);
  }

  @Test
  void attachSendsTheTokenOfItsOptionOrOfTheSettingsAsTheOtherCommandsDo() throws Exception {
    Peer a = peer("a", "127.0.0.2");
    HubCommand.Started started = HubCommand.start("a=" + a.url(), "127.0.0.1:0", tmp.resolve("hub"),
        "s3cret", name -> null, Map.of());
    stops.add(started::stop);
    String hubUrl = "http://127.0.0.1:" + started.server().address().getPort();
    AdminClient admin = new AdminClient("127.0.0.1:" + started.server().address().getPort(),
        "s3cret");
    String id = admin.reset();
    admin.save(1L, true, "tokens");
    // a already has its part: a 409 says the hub took the token and read the request.
    String taken = "409: host a already has its part in run " + id;

    assertThat(attach(id, "a", hubUrl, Map.of(), Map.of())).contains("401");
    assertThat(attach(id, "a", hubUrl, Map.of("isutools.token", "s3cret"), Map.of()))
        .as("the isutools.token property").contains(taken);
    assertThat(attach(id, "a", hubUrl, Map.of(), Map.of("ISUTOOLS_TOKEN", "s3cret")))
        .as("$ISUTOOLS_TOKEN").contains(taken);
    assertThat(attach(id, "a", hubUrl, Map.of("isutools.token", "wrong"),
        Map.of("ISUTOOLS_TOKEN", "s3cret"))).as("the property before the environment")
        .contains("401");
    assertThat(attach(id, "a", hubUrl, Map.of("isutools.token", "wrong"), Map.of(), "--token",
        "s3cret")).as("--token before both").contains(taken);
  }

  /** What {@code hub attach} prints with these settings (system properties and environment). */
  private static String attach(String run, String peer, String hubUrl,
      Map<String, String> properties, Map<String, String> env, String... more) {
    HubAttachCommand command = new HubAttachCommand();
    ByteArrayOutputStream into = new ByteArrayOutputStream();
    PrintStream print = new PrintStream(into, true, StandardCharsets.UTF_8);
    command.out = print;
    command.err = print;
    command.properties = properties::get;
    command.env = env;
    List<String> args = new ArrayList<>(List.of(run, peer, "--hub", hubUrl));
    args.addAll(List.of(more));
    new CommandLine(command).execute(args.toArray(String[]::new));
    return into.toString(StandardCharsets.UTF_8);
  }

  private static int attach(ByteArrayOutputStream into, String run, String peer, String hubUrl) {
    HubAttachCommand command = new HubAttachCommand();
    PrintStream print = new PrintStream(into, true, StandardCharsets.UTF_8);
    command.out = print;
    command.err = print;
    command.properties = name -> null;
    command.env = Map.of();
    return new CommandLine(command).execute(run, peer, "--hub", hubUrl);
  }
}
