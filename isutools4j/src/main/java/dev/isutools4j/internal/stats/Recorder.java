package dev.isutools4j.internal.stats;

import dev.isutools4j.internal.keys.KeyIndex;
import dev.isutools4j.internal.keys.Keys;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.CounterRow;
import dev.isutools4j.internal.snapshot.HttpRow;
import dev.isutools4j.internal.snapshot.RouteQuery;
import dev.isutools4j.internal.snapshot.SqlRow;
import dev.isutools4j.internal.sql.SecretColumns;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * What one run recorded: SQL per fingerprint, HTTP per route, counters. A new recorder per run.
 *
 * <p>Hot path: finding a key's stats is an array read; the first use of a key in a run creates its
 * stats with one CAS. Lock-free throughout.
 */
public final class Recorder {

  private final Keys keys;
  private final SecretColumns secrets;
  private final AtomicReferenceArray<SqlStats> sql;
  private final AtomicReferenceArray<HttpStats> http;
  private final AtomicReferenceArray<CounterStats> counters;
  private final IntervalLatency requests = new IntervalLatency();
  private final SlowRequests slowRequests;
  private volatile String proxyHeader;

  /** A recorder whose samples mask the {@link SecretColumns#DEFAULT} columns. */
  public Recorder(Keys keys) {
    this(keys, SecretColumns.DEFAULT, Settings.Traces.DEFAULTS);
  }

  /** A recorder whose sample statements have the values of {@code secrets} masked. */
  public Recorder(Keys keys, SecretColumns secrets) {
    this(keys, secrets, Settings.Traces.DEFAULTS);
  }

  /** A recorder that keeps the slowest requests within {@code traces}. */
  public Recorder(Keys keys, Settings.Traces traces) {
    this(keys, SecretColumns.DEFAULT, traces);
  }

  /** A recorder masking {@code secrets} in samples and traces, keeping requests within {@code traces}. */
  public Recorder(Keys keys, SecretColumns secrets, Settings.Traces traces) {
    this.keys = keys;
    this.secrets = secrets;
    this.sql = new AtomicReferenceArray<>(keys.sql().slots());
    this.http = new AtomicReferenceArray<>(keys.routes().index().slots());
    this.counters = new AtomicReferenceArray<>(keys.counters().slots());
    this.slowRequests = new SlowRequests(traces, keys.routes().index().slots(), secrets);
  }

  public Keys keys() {
    return keys;
  }

  /** The first proxy header ({@code X-Forwarded-For}, {@code X-Real-IP}) seen in this run, or null. */
  public String proxyHeader() {
    return proxyHeader;
  }

  /** Notes that a request of this run carried a proxy header; the first one named is kept. */
  public void proxyHeaderSeen(String header) {
    if (proxyHeader == null) {
      proxyHeader = header;
    }
  }

  public SqlStats sql(int sqlId) {
    SqlStats stats = sql.get(sqlId);
    // No lambda here: one capturing the secret columns would be allocated on every call.
    return stats != null ? stats : install(sql, sqlId, new SqlStats(secrets));
  }

  public HttpStats http(int routeId) {
    HttpStats stats = http.get(routeId);
    // No lambda here: one capturing the interval histogram would be allocated on every call.
    return stats != null ? stats : install(http, routeId, new HttpStats(requests));
  }

  public CounterStats counter(String name) {
    return slot(counters, keys.counters().id(name), CounterStats::new);
  }

  private static <T> T slot(AtomicReferenceArray<T> table, int id, Supplier<T> create) {
    T stats = table.get(id);
    return stats != null ? stats : install(table, id, create.get());
  }

  private static <T> T install(AtomicReferenceArray<T> table, int id, T fresh) {
    T winner = table.compareAndExchange(id, null, fresh);
    return winner == null ? fresh : winner;
  }

  /** This run's slowest requests, with their timelines. */
  public SlowRequests slowRequests() {
    return slowRequests;
  }

  /** The durations of every request of this run, interval by interval. */
  public IntervalLatency requestIntervals() {
    return requests;
  }

  /**
   * Totals over every route and fingerprint so far. Summed here, once per call, rather than kept in
   * run-wide adders: that would add to every statement's cost for a number read once a second.
   */
  public RecorderTotals totals() {
    long requestCount = 0;
    long serverErrors = 0;
    for (int id = 0; id < http.length(); id++) {
      HttpStats s = http.get(id);
      if (s != null) {
        requestCount += s.latency().count();
        serverErrors += s.status(5);
      }
    }
    long statements = 0;
    long sqlNanos = 0;
    for (int id = 0; id < sql.length(); id++) {
      SqlStats s = sql.get(id);
      if (s != null) {
        statements += s.latency().count();
        sqlNanos += s.latency().totalNanos();
      }
    }
    return new RecorderTotals(requestCount, serverErrors, statements, sqlNanos);
  }

