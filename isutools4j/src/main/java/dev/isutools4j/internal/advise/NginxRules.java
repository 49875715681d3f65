package dev.isutools4j.internal.advise;

import dev.isutools4j.internal.advise.NginxConfig.Directive;
import dev.isutools4j.internal.snapshot.AdvisorSection.Status;
import dev.isutools4j.internal.snapshot.MachineMetric;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * nginx in front of the app: compression, sendfile, upstream keepalive, limits and static files.
 * Judged only where nginx fronts the app ({@link NginxFront}), never a machine's idle nginx.
 */
final class NginxRules {

  /** The share of worker_connections, in percent, from which the run's peak warns. */
  static final long NEAR_PERCENT = 80;
  /** The worker_connections below which the rule says so, as information without a need. */
  static final long ADVISED_CONNECTIONS = 4096;

  private NginxRules() {}

  static List<Rule> all() {
    return List.of(
        on("nginx-gzip", "gzip on", "gzip",
            "gzip on; gzip_types text/css application/javascript application/json; in http { }"),
        on("nginx-sendfile", "sendfile on", "sendfile", "sendfile on; tcp_nopush on; in http { }"),
        new NginxRule("nginx-upstream-keepalive", "keepalive connections to the app",
            (config, in) -> keepalive(config)),
        new NginxRule("nginx-worker-connections", "worker_connections large enough",
            NginxRules::workerConnections),
        new NginxRule("nginx-open-file-cache", "open_file_cache on",
            (config, in) -> openFileCache(config)),
        new NginxRule("nginx-static-cache", "static files served by nginx with cache headers",
            (config, in) -> staticCache(config)));
  }

  /** A verdict: status, evidence and fix, turned into a finding by {@link NginxRule}. */
  record Verdict(Status status, Evidence evidence, String fix) {}

  /** Runs a check on the parsed configuration and the run; skips when there is none. */
  record NginxRule(String id, String title, BiFunction<NginxConfig, AdvisorInput, Verdict> check)
      implements Rule {
    @Override
    public List<Finding> check(AdvisorInput in) {
      if (in.nginxFronts().isEmpty()) {
        return List.of(Finding.skip(id, title, NginxFront.NONE));
      }
      String text = in.env().nginx();
      if (text == null) {
        String why = in.env().nginxMissing();
        return List.of(Finding.skip(id, title, "nginx configuration" + (why == null ? "" : ": " + why)));
      }
      Verdict v = check.apply(NginxConfig.parse(text), in);
      return List.of(new Finding(id, title, v.status(), v.evidence().map(),
          v.status() == Status.OK || v.status() == Status.SKIP ? "" : v.fix()));
    }
  }

  private static Rule on(String id, String title, String directive, String fix) {
    return new NginxRule(id, title, (config, in) -> {
      List<Directive> found = config.all(directive);
      boolean on = found.stream().anyMatch(d -> d.arg(0).equalsIgnoreCase("on"));
      return new Verdict(on ? Status.OK : Status.MISSING,
          Evidence.of(directive, found.isEmpty() ? "not set (off)" : values(found)), fix);
    });
  }

  private static Verdict keepalive(NginxConfig config) {
    List<Directive> passes = config.all("proxy_pass");
    if (passes.isEmpty()) {
      return new Verdict(Status.SKIP, Evidence.of("missing", "no proxy_pass"), "");
    }
    List<String> upstreams = config.all("upstream").stream().map(d -> d.arg(0)).toList();
    List<String> withKeepalive = new ArrayList<>();
    for (Directive up : config.all("upstream")) {
      if (up.block().stream().anyMatch(d -> d.name().equals("keepalive"))) {
        withKeepalive.add(up.arg(0));
      }
    }
    boolean http11 = config.all("proxy_http_version").stream().anyMatch(d -> d.arg(0).equals("1.1"));
    boolean connection = config.all("proxy_set_header").stream()
        .anyMatch(d -> d.arg(0).equalsIgnoreCase("Connection") && d.arg(1).isEmpty());
    Evidence ev = Evidence.of("proxy_pass", values(passes)).and("upstreams", upstreams)
        .and("upstreamsWithKeepalive", withKeepalive).and("proxy_http_version 1.1", http11)
        .and("Connection \"\"", connection);
    boolean ok = !withKeepalive.isEmpty() && http11 && connection;
    return new Verdict(ok ? Status.OK : Status.WARN, ev,
        "upstream app { server 127.0.0.1:8080; keepalive 32; } and in the location:"
            + " proxy_http_version 1.1; proxy_set_header Connection \"\"; proxy_pass http://app;");
  }

