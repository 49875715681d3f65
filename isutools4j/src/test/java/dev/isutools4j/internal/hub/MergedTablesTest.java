package dev.isutools4j.internal.hub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.isutools4j.internal.snapshot.CounterRow;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.LatencySummary;
import dev.isutools4j.internal.snapshot.RouteQuery;
import dev.isutools4j.internal.snapshot.RunMeta;
import dev.isutools4j.internal.snapshot.Snapshot;
import dev.isutools4j.internal.snapshot.SnapshotJson;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.stats.Latency;
import java.io.IOException;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.ToDoubleFunction;
import java.util.stream.LongStream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class MergedTablesTest {

  private static final String BY_ID = "select * from posts where id = ?";
  private static final String COMMENTS = "select * from comments where post_id = ?";
  private static final String USERS = "select * from users where id = ?";
  private static final Map<Integer, ToDoubleFunction<LatencySummary>> PERCENTILES = Map.of(
      50, LatencySummary::p50Ms, 90, LatencySummary::p90Ms, 95, LatencySummary::p95Ms,
      99, LatencySummary::p99Ms);

  @Test
  void percentilesOfAMergedRowAreThoseOfAllTheHostsDurationsTogether() throws IOException {
    Random random = new Random(20261129);
    long[] a = durationsMicros(random, 20_000, 2_000, 1.0, 15);
    long[] b = durationsMicros(random, 7_000, 9_000, 0.6, 6);
    Snapshot hostA = savedAndRead(List.of(sql(BY_ID, latency(a))), List.of(http("GET", "/", latency(a))),
        List.of());
    Snapshot hostB = savedAndRead(List.of(sql(BY_ID, latency(b))), List.of(http("GET", "/", latency(b))),
        List.of());

    MergedTables merged = MergedTables.of(List.of(hostA, hostB));

    long[] all = LongStream.concat(Arrays.stream(a), Arrays.stream(b)).sorted().toArray();
    Histogram direct = new Histogram(1, 60_000_000, 2);
    Arrays.stream(all).forEach(direct::recordValue);
    double maxMs = all[all.length - 1] / 1e3;
    for (LatencySummary time : List.of(merged.sql().get(0).time(), merged.http().get(0).time())) {
      assertThat(time.count()).isEqualTo(27_000);
      assertThat(time.maxMs()).isEqualTo(maxMs);
      assertThat(time.totalMs()).isCloseTo(LongStream.of(all).sum() / 1e3, within(1e-6));
      assertThat(time.histogram()).isNotNull();
      PERCENTILES.forEach((p, value) -> {
        double merged1 = value.applyAsDouble(time);
        assertThat(merged1).as("p%d", p)
            .isEqualTo(Math.min(direct.getValueAtPercentile(p) / 1e3, maxMs));
        assertThat(merged1).as("p%d against the exact quantile", p)
            .isCloseTo(nearestRank(all, p) / 1e3, withinPercentage(1));
        assertThat(merged1).as("p%d is neither host's own", p)
            .isNotEqualTo(value.applyAsDouble(hostA.sql().get(0).time()))
            .isNotEqualTo(value.applyAsDouble(hostB.sql().get(0).time()));
      });
    }
  }

  @Test
  void aKeyOnOneHostOnlyPassesThroughWithItsHistogram() throws IOException {
    Random random = new Random(7);
    Snapshot hostA = savedAndRead(
        List.of(sql(BY_ID, latency(durationsMicros(random, 500, 1_000, 0.5, 0))),
            sql(COMMENTS, latency(durationsMicros(random, 300, 30_000, 0.5, 0)))),
        List.of(http("GET", "/", latency(durationsMicros(random, 100, 5_000, 0.5, 0)))), List.of());
    Snapshot hostB = savedAndRead(
        List.of(sql(BY_ID, latency(durationsMicros(random, 400, 1_000, 0.5, 0))),
            sql(USERS, latency(durationsMicros(random, 50, 100, 0.5, 0)))),
        List.of(http("POST", "/login", latency(durationsMicros(random, 80, 20_000, 0.5, 0)))),
        List.of());

    MergedTables merged = MergedTables.of(List.of(hostA, hostB));

    assertThat(merged.sql()).extracting(SqlRow::fingerprint).containsExactly(COMMENTS, BY_ID, USERS);
    assertThat(merged.sql().get(0)).isEqualTo(hostA.sql().get(1));
    assertThat(merged.sql().get(2)).isEqualTo(hostB.sql().get(1));
    assertThat(merged.sql().get(2).time().histogram()).isNotNull();
    assertThat(merged.sql().get(1).time().count()).isEqualTo(900);
    assertThat(merged.http()).extracting(HttpRow::route).containsExactly("/login", "/");
    assertThat(merged.http().get(0)).usingRecursiveComparison().isEqualTo(hostB.http().get(0));
    assertThat(merged.http().get(1)).usingRecursiveComparison().isEqualTo(hostA.http().get(0));
  }

  @Test
  void aPartSavedWithoutHistogramsLeavesUpperBoundsAndNoHistogram() throws IOException {
    Snapshot old = savedAndRead(List.of(sql(BY_ID,
        new LatencySummary(100, 250.0, 2.5, 2.0, 4.0, 9.0, 30.0, 40.0))), List.of(), List.of());
    long[] micros = LongStream.rangeClosed(1, 300).map(i -> i * 100).toArray(); // 0.1 .. 30 ms
    Snapshot current = savedAndRead(List.of(sql(BY_ID, latency(micros))), List.of(), List.of());
    LatencySummary currentTime = current.sql().get(0).time();

    LatencySummary time = MergedTables.of(List.of(old, current)).sql().get(0).time();

    assertThat(old.sql().get(0).time().histogram()).isNull();
    assertThat(time.histogram()).isNull();
    assertThat(time.count()).isEqualTo(400);
    assertThat(time.totalMs()).isCloseTo(250.0 + currentTime.totalMs(), within(1e-9));
    assertThat(time.meanMs()).isCloseTo(time.totalMs() / 400, within(1e-9));
    assertThat(time.maxMs()).isEqualTo(40.0);
    PERCENTILES.forEach((p, value) -> assertThat(value.applyAsDouble(time)).as("p%d", p)
        .isEqualTo(Math.max(value.applyAsDouble(old.sql().get(0).time()),
            value.applyAsDouble(currentTime))));
  }

  @Test
  void sqlRowsAddTheirCountsAndKeepTheSampleOfTheHostWithMostTime() throws IOException {
    Snapshot hostA = savedAndRead(List.of(new SqlRow(BY_ID, "SELECT * FROM posts WHERE id = 1",
        latency(LongStream.rangeClosed(1, 10).map(i -> 1_000).toArray()), 1, 10, 2)), List.of(), List.of());
    Snapshot hostB = savedAndRead(List.of(new SqlRow(BY_ID, "SELECT * FROM posts WHERE id = 2",
        latency(LongStream.rangeClosed(1, 5).map(i -> 9_000).toArray()), 0, 5, 3)), List.of(), List.of());
    Snapshot hostC = savedAndRead(List.of(new SqlRow(BY_ID, null,
        latency(LongStream.rangeClosed(1, 5).map(i -> 90_000).toArray()), 4, 0, 0)), List.of(), List.of());

    SqlRow row = MergedTables.of(List.of(hostA, hostB, hostC)).sql().get(0);

    assertThat(row.sample()).isEqualTo("SELECT * FROM posts WHERE id = 2");
    assertThat(row.errors()).isEqualTo(5);
    assertThat(row.rows()).isEqualTo(15);
    assertThat(row.batches()).isEqualTo(5);
    assertThat(row.time().count()).isEqualTo(20);
    assertThat(row.time().totalMs()).isCloseTo(10 + 45 + 450, within(1e-9));
  }

  @Test
  void aRoutesFiguresAreRecomputedFromTheSumsAndItsQueriesMergedByFingerprint() throws IOException {
    long[] hundred = LongStream.rangeClosed(1, 100).map(i -> i * 100).toArray();
    long[] threeHundred = LongStream.rangeClosed(1, 300).map(i -> i * 50).toArray();
    Snapshot hostA = savedAndRead(List.of(), List.of(new HttpRow("GET", "/posts/{id}", latency(hundred),
        new long[] {0, 90, 0, 10, 0}, 1_000, 4.0, 6, 2.0, false, List.of(
            new RouteQuery(BY_ID, 300, 100, 3.0, 3, 150.0, false),
            new RouteQuery(COMMENTS, 100, 100, 1.0, 1, 50.0, false)))), List.of());
    Snapshot hostB = savedAndRead(List.of(), List.of(new HttpRow("GET", "/posts/{id}",
        latency(threeHundred), new long[] {0, 299, 0, 0, 1}, 5_000, 12.0, 30, 6.0, true, List.of(
            new RouteQuery(BY_ID, 3_300, 300, 11.0, 25, 1_500.0, true),
            new RouteQuery(USERS, 300, 150, 1.0, 2, 300.0, false)))), List.of());

    HttpRow row = MergedTables.of(List.of(hostA, hostB)).http().get(0);

    assertThat(row.time().count()).isEqualTo(400);
    assertThat(row.status()).containsExactly(0, 389, 0, 10, 1);
    assertThat(row.bytes()).isEqualTo(6_000);
    assertThat(row.queriesPerRequest()).isCloseTo((400 + 3_600) / 400.0, within(1e-9));
    assertThat(row.sqlMsPerRequest()).isCloseTo((200 + 1_800) / 400.0, within(1e-9));
    assertThat(row.maxQueriesPerRequest()).isEqualTo(30);
    assertThat(row.nPlusOne()).isTrue();
    assertThat(row.queries()).containsExactly(
        new RouteQuery(BY_ID, 3_600, 400, 9.0, 25, 1_650.0, true),
        new RouteQuery(USERS, 300, 150, 0.75, 2, 300.0, false),
        new RouteQuery(COMMENTS, 100, 100, 0.25, 1, 50.0, false));
  }

  @Test
  void countersAddTheirHitsAndMissesAndRecomputeTheRate() throws IOException {
    Snapshot hostA = savedAndRead(List.of(), List.of(), List.of(
        new CounterRow("user-cache", 4, 3, 1, 0.75), new CounterRow("events", 10, 0, 0, null)));
    Snapshot hostB = savedAndRead(List.of(), List.of(), List.of(
        new CounterRow("user-cache", 4, 1, 3, 0.25), new CounterRow("events", 5, 0, 0, null),
        new CounterRow("b-only", 2, 2, 0, 1.0)));

    MergedTables merged = MergedTables.of(List.of(hostA, hostB));

    assertThat(merged.counters()).containsExactly(
        new CounterRow("b-only", 2, 2, 0, 1.0),
        new CounterRow("events", 15, 0, 0, null),
        new CounterRow("user-cache", 8, 4, 4, 0.5));
  }

  @Test
  void rowsAreSortedByTheirMergedTotals() throws IOException {
    Snapshot hostA = savedAndRead(List.of(
        sql(BY_ID, latency(new long[] {10_000})), sql(COMMENTS, latency(new long[] {8_000}))),
        List.of(), List.of());
    Snapshot hostB = savedAndRead(List.of(sql(COMMENTS, latency(new long[] {5_000}))), List.of(),
        List.of());

    assertThat(MergedTables.of(List.of(hostA, hostB)).sql()).extracting(SqlRow::fingerprint)
        .containsExactly(COMMENTS, BY_ID);
  }

  @Test
  void rowsWithoutTheirNamesFromADamagedFileAreMergedNotThrown() throws IOException {
    String nameless = "{\"schema\":1,\"meta\":{\"id\":\"20261129-101500-000\","
        + "\"startedAt\":\"2026-11-29T10:15:00Z\"},\"sql\":[{\"count\":2,\"totalMs\":4}],"
        + "\"http\":[{\"count\":1,\"totalMs\":3,\"queries\":[{\"count\":2}]}],"
        + "\"counters\":[{\"count\":5}]}";
    Snapshot a = SnapshotJson.read(nameless);
    Snapshot b = SnapshotJson.read(nameless);

    MergedTables merged = MergedTables.of(List.of(a, b));

    assertThat(merged.sql()).singleElement().satisfies(r -> assertThat(r.time().count()).isEqualTo(4));
    assertThat(merged.http()).singleElement().satisfies(r -> {
      assertThat(r.time().count()).isEqualTo(2);
      assertThat(r.queries()).singleElement().satisfies(q -> assertThat(q.perRequest()).isEqualTo(2.0));
    });
    assertThat(merged.counters()).singleElement().satisfies(r -> assertThat(r.count()).isEqualTo(10));
  }

  @Test
  void noPartsMergeIntoEmptyTables() {
    assertThat(MergedTables.of(List.of())).isEqualTo(new MergedTables(List.of(), List.of(), List.of()));
  }

  /** Lognormal around a median, plus a few outliers of 2 to 9 s, in whole microseconds. */
  private static long[] durationsMicros(Random random, int n, double medianMicros, double sigma,
      int outliers) {
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = i < outliers
          ? 2_000_000 + random.nextInt(7_000_000)
          : Math.max(1, Math.round(medianMicros * Math.exp(sigma * random.nextGaussian())));
    }
    return out;
  }

  private static LatencySummary latency(long[] micros) {
    Latency latency = new Latency();
    for (long us : micros) {
      latency.record(us * 1_000);
    }
    return latency.summary();
  }

  /** The smallest value with at least p % of the values at or below it. */
  private static long nearestRank(long[] sorted, int p) {
    return sorted[(int) Math.ceil(p / 100.0 * sorted.length) - 1];
  }

  private static SqlRow sql(String fingerprint, LatencySummary time) {
    return new SqlRow(fingerprint, fingerprint.replace("?", "1"), time, 0, time.count(), 0);
  }

  private static HttpRow http(String method, String route, LatencySummary time) {
    return new HttpRow(method, route, time, new long[] {0, time.count(), 0, 0, 0}, 100 * time.count(),
        0, 0, 0, false, List.of());
  }

  /** A host's part as the hub reads it: written to its JSON and read back. */
  private static Snapshot savedAndRead(List<SqlRow> sql, List<HttpRow> http, List<CounterRow> counters)
      throws IOException {
    RunMeta meta = new RunMeta("20261129-101500-000", Instant.parse("2026-11-29T10:15:00Z"),
        Instant.parse("2026-11-29T10:16:00Z"), null, null, null, false, null, 0, 0, 0);
    return SnapshotJson.read(SnapshotJson.write(new Snapshot(meta, sql, http, counters, Map.of())));
  }
}
