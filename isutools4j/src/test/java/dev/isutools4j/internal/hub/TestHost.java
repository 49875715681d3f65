package dev.isutools4j.internal.hub;

import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.web.AdminServer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A host of a run across hosts, in this JVM: a real admin server on its own loopback address
 * (127.0.0.2, 127.0.0.3, ...; port 0) over its own lifecycle and history directory.
 */
final class TestHost implements AutoCloseable {

  final String name;
  final RunLifecycle lifecycle;
  final AdminServer server;
  final Path dir;

  private TestHost(String name, RunLifecycle lifecycle, AdminServer server, Path dir) {
    this.name = name;
    this.lifecycle = lifecycle;
    this.server = server;
    this.dir = dir;
  }

  static Builder named(String name) {
    return new Builder(name);
  }

  /** How to start one: where, with which clock, token, role and collectors. */
  static final class Builder {
    private final String name;
    private String ip = "127.0.0.2";
    private Clock clock = Clock.systemUTC();
    private String token;
    private String role = HostIdentity.APP;
    private List<Collector> collectors = List.of();

    private Builder(String name) {
      this.name = name;
    }

    Builder on(String address) {
      this.ip = address;
      return this;
    }

    Builder clock(Clock given) {
      this.clock = given;
      return this;
    }

    Builder token(String given) {
      this.token = given;
      return this;
    }

    Builder role(String given) {
      this.role = given;
      return this;
    }

    Builder collectors(List<Collector> given) {
      this.collectors = given;
      return this;
    }

    TestHost start(Path dir) throws IOException {
      RunLifecycle lifecycle = new RunLifecycle(new RunStore(dir), collectors, List.of(),
          () -> new GitRevision("c0ffee1", false, "setting"), 5, clock,
          new HostIdentity(name, role));
      Map<String, String> settings = new HashMap<>(Map.of("isutools.addr", ip + ":0",
          "isutools.dir", dir.toString()));
      if (token != null) {
        settings.put("isutools.token", token);
      }
      return new TestHost(name, lifecycle, AdminServer.start(Settings.of(settings), lifecycle), dir);
    }
  }

  String url() {
    return "http://" + server.address().getAddress().getHostAddress() + ":"
        + server.address().getPort();
  }

  /** {@code name=url}, as {@code isutools.peers} lists it. */
  String peerEntry() {
    return name + "=" + url();
  }

  RunStore store() {
    return lifecycle.store();
  }

  @Override
  public void close() {
    server.stop();
  }
}
