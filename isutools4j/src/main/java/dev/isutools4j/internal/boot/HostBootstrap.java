package dev.isutools4j.internal.boot;

import dev.isutools4j.internal.advise.Advisor;
import dev.isutools4j.internal.advise.EnvironmentProbe;
import dev.isutools4j.internal.advise.NginxFront;
import dev.isutools4j.internal.advise.Subject;
import dev.isutools4j.internal.analyze.DatabaseChanges;
import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.database.DatabaseCollector;
import dev.isutools4j.internal.collect.database.ExplainSource;
import dev.isutools4j.internal.collect.logtail.AccessLogCollector;
import dev.isutools4j.internal.collect.logtail.SlowLogCollector;
import dev.isutools4j.internal.collect.machine.MachineCollector;
import dev.isutools4j.internal.collect.machine.ProcessNames;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.web.AdminServer;
import dev.isutools4j.internal.web.RunPage;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The second composition root: isutools4j on a host with no JVM app ({@code isutools4j host}),
 * such as the database box or an nginx-only box, an ordinary peer of a hub. Its runs hold the
 * machine (the usual neighbours and {@code isutools.processes} always shown), the database given
 * by URL, the slow log and the access log, the database's changes and the advisor's rules on
 * what this host has (the OS always, the database, nginx); no profile (the only JVM is this one,
 * isutools4j's own) and no SQL or HTTP tables (no app records into them). The database's plans
 * are of the slowest SELECTs of the run's slow log, what the clients ran; the statements of the
 * database inspector (any host's) are left out of that log's rows.
 */
public final class HostBootstrap {

  static final List<String> DATABASE_SERVERS = List.of("mysqld", "mariadbd");
  static final List<String> WEB_SERVERS = List.of("nginx");

  private HostBootstrap() {}

  /**
   * Makes this JVM a host's: the library's own composition ({@link Bootstrap}), which the loading
   * of any JDBC driver starts (through {@code IsutoolsDriver}'s registration), stands down, so
   * that no second admin server starts beside the host's. Call it before any JDBC use; false when
   * the library had started already.
   */
  public static boolean claimJvm() {
    return Bootstrap.standDown();
  }

  /**
   * What this host is: a database host with a database to inspect, a slow log or a database
   * server running; a web host with an access log; and whether nginx runs on it.
   */
  record Duties(boolean database, boolean web, boolean nginx) {

    static Duties of(Settings settings, boolean database, Predicate<Collection<String>> running) {
      return new Duties(
          database || settings.slowLog() != null || running.test(DATABASE_SERVERS),
          settings.accessLog() != null, running.test(WEB_SERVERS));
    }

    /**
     * Its name and role ({@code database}, {@code web} where it serves an access log or nginx runs,
     * {@code mixed}; the setting wins).
     */
    HostIdentity identity(Settings settings) {
      return new HostIdentity(HostIdentity.name(settings.hosts().name()),
          HostIdentity.role(settings.hosts().role(), false, database, web || nginx));
    }

    /** What the advisor judges: the OS always, the database, nginx where it serves or runs. */
    Set<Subject> subjects() {
      Set<Subject> subjects = EnumSet.of(Subject.OS);
      if (database) {
        subjects.add(Subject.DATABASE);
      }
      if (web || nginx) {
        subjects.add(Subject.NGINX);
      }
      return subjects;
    }
  }

  /**
   * Starts the host's lifecycle and admin server ({@link #claimJvm} first, in a JVM of its own).
   * {@code database} is null when there is none to inspect. Throws when the admin server cannot start (its address is taken, or is not loopback
   * and there is no token).
   */
  public static HostPeer start(Settings settings, HostDatabase database) throws IOException {
    Duties duties = Duties.of(settings, database != null, ProcessNames::running);
    HostIdentity identity = duties.identity(settings);
    SlowLogCollector slowLog = SlowLogCollector.ofHost(settings);
    List<Collector> collectors = new ArrayList<>(List.of(new MachineCollector(settings)));
    if (database != null) {
      database.target();
      // Before the slow log: the inspector's reset reads precede the log's mark, and at save it
      // takes the log's section (read once) before its own connection opens.
      collectors.add(new DatabaseCollector(settings, ExplainSource.slowLog(slowLog::savedSection)));
    }
    collectors.add(new AccessLogCollector(settings));
    collectors.add(slowLog);
    Set<Subject> subjects = duties.subjects();
    RunStore store = new RunStore(settings.dir(), RunPage::standalone);
    Path workDir = Path.of("").toAbsolutePath();
    RunLifecycle lifecycle = new RunLifecycle(store, collectors,
        List.of(new DatabaseChanges(),
            new Advisor(() -> EnvironmentProbe.gather(settings.nginxConf(),
                NginxFront.of(settings.accessLog() != null, null, duties.nginx())),
                Advisor.rulesOn(subjects))),
        () -> GitRevision.of(workDir, settings.gitRevision()), settings.nPlusOneThreshold(),
        Clock.systemUTC(), identity);
    AdminServer server = AdminServer.start(settings, lifecycle);
    return new HostPeer(identity, settings, lifecycle, server,
        ProcessNames.watched(settings.hosts().processes()), database, subjects);
  }
}