  /** SQL rows, most total time first. */
  public List<SqlRow> sqlRows() {
    return sqlRows(true);
  }

  /** As {@link #sqlRows()}; {@code withHistograms} false leaves out the rows' histogram texts. */
  public List<SqlRow> sqlRows(boolean withHistograms) {
    List<SqlRow> rows = new ArrayList<>();
    for (int id = 0; id < sql.length(); id++) {
      SqlStats s = sql.get(id);
      if (s != null && s.latency().count() > 0) {
        rows.add(new SqlRow(keys.sql().name(id), s.sample(), s.latency().summary(withHistograms),
            s.errors(), s.rows(), s.batches()));
      }
    }
    rows.sort(Comparator.comparingDouble((SqlRow r) -> r.time().totalMs()).reversed());
    return rows;
  }

  /** HTTP rows, most total time first; a route's query is flagged N+1 at {@code nPlusOne} per request. */
  public List<HttpRow> httpRows(int nPlusOne) {
    return httpRows(nPlusOne, true);
  }

  /** As {@link #httpRows(int)}; {@code withHistograms} false leaves out the rows' histogram texts. */
  public List<HttpRow> httpRows(int nPlusOne, boolean withHistograms) {
    List<HttpRow> rows = new ArrayList<>();
    for (int id = 0; id < http.length(); id++) {
      HttpStats s = http.get(id);
      if (s != null && s.latency().count() > 0) {
        rows.add(httpRow(id, s, nPlusOne, withHistograms));
      }
    }
    rows.sort(Comparator.comparingDouble((HttpRow r) -> r.time().totalMs()).reversed());
    return rows;
  }

  private HttpRow httpRow(int id, HttpStats s, int nPlusOne, boolean withHistogram) {
    long requests = s.latency().count();
    List<RouteQuery> queries = new ArrayList<>();
    s.sql().forEach((sqlId, executions, nanos, withIt, maxPerRequest) -> queries.add(new RouteQuery(
        sqlId < 0 ? KeyIndex.OTHER : keys.sql().name(sqlId),
        executions,
        withIt,
        (double) executions / requests,
        maxPerRequest,
        nanos / 1e6,
        maxPerRequest >= nPlusOne)));
    queries.sort(Comparator.comparingDouble(RouteQuery::totalMs).reversed());
    long[] status = new long[5];
    for (int c = 1; c <= 5; c++) {
      status[c - 1] = s.status(c);
    }
    return new HttpRow(
        keys.routes().method(id),
        keys.routes().route(id),
        s.latency().summary(withHistogram),
        status,
        s.bytes(),
        (double) s.queries() / requests,
        s.maxQueries(),
        s.sqlNanos() / 1e6 / requests,
        queries.stream().anyMatch(RouteQuery::nPlusOne),
        queries);
  }

  /** Requests so far per {@code "METHOD route"}, without their percentiles. */
  public Map<String, Long> httpCounts() {
    Map<String, Long> out = new HashMap<>();
    for (int id = 0; id < http.length(); id++) {
      HttpStats s = http.get(id);
      if (s != null && s.latency().count() > 0) {
        out.put(keys.routes().method(id) + " " + keys.routes().route(id), s.latency().count());
      }
    }
    return out;
  }

  /** Executions so far per fingerprint, without their percentiles. */
  public Map<String, Long> sqlCounts() {
    Map<String, Long> out = new HashMap<>();
    for (int id = 0; id < sql.length(); id++) {
      SqlStats s = sql.get(id);
      if (s != null && s.latency().count() > 0) {
        out.put(keys.sql().name(id), s.latency().count());
      }
    }
    return out;
  }

  /** Counter rows by name. */
  public List<CounterRow> counterRows() {
    List<CounterRow> rows = new ArrayList<>();
    for (int id = 0; id < counters.length(); id++) {
      CounterStats c = counters.get(id);
      if (c != null) {
        long judged = c.hits() + c.misses();
        rows.add(new CounterRow(keys.counters().name(id), c.count(), c.hits(), c.misses(),
            judged == 0 ? null : (double) c.hits() / judged));
      }
    }
    rows.sort(Comparator.comparing(CounterRow::name));
    return rows;
  }
}
