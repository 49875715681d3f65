package dev.isutools4j.internal.advise;

import java.util.ArrayList;
import java.util.List;

/**
 * Why the advisor takes nginx to front the app, the condition of every nginx rule: an access log is
 * read, a proxy header was seen on the app's requests, nginx's configuration is given, or (on a
 * host with no app) nginx runs there. An nginx that is merely installed is none of these.
 */
public final class NginxFront {

  static final String CONF = "isutools.nginx.conf is set";
  static final String ACCESS_LOG = "isutools.access.log is set";
  static final String RUNS_HERE = "nginx runs on this host";
  /** The skip reason of every nginx rule when nothing says nginx fronts the app. */
  static final String NONE = "nginx does not front the app: no access log (isutools.access.log),"
      + " no X-Forwarded-For or X-Real-IP on the app's requests, isutools.nginx.conf not set";

  private NginxFront() {}

  /**
   * The reasons the composition root knows before the save (the configuration file is the
   * probe's own).
   *
   * @param proxyHeader the proxy header seen on the run's requests, or null
   */
  public static List<String> of(boolean accessLog, String proxyHeader, boolean runsHere) {
    List<String> reasons = new ArrayList<>();
    if (accessLog) {
      reasons.add(ACCESS_LOG);
    }
    if (proxyHeader != null) {
      reasons.add(proxyHeader + " seen on the app's requests");
    }
    if (runsHere) {
      reasons.add(RUNS_HERE);
    }
    return reasons;
  }
}
