package dev.isutools4j.benchmarks;

import dev.isutools4j.internal.diff.RunDiff;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.LatencySummary;
import dev.isutools4j.internal.snapshot.RouteQuery;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.web.DiffPage;
import dev.isutools4j.internal.web.HealthStatus;
import dev.isutools4j.internal.web.RunPage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What a big run costs the dashboard: renders the run page of a run with many fingerprints and
 * routes, and the diff of two such runs (a third of the rows changed, some new, some gone), and
 * prints the median of N renders of each. Not JMH: one render is tens of milliseconds.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.DashboardRenderCost 10000 2000 15
 * </pre>
 *
 * Arguments: SQL fingerprints (10000), routes (2000), renders of each page (15).
 */
public final class DashboardRenderCost {

  private DashboardRenderCost() {}

  public static void main(String[] args) {
    int fingerprints = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    int routes = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
    int renders = args.length > 2 ? Integer.parseInt(args[2]) : 15;
    Snapshot before = run("before", fingerprints, routes, 0);
    Snapshot after = run("after", fingerprints, routes, 1);

    int[] size = new int[1];
    double runPage = median(renders, () -> RunPage.render(after, false, HealthStatus.HEALTHY), size);
    int runBytes = size[0];
    double diff = median(renders, () -> RunDiff.of(before, after), null);
    double diffPage = median(renders,
        () -> DiffPage.render(RunDiff.of(before, after), HealthStatus.HEALTHY), size);
    System.out.printf(Locale.ROOT, "%d fingerprints, %d routes, median of %d renders, JDK %s%n",
        fingerprints, routes, renders, Runtime.version());
    System.out.printf(Locale.ROOT, "run page:  %.1f ms, %.1f MiB of HTML%n", runPage,
        runBytes / 1048576.0);
    System.out.printf(Locale.ROOT, "diff only: %.1f ms%n", diff);
    System.out.printf(Locale.ROOT, "diff page: %.1f ms (diff included), %.1f MiB of HTML%n", diffPage,
        size[0] / 1048576.0);
  }

  /** The median of {@code n} timed calls in milliseconds, after as many untimed ones. */
  private static double median(int n, Supplier<Object> work, int[] size) {
    for (int i = 0; i < n; i++) {
      work.get();
    }
    double[] ms = new double[n];
    for (int i = 0; i < n; i++) {
      long start = System.nanoTime();
      Object result = work.get();
      ms[i] = (System.nanoTime() - start) / 1e6;
      if (size != null && result instanceof String s) {
        size[0] = s.length();
      }
    }
    Arrays.sort(ms);
    return n % 2 == 1 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2;
  }

  /**
   * A run; {@code variant} 1 makes every third row faster, drops every tenth and adds as many new
   * ones, so the diff has every kind of row.
   */
  private static Snapshot run(String id, int fingerprints, int routes, int variant) {
    List<SqlRow> sql = new ArrayList<>(fingerprints);
    for (int i = 0; i < fingerprints; i++) {
      if (variant == 1 && i % 10 == 0) {
        continue;
      }
      double speed = variant == 1 && i % 3 == 0 ? 0.1 : 1;
      String fp = "select c" + i + ", name, created_at from table_" + (i % 97)
          + " where id = ? and owner_id = ? order by created_at desc limit ?";
      sql.add(new SqlRow(fp, fp.replace("?", "42"), time(1000 + i, (20_000.0 - i) * speed), 0, i, 0));
    }
    for (int i = 0; variant == 1 && i < fingerprints / 10; i++) {
      String fp = "insert into fresh_" + i + " (a, b, c) values (?, ?, ?)";
      sql.add(new SqlRow(fp, fp, time(10 + i, 5.0 * i), 0, i, 0));
    }
    List<HttpRow> http = new ArrayList<>(routes);
    for (int r = 0; r < routes; r++) {
      List<RouteQuery> queries = new ArrayList<>();
      for (int q = 0; q < 5; q++) {
        int f = (r * 5 + q) % fingerprints;
        queries.add(new RouteQuery("select c" + f + ", name, created_at from table_" + (f % 97)
            + " where id = ? and owner_id = ? order by created_at desc limit ?", 100, 50, 2, 4,
            100.0 * (q + 1) * (variant == 1 && r % 3 == 0 ? 0.2 : 1), q == 0));
      }
      http.add(new HttpRow(r % 4 == 0 ? "POST" : "GET", "/api/resource" + r + "/{id}/items",
          time(500 + r, 50_000.0 - r * (variant + 1)), new long[] {0, 500 + r, 0, 3, 1}, 123_456L * r,
          5, 9, 12.5, r % 7 == 0, queries));
    }
    Instant start = Instant.parse("2026-11-29T10:00:00Z").plusSeconds(600L * variant);
    RunMeta meta = new RunMeta(id, start, start.plusSeconds(60), 10_000L + variant * 500, true,
        "0123abcd", false, "synthetic", 1_000_000, 10_000_000, 0);
    return new Snapshot(meta, sql, http, List.of(), Map.of());
  }

  private static LatencySummary time(long count, double totalMs) {
    double mean = totalMs / count;
    return new LatencySummary(count, totalMs, mean, mean * 0.8, mean * 1.6, mean * 2, mean * 4,
        mean * 10);
  }
}
