package dev.isutools4j.internal.boot;

import dev.isutools4j.internal.advise.Advisor;
import dev.isutools4j.internal.advise.EnvironmentProbe;
import dev.isutools4j.internal.advise.NginxFront;
import dev.isutools4j.internal.analyze.DatabaseChanges;
import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.database.DatabaseCollector;
import dev.isutools4j.internal.collect.logtail.AccessLogCollector;
import dev.isutools4j.internal.collect.logtail.SlowLogCollector;
import dev.isutools4j.internal.collect.machine.MachineCollector;
import dev.isutools4j.internal.collect.profile.ProfileCollector;
import dev.isutools4j.internal.collect.traces.TracesCollector;
import dev.isutools4j.internal.flow.FlowCollector;
import dev.isutools4j.internal.health.Health;
import dev.isutools4j.internal.hub.Hub;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.run.RevisionPlace;
import dev.isutools4j.internal.run.RevisionPlaces;
import dev.isutools4j.internal.run.RunControl;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.stats.Recording;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.web.AdminServer;
import dev.isutools4j.internal.web.RunPage;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Starts isutools4j once per JVM, on first use (the driver, a filter or the facade): the run
 * lifecycle over the history directory, and the admin server. Never throws: a failure to start is
 * logged and counted, and the app runs on unmeasured.
 */
public final class Bootstrap {

  private static final System.Logger LOG = System.getLogger("isutools4j");
  private static final AtomicBoolean STARTED = new AtomicBoolean();
  private static volatile RunLifecycle lifecycle;
  private static volatile AdminServer server;

  private Bootstrap() {}

  public static void start() {
    if (!STARTED.compareAndSet(false, true)) {
      return;
    }
    try {
      Settings settings = Recording.settings();
      Path workDir = Path.of("").toAbsolutePath();
      List<RevisionPlace> revisionPlaces = RevisionPlaces.ofThisJvm(workDir);
      RunStore store = new RunStore(settings.dir(), RunPage::standalone);
      List<Collector> collectors = List.of(new MachineCollector(settings),
          new DatabaseCollector(settings), new AccessLogCollector(settings),
          new SlowLogCollector(settings), ProfileCollector.of(settings), new TracesCollector(),
          new FlowCollector(settings, Recording.keys().routes().index()));
      HostIdentity identity = new HostIdentity(HostIdentity.name(settings.hosts().name()),
          HostIdentity.role(settings.hosts().role(), true, settings.slowLog() != null,
              settings.accessLog() != null));
      lifecycle = new RunLifecycle(store, collectors,
          List.of(new DatabaseChanges(),
              // Gathered at save, while the run's recorder is still the current one.
              new Advisor(() -> EnvironmentProbe.gather(settings.nginxConf(),
                  NginxFront.of(settings.accessLog() != null, Recording.recorder().proxyHeader(), false)),
                  Advisor.defaultRules())),
          () -> GitRevision.find(settings.gitRevision(), revisionPlaces), settings.nPlusOneThreshold(),
          Clock.systemUTC(), identity);
      if (settings.adminDisabled()) {
        LOG.log(System.Logger.Level.INFO, "isutools4j: admin server off (isutools.addr=off)");
        return;
      }
      RunControl runs = hubOrLifecycle(settings, lifecycle);
      server = AdminServer.start(settings, runs);
      LOG.log(System.Logger.Level.INFO, "isutools4j: admin server on http://{0}:{1}/ , history in {2}{3}",
          server.address().getHostString(), String.valueOf(server.address().getPort()),
          settings.dir().toAbsolutePath(), runs instanceof Hub hub
              ? ", hub of " + hub.peers().list() : "");
    } catch (Throwable t) {
      Health.failed("start", t);
      LOG.log(System.Logger.Level.WARNING, "isutools4j: could not start; the app runs unmeasured", t);
    }
  }

  /**
   * For a JVM composed otherwise ({@link HostBootstrap}): from now on {@link #start} does nothing,
   * though loading a JDBC driver still calls it. False when it had started already.
   */
  static boolean standDown() {
    return STARTED.compareAndSet(false, true);
  }

  /**
   * With {@code isutools.peers}, a hub over this host's lifecycle (its run is the hub's own part);
   * peers that cannot be read leave a plain admin server, said once in the log and counted.
   */
  static RunControl hubOrLifecycle(Settings settings, RunLifecycle lifecycle) {
    if (settings.hosts().peers() == null) {
      return lifecycle;
    }
    try {
      return Hub.of(lifecycle, settings, true);
    } catch (IllegalArgumentException malformed) {
      Health.failed("hub: isutools.peers", malformed);
      LOG.log(System.Logger.Level.WARNING, "isutools4j: not a hub, runs stay on this host: {0}",
          malformed.getMessage());
      return lifecycle;
    }
  }

  /** The run lifecycle, or null if start failed. */
  public static RunLifecycle lifecycle() {
    start();
    return lifecycle;
  }

  /** Where the admin server listens, or null when it is off or failed to start. */
  public static InetSocketAddress adminAddress() {
    start();
    AdminServer s = server;
    return s == null ? null : s.address();
  }
}