  // A worker's connections (clients' and upstream ones) are bounded by worker_connections. nginx's
  // own count is not read: the evidence is the machine's peak of established TCP connections, an
  // upper bound of it (it counts both ends of local connections, and other programs'), which
  // warns from NEAR_PERCENT of one worker's limit. A small limit the run came nowhere near is
  // information.
  private static Verdict workerConnections(NginxConfig config, AdvisorInput in) {
    List<Directive> found = config.all("worker_connections");
    long value = found.isEmpty() ? 512 : Values.longOrNull(found.get(0).arg(0)) == null ? 512
        : Values.longOrNull(found.get(0).arg(0));
    Long peak = MachineReadings.peak(in, MachineMetric.TCP_ESTABLISHED);
    Evidence ev = Evidence.of("worker_connections", found.isEmpty() ? "512 (default)" : value)
        .and("worker_rlimit_nofile", found.isEmpty() ? null : values(config.all("worker_rlimit_nofile")))
        .and("peakEstablished", peak);
    String fix = "events { worker_connections 4096; } and worker_rlimit_nofile 8192;";
    if (peak != null && peak * 100 >= value * NEAR_PERCENT) {
      return new Verdict(Status.WARN, ev, fix);
    }
    if (value >= ADVISED_CONNECTIONS) {
      return new Verdict(Status.OK, ev, "");
    }
    String why = peak == null
        ? "connections were not measured, so nothing in this run says the limit was reached"
        : "below " + ADVISED_CONNECTIONS + ", but the machine's peak of " + peak
            + " connections stayed under " + NEAR_PERCENT + " % of it";
    return new Verdict(Status.INFO, ev,
        why + "; if nginx logs \"worker_connections are not enough\": " + fix);
  }

  private static Verdict openFileCache(NginxConfig config) {
    List<Directive> found = config.all("open_file_cache");
    boolean on = found.stream().anyMatch(d -> !d.arg(0).equalsIgnoreCase("off"));
    return new Verdict(on ? Status.OK : Status.MISSING,
        Evidence.of("open_file_cache", found.isEmpty() ? "not set (off)" : values(found)),
        "open_file_cache max=10000 inactive=60s; in http { }");
  }

  private static Verdict staticCache(NginxConfig config) {
    List<String> served = new ArrayList<>();
    List<String> cached = new ArrayList<>();
    config.walk((d, parents) -> {
      if (!d.name().equals("location") || has(d, "proxy_pass") || has(d, "fastcgi_pass")) {
        return;
      }
      boolean files = has(d, "root") || has(d, "alias") || has(d, "try_files")
          || parents.stream().anyMatch(p -> has(p, "root"));
      if (!files) {
        return;
      }
      String where = String.join(" ", d.args());
      served.add(where);
      boolean headers = cacheHeader(d) || parents.stream().anyMatch(NginxRules::cacheHeader);
      if (headers) {
        cached.add(where);
      }
    });
    Evidence ev = Evidence.of("staticLocations", served).and("withCacheHeaders", cached);
    if (served.isEmpty()) {
      return new Verdict(Status.MISSING, ev,
          "location /image/ { root /home/isucon/public; expires 1d; } (nginx serves no files)");
    }
    return new Verdict(cached.isEmpty() ? Status.WARN : Status.OK, ev,
        "add expires 1d; (or add_header Cache-Control \"public, max-age=86400\";) to the static locations");
  }

  private static boolean cacheHeader(Directive d) {
    return d.block().stream().anyMatch(c -> c.name().equals("expires")
        || (c.name().equals("add_header") && c.arg(0).toLowerCase(Locale.ROOT).equals("cache-control")));
  }

  private static boolean has(Directive block, String name) {
    return block.block().stream().anyMatch(d -> d.name().equals(name));
  }

  private static List<String> values(List<Directive> ds) {
    return ds.stream().map(d -> String.join(" ", d.args())).distinct().limit(10).toList();
  }
}
