package dev.isutools4j.internal.settings;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;

/**
 * The settings isutools4j reads, each from a system property or else from an environment variable.
 *
 * <p>The property {@code isutools.max.keys} pairs with the variable {@code ISUTOOLS_MAX_KEYS}: the
 * variable is the property upper-cased with dots turned into underscores. docs/SETTINGS.md lists them.
 */
public record Settings(
    String addr,
    Path dir,
    String token,
    java.util.List<String> allowedHosts,
    int maxKeys,
    int nPlusOneThreshold,
    String routes,
    String gitRevision,
    String label,
    int machineIntervalMs,
    Integer linkMbps,
    int explainBudgetMs,
    int explainTop,
    String nginxConf,
    String accessLog,
    String accessLogFormat,
    String accessLogKeys,
    String slowLog,
    String secretColumns,
    Profile profile,
    Hosts hosts,
    Traces traces,
    Flow flow) {

  /**
   * The profiler's settings: {@code isutools.profile} (cpu, wall, alloc or off), its engine (auto,
   * async-profiler or jfr), async-profiler's cpu events to try in order, the sampling interval
   * (null: the mode's own), and package prefixes always taken as the app's.
   */
  public record Profile(String mode, String engine, String events, Integer intervalMs,
      String appPackages) {}

  /**
   * A run across several hosts (docs/SETTINGS.md, "Three servers"): this host's name and role, the
   * processes its machine sampler always shows, and on the hub its peers.
   *
   * @param name {@code isutools.host.name}; null: the machine's host name
   * @param role {@code isutools.host.role}; null: told by what the host does
   * @param processes {@code isutools.processes}: process names (comm) always shown besides the
   *     usual neighbours (database, web server, cache); empty by default
   * @param peers {@code isutools.peers}: {@code name=http://host:port,...}, null on a host that is
   *     no hub
   * @param peerTokens each peer's token ({@code isutools.peer.<name>.token}) by name; a peer without
   *     one gets {@code isutools.token}
   * @param resetTimeoutMs {@code isutools.peers.reset.timeout.ms}: how long the hub's reset waits
   *     for a peer
   * @param saveTimeoutMs {@code isutools.peers.save.timeout.ms}: how long the hub's save waits for a
   *     peer's part
   */
  public record Hosts(String name, String role, java.util.List<String> processes, String peers,
      Map<String, String> peerTokens, int resetTimeoutMs, int saveTimeoutMs) {

    public Hosts {
      processes = java.util.List.copyOf(processes);
      peerTokens = Map.copyOf(peerTokens);
    }

    /**
     * The entries of {@code isutools.peers}, split at {@code ,} or {@code ;}: the agent's
     * argument splits at {@code ,}, so there the peers are given with {@code ;} between them.
     */
    public java.util.List<String> peerEntries() {
      return entries(peers);
    }
  }

  /**
   * The slowest requests of each run, kept with their SQL timelines (docs/SETTINGS.md).
   *
   * @param top {@code isutools.traces}: the slowest requests of the run kept; 0 keeps none
   * @param perRoute {@code isutools.traces.per.route}: the slowest requests of each route kept
   *     besides; 0 keeps none
   * @param statements {@code isutools.traces.statements}: statements kept in one request's
   *     timeline; the rest are counted
   */
  public record Traces(int top, int perRoute, int statements) {

    public static final int DEFAULT_TOP = 100;
    public static final int DEFAULT_PER_ROUTE = 5;
    public static final int DEFAULT_STATEMENTS = 500;
    /** The most statements one timeline may keep (below what a statement's token can index). */
    public static final int MAX_STATEMENTS = 10_000;
    /** The defaults: the 100 slowest, each route's 5 slowest, 500 statements per request. */
    public static final Traces DEFAULTS = new Traces(DEFAULT_TOP, DEFAULT_PER_ROUTE,
        DEFAULT_STATEMENTS);

    /** Whether any request is kept: otherwise no timeline is recorded either. */
    public boolean on() {
      return top > 0 || perRoute > 0;
    }
  }

  /**
   * The user flow ({@code internal.flow}): which cookies name a session, and how many sessions are
   * followed at once.
   *
   * @param cookies {@code isutools.flow.cookies}: the names of session cookies (a request's
   *     session is its first cookie of one of these names); empty when the flow is off ({@code off})
   * @param maxSessions {@code isutools.flow.sessions}: sessions followed at once; the least
   *     recently seen one ends when a new one would exceed it
   */
  public record Flow(java.util.List<String> cookies, int maxSessions) {

    public Flow {
      cookies = java.util.List.copyOf(cookies);
    }

    /** Whether no cookie names a session: nothing is followed. */
    public boolean off() {
      return cookies.isEmpty();
    }
  }

  /** Session cookies of the usual servers and frameworks: servlet containers, Spring Session,
   * Express, Rails, PHP, Flask, Django, Rack, Laravel. */
  public static final String DEFAULT_FLOW_COOKIES =
      "JSESSIONID,SESSION,connect.sid,_session_id,PHPSESSID,session,sessionid,rack.session,laravel_session";
  public static final int DEFAULT_FLOW_SESSIONS = 10_000;

  public static final int DEFAULT_RESET_TIMEOUT_MS = 3000;
  public static final int DEFAULT_SAVE_TIMEOUT_MS = 30_000;
  public static final String DEFAULT_ADDR = "127.0.0.1:19191";
  public static final int DEFAULT_MAX_KEYS = 5000;
  public static final int DEFAULT_N_PLUS_ONE = 5;
  public static final int DEFAULT_MACHINE_INTERVAL_MS = 1000;
  public static final int DEFAULT_EXPLAIN_BUDGET_MS = 3000;
  public static final int DEFAULT_EXPLAIN_TOP = 10;

  /** The settings given by name (property names, such as {@code isutools.addr}); defaults for the rest. */
  public static Settings of(Map<String, String> properties) {
    return from(properties::get, Map.of());
  }

  /** Reads the settings of this JVM. */
  public static Settings fromEnvironment() {
    return from(System::getProperty, System.getenv());
  }

  /** Reads settings from the given property lookup and environment (for tests). */
  public static Settings from(Function<String, String> properties, Map<String, String> env) {
    Function<String, String> get = name -> {
      String value = properties.apply(name);
      if (value == null || value.isBlank()) {
        value = env.get(name.toUpperCase(java.util.Locale.ROOT).replace('.', '_'));
      }
      return value == null || value.isBlank() ? null : value.trim();
    };
    return new Settings(
        orDefault(get.apply("isutools.addr"), DEFAULT_ADDR),
        Path.of(orDefault(get.apply("isutools.dir"), "isutools-data")),
        get.apply("isutools.token"),
        entries(get.apply("isutools.allowed.hosts")),
        positiveInt(get.apply("isutools.max.keys"), DEFAULT_MAX_KEYS),
        positiveInt(get.apply("isutools.nplusone"), DEFAULT_N_PLUS_ONE),
        get.apply("isutools.routes"),
        get.apply("isutools.git.revision"),
        get.apply("isutools.label"),
        positiveInt(get.apply("isutools.machine.interval.ms"), DEFAULT_MACHINE_INTERVAL_MS),
        positiveOrNull(get.apply("isutools.link.mbps")),
        positiveInt(get.apply("isutools.explain.budget.ms"), DEFAULT_EXPLAIN_BUDGET_MS),
        positiveInt(get.apply("isutools.explain.top"), DEFAULT_EXPLAIN_TOP),
        get.apply("isutools.nginx.conf"),
        get.apply("isutools.access.log"),
        get.apply("isutools.access.log.format"),
        get.apply("isutools.access.log.keys"),
        get.apply("isutools.slow.log"),
        get.apply("isutools.secret.columns"),
        new Profile(
            orDefault(get.apply("isutools.profile"), "cpu"),
            orDefault(get.apply("isutools.profile.engine"), "auto"),
            get.apply("isutools.profile.events"),
            positiveOrNull(get.apply("isutools.profile.interval.ms")),
            get.apply("isutools.profile.app")),
        hosts(get),
        new Traces(
            countOrDefault(get.apply("isutools.traces"), Traces.DEFAULT_TOP),
            countOrDefault(get.apply("isutools.traces.per.route"), Traces.DEFAULT_PER_ROUTE),
            Math.min(positiveInt(get.apply("isutools.traces.statements"), Traces.DEFAULT_STATEMENTS),
                Traces.MAX_STATEMENTS)),
        flow(get));
  }

  private static Flow flow(Function<String, String> get) {
    String cookies = orDefault(get.apply("isutools.flow.cookies"), DEFAULT_FLOW_COOKIES);
    java.util.List<String> names = "off".equalsIgnoreCase(cookies) ? java.util.List.of()
        : entries(cookies).stream().distinct().toList();
    return new Flow(names, positiveInt(get.apply("isutools.flow.sessions"), DEFAULT_FLOW_SESSIONS));
  }

  private static Hosts hosts(Function<String, String> get) {
    String peers = get.apply("isutools.peers");
    Map<String, String> tokens = new java.util.LinkedHashMap<>();
    if (peers != null) {
      for (String entry : entries(peers)) {
        int eq = entry.indexOf('=');
        String name = eq < 0 ? "" : entry.substring(0, eq).trim();
        String token = name.isEmpty() ? null : get.apply("isutools.peer." + name + ".token");
        if (token != null) {
          tokens.put(name, token);
        }
      }
    }
    String processes = get.apply("isutools.processes");
    return new Hosts(get.apply("isutools.host.name"), get.apply("isutools.host.role"),
        entries(processes),
        peers, tokens,
        positiveInt(get.apply("isutools.peers.reset.timeout.ms"), DEFAULT_RESET_TIMEOUT_MS),
        positiveInt(get.apply("isutools.peers.save.timeout.ms"), DEFAULT_SAVE_TIMEOUT_MS));
  }

  /** Whether the admin server is switched off ({@code isutools.addr=off}). */
  public boolean adminDisabled() {
    return "off".equalsIgnoreCase(addr);
  }

  /**
   * A list setting's entries, trimmed: split at {@code ,} or {@code ;} (which an agent argument,
   * itself split at {@code ,}, can hold), none when null.
   */
  private static java.util.List<String> entries(String value) {
    return value == null ? java.util.List.of() : java.util.Arrays.stream(value.split("[,;]"))
        .map(String::trim).filter(entry -> !entry.isEmpty()).toList();
  }

  private static String orDefault(String value, String fallback) {
    return value == null ? fallback : value;
  }

  private static int positiveInt(String value, int fallback) {
    Integer parsed = positiveOrNull(value);
    return parsed == null ? fallback : parsed;
  }

  /** A count that may be 0 ({@code off} reads as 0); anything else unreadable takes the default. */
  private static int countOrDefault(String value, int fallback) {
    if (value == null) {
      return fallback;
    }
    if ("off".equalsIgnoreCase(value)) {
      return 0;
    }
    try {
      int parsed = Integer.parseInt(value);
      return parsed >= 0 ? parsed : fallback;
    } catch (NumberFormatException e) {
      return fallback;
    }
  }

  private static Integer positiveOrNull(String value) {
    if (value == null) {
      return null;
    }
    try {
      int parsed = Integer.parseInt(value);
      return parsed > 0 ? parsed : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
