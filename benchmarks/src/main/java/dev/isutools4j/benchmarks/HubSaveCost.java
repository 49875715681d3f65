package dev.isutools4j.benchmarks;

import dev.isutools4j.internal.collect.Collector;
import dev.isutools4j.internal.collect.RunContext;
import dev.isutools4j.internal.hub.Hub;
import dev.isutools4j.internal.run.GitRevision;
import dev.isutools4j.internal.run.HostIdentity;
import dev.isutools4j.internal.run.RunLifecycle;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.Section;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.internal.store.RunStore;
import dev.isutools4j.internal.web.AdminServer;
import dev.isutools4j.internal.web.RunPage;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * What a hub's save costs: a standalone hub and three peers in this JVM, each a real admin server on
 * its own loopback address (127.0.0.2, .3, .4), each peer's part carrying the sections of a real
 * saved run (its flame tree, machine, database and log sections, replayed by a collector). Times
 * the hub's save from the call to the run written, reads the bytes of a part on the wire with and
 * without gzip, and gzip's cost at two levels. Bounded: {@code N} saves, then {@code N} fetches.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.HubSaveCost \
 *     isutools4j/src/test/resources/saved-runs/mariadb/20261201-201711-023.json 20
 * </pre>
 */
public final class HubSaveCost {

  private HubSaveCost() {}

  /** Hands back one section of the saved run at each save, as the real collector would. */
  private record Replay(String name, Section section) implements Collector {
    @Override
    public void start(RunContext run) {}

    @Override
    public Section stop(boolean saving) {
      return section;
    }
  }

  public static void main(String[] args) throws Exception {
    Path savedRun = Path.of(args.length > 0 ? args[0]
        : "isutools4j/src/test/resources/saved-runs/mariadb/20261201-201711-023.json");
    int n = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    Snapshot saved = SnapshotJson.read(Files.readString(savedRun));
    List<Collector> replays = new ArrayList<>();
    saved.sections().forEach((name, value) -> {
      if (value instanceof Section section) {
        replays.add(new Replay(name, section));
      }
    });
    Path root = Files.createTempDirectory("hub-save-cost");
    List<AdminServer> servers = new ArrayList<>();
    StringBuilder peers = new StringBuilder();
    String[] ips = {"127.0.0.2", "127.0.0.3", "127.0.0.4"};
    for (int i = 0; i < ips.length; i++) {
      String name = "peer" + (i + 1);
      Path dir = root.resolve(name);
      RunLifecycle lifecycle = new RunLifecycle(new RunStore(dir, RunPage::standalone), replays,
          List.of(), () -> new GitRevision("c0ffee1", false, "setting"), 5, Clock.systemUTC(),
          new HostIdentity(name, HostIdentity.APP));
      AdminServer server = AdminServer.start(Settings.of(Map.of("isutools.addr", ips[i] + ":0",
          "isutools.dir", dir.toString())), lifecycle);
      servers.add(server);
      peers.append(i == 0 ? "" : ",").append(name).append("=http://").append(ips[i]).append(':')
          .append(server.address().getPort());
    }
    RunLifecycle own = new RunLifecycle(new RunStore(root.resolve("hub"), RunPage::standalone),
        List.of(), List.of(), () -> GitRevision.UNKNOWN, 5, Clock.systemUTC(),
        new HostIdentity("hub", HostIdentity.APP));
    Hub hub = Hub.of(own, Settings.of(Map.of("isutools.peers", peers.toString())), false);

    double[] saveMs = new double[n];
    String lastId = null;
    for (int i = 0; i < n; i++) {
      lastId = hub.reset(false).id();
      long start = System.nanoTime();
      RunLifecycle.Saved written = hub.save((long) i, true, null);
      saveMs[i] = (System.nanoTime() - start) / 1e6;
      if (!Files.exists(written.file())) {
        throw new IllegalStateException("not written: " + written.file());
      }
    }
    Snapshot run = hub.store().read(lastId).orElseThrow();
    if (run.meta().partial() || run.parts().size() != ips.length) {
      throw new IllegalStateException("a part is missing: " + run.meta().hosts());
    }
    long threads = Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("isutools-hub-")).count();
    long selectors = Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("HttpClient-") && t.getName().endsWith("SelectorManager"))
        .count();

    String partUrl = "http://" + ips[0] + ":" + servers.get(0).address().getPort() + "/api/runs/"
        + lastId;
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    double[] plainMs = new double[n];
    double[] gzipMs = new double[n];
    long plainBytes = 0;
    long gzipBytes = 0;
    for (int i = 0; i < n; i++) {
      long start = System.nanoTime();
      plainBytes = client.send(HttpRequest.newBuilder(URI.create(partUrl)).build(),
          HttpResponse.BodyHandlers.ofByteArray()).body().length;
      plainMs[i] = (System.nanoTime() - start) / 1e6;
      start = System.nanoTime();
      gzipBytes = client.send(HttpRequest.newBuilder(URI.create(partUrl))
          .header("Accept-Encoding", "gzip").build(), HttpResponse.BodyHandlers.ofByteArray())
          .body().length;
      gzipMs[i] = (System.nanoTime() - start) / 1e6;
    }
    byte[] part = SnapshotJson.write(run.parts().get("peer1")).getBytes(StandardCharsets.UTF_8);
    double[] fastMs = new double[n];
    double[] defaultMs = new double[n];
    int fast = 0;
    int standard = 0;
    for (int i = 0; i < n; i++) {
      long start = System.nanoTime();
      fast = gzip(part, Deflater.BEST_SPEED);
      fastMs[i] = (System.nanoTime() - start) / 1e6;
      start = System.nanoTime();
      standard = gzip(part, Deflater.DEFAULT_COMPRESSION);
      defaultMs[i] = (System.nanoTime() - start) / 1e6;
    }

    System.out.printf(Locale.ROOT, "parts replay %s: %d sections%n", savedRun.getFileName(),
        replays.size());
    System.out.printf(Locale.ROOT, "hub save of 3 peers, call to file written, %d saves: min %.1f,"
        + " median %.1f, max %.1f ms; the run's file %d bytes%n", n, min(saveMs), median(saveMs),
        max(saveMs), Files.size(hub.store().dir().resolve(lastId + ".json")));
    System.out.printf(Locale.ROOT, "a part on the wire: %d bytes plain (median fetch %.1f ms),"
        + " %d bytes gzip (median fetch %.1f ms, level 1)%n", plainBytes, median(plainMs),
        gzipBytes, median(gzipMs));
    System.out.printf(Locale.ROOT, "gzip of the part: level 1 %d bytes in %.1f ms, level 6 %d bytes"
        + " in %.1f ms (medians)%n", fast, median(fastMs), standard, median(defaultMs));
    System.out.printf(Locale.ROOT, "hub threads: %d isutools-hub-N, %d HTTP client selector%n",
        threads, selectors);
    hub.close();
    servers.forEach(AdminServer::stop);
  }

  private static int gzip(byte[] bytes, int level) throws java.io.IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 4);
    try (GZIPOutputStream gz = new GZIPOutputStream(out, 64 * 1024) {
      {
        def.setLevel(level);
      }
    }) {
      gz.write(bytes);
    }
    return out.size();
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static double min(double[] values) {
    return Arrays.stream(values).min().orElse(0);
  }

  private static double max(double[] values) {
    return Arrays.stream(values).max().orElse(0);
  }
}
