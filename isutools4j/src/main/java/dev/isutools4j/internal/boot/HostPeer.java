package dev.isutools4j.internal.boot;

import dev.isutools4j.internal.advise.Subject;
import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.web.AdminServer;
import java.net.InetSocketAddress;
import java.util.Set;

/**
 * A running host with no app ({@link HostBootstrap}): who it is, its runs and its admin server.
 *
 * @param settings what it was started with
 * @param watched the process names its machine section always shows when they run
 * @param database the database it inspects, or null
 * @param judged what its advisor's rules judge
 */
public record HostPeer(HostIdentity identity, Settings settings, RunLifecycle lifecycle, AdminServer server,
    Set<String> watched, HostDatabase database, Set<Subject> judged) implements AutoCloseable {

  public InetSocketAddress address() {
    return server.address();
  }

  /** Stops the admin server; an open run is left unsaved. */
  @Override
  public void close() {
    server.stop();
  }
}
