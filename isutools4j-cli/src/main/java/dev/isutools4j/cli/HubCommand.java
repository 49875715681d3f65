package dev.isutools4j.cli;

import dev.isutools4j.internal.hub.Hub;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.web.AdminServer;
import dev.isutools4j.internal.web.RunPage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * A hub with no app of its own: the player's reset and save fan out to the peers, and each saved
 * run gathers their parts into this history. Stays up like {@code serve}.
 */
@Command(name = "hub", mixinStandardHelpOptions = true, subcommands = HubAttachCommand.class,
    description = "Serve a hub with no app: reset and save fan out to the peers, whose parts "
        + "make up each saved run.")
final class HubCommand implements Callable<Integer> {

  @Option(names = "--peers", description = "the peers: name=http://host:port,... (default: "
      + "isutools.peers, $ISUTOOLS_PEERS)")
  String peers;

  @Option(names = "--addr", description = "the address to listen on (default: isutools.addr, "
      + "$ISUTOOLS_ADDR, else " + Settings.DEFAULT_ADDR + "); not loopback needs a token")
  String addr;

  @Option(names = "--dir", description = "the history directory (default: isutools.dir, "
      + "$ISUTOOLS_DIR, else isutools-data)")
  Path dir;

  @Option(names = "--token", description = "the token every request must carry, and the peers' "
      + "(default: isutools.token, $ISUTOOLS_TOKEN)")
  String token;

  private final PrintStream out = System.out;
  private final PrintStream err = System.err;

  /** A standalone hub and the admin server that serves it. */
  record Started(Hub hub, AdminServer server) {

    void stop() {
      server.stop();
      hub.close();
    }
  }

  @Override
  public Integer call() throws Exception {
    Started started;
    try {
      started = start(peers, addr, dir, token, System::getProperty, System.getenv());
    } catch (IllegalArgumentException | IllegalStateException e) {
      err.println("isutools4j hub: " + e.getMessage());
      return 2;
    } catch (IOException e) {
      err.println("isutools4j hub: cannot listen: " + e.getMessage());
      return 1;
    }
    AdminServer server = started.server();
    out.println("hub of " + started.hub().peers().list() + " on http://"
        + server.address().getHostString() + ":" + server.address().getPort() + "/ , history in "
        + started.hub().store().dir().toAbsolutePath() + " ; Ctrl-C stops");
    UntilStopped.await(started::stop, "hub-stop");
    return 0;
  }

  /**
   * Starts the hub: the options given win over the settings of the same names
   * ({@code isutools.peers}, {@code isutools.addr}, {@code isutools.dir}, {@code isutools.token});
   * the rest (timeouts, peer tokens, host name) are read as the library reads them.
   */
  static Started start(String peers, String addr, Path dir, String token,
      Function<String, String> properties, Map<String, String> env) throws IOException {
    Map<String, String> given = new HashMap<>();
    if (peers != null) {
      given.put("isutools.peers", peers);
    }
    if (addr != null) {
      given.put("isutools.addr", addr);
    }
    if (dir != null) {
      given.put("isutools.dir", dir.toString());
    }
    if (token != null) {
      given.put("isutools.token", token);
    }
    Settings settings = Settings.from(
        name -> given.containsKey(name) ? given.get(name) : properties.apply(name), env);
    if (settings.hosts().peers() == null) {
      throw new IllegalArgumentException("--peers name=http://host:port,... is required "
          + "(or isutools.peers)");
    }
    HostIdentity identity = new HostIdentity(HostIdentity.name(settings.hosts().name()),
        HostIdentity.role(settings.hosts().role(), false, false, false));
    // No collectors and no part: the run's revision is its app host's.
    RunLifecycle lifecycle = new RunLifecycle(new RunStore(settings.dir(), RunPage::standalone),
        List.of(), List.of(), () -> GitRevision.UNKNOWN, settings.nPlusOneThreshold(),
        Clock.systemUTC(), identity);
    Hub hub = Hub.of(lifecycle, settings, false);
    try {
      return new Started(hub, AdminServer.start(settings, hub));
    } catch (IOException | RuntimeException e) {
      hub.close();
      throw e;
    }
  }
}
