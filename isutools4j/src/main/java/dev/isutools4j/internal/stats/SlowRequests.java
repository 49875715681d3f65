package dev.isutools4j.internal.stats;

import dev.isutools4j.internal.keys.Keys;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.snapshot.TracesSection;
import dev.isutools4j.internal.sql.SecretColumns;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One run's slowest requests, each with its timeline: the {@code top} slowest of the run, and the
 * {@code perRoute} slowest of each route besides (so that a fast route's worst request shows too).
 *
 * <p>Hot path: {@link #wants} is two volatile reads and an array read, and allocates nothing once
 * the route has been seen in the run (its keeper is created then, with one CAS). Only a request
 * slower than the N-th slowest kept so far is copied ({@link #keep}); keeping it is lock-free.
 * Routes beyond {@link #MAX_ROUTES} in a run get no keeper of their own and are kept only among
 * the run's slowest.
 */
public final class SlowRequests {

  /** Routes of one run with their own slowest requests. */
  static final int MAX_ROUTES = 200;

  private final Settings.Traces limits;
  private final SecretColumns secrets;
  private final long runStartNanos = System.nanoTime();
  private final TopN<KeptRequest> top;
  private final AtomicReferenceArray<TopN<KeptRequest>> byRoute;
  private final AtomicInteger routes = new AtomicInteger();
  private final TopN<KeptRequest> none = new TopN<>(0, SlowRequests::nanos);

  SlowRequests(Settings.Traces limits, int routeSlots, SecretColumns secrets) {
    this.limits = limits;
    this.secrets = secrets;
    this.top = new TopN<>(limits.top(), SlowRequests::nanos);
    this.byRoute = new AtomicReferenceArray<>(routeSlots);
  }

  private static long nanos(KeptRequest request) {
    return request.nanos;
  }

  /** Whether a request of this route that took {@code nanos} would be kept now. */
  public boolean wants(int routeId, long nanos) {
    return top.wants(nanos) || route(routeId).wants(nanos);
  }

  private TopN<KeptRequest> route(int routeId) {
    TopN<KeptRequest> keeper = byRoute.get(routeId);
    if (keeper != null) {
      return keeper;
    }
    if (limits.perRoute() == 0 || routes.get() >= MAX_ROUTES) {
      return none;
    }
    TopN<KeptRequest> fresh = new TopN<>(limits.perRoute(), SlowRequests::nanos);
    TopN<KeptRequest> winner = byRoute.compareAndExchange(routeId, null, fresh);
    if (winner != null) {
      return winner;
    }
    routes.incrementAndGet();
    return fresh;
  }

  /**
   * {@code rawPath?rawQuery} as a kept request shows it: the values of secret-looking parameters
   * masked ({@code isutools.secret.columns}). Called only for a request that is kept.
   */
  public String path(String rawPath, String rawQuery) {
    return QueryMask.path(rawPath, rawQuery, secrets);
  }

  /**
   * Copies the request that ended on this thread, its statements in {@code scope}, and keeps it
   * where it is among the slowest; called after {@link #wants} said so.
   *
   * @param path the path with its query string, secrets masked ({@link #path})
   */
  public void keep(int routeId, long startNanos, long nanos, int status, long bytes, String method,
      String path, RequestScope scope) {
    KeptRequest request = new KeptRequest(routeId, method, path, status, startNanos, nanos, bytes, scope);
    top.offer(request);
    route(routeId).offer(request);
  }

  /** The kept requests as the run's section, slowest first; fingerprints and routes named by {@code keys}. */
  public TracesSection section(Keys keys) {
    List<KeptRequest> slowest = top.kept();
    Set<KeptRequest> inTop = Collections.newSetFromMap(new IdentityHashMap<>());
    inTop.addAll(slowest);
    List<KeptRequest> all = new ArrayList<>(slowest);
    for (int id = 0; id < byRoute.length(); id++) {
      TopN<KeptRequest> keeper = byRoute.get(id);
      if (keeper != null) {
        keeper.kept().stream().filter(r -> !inTop.contains(r)).forEach(all::add);
      }
    }
    all.sort(Comparator.comparingLong(SlowRequests::nanos).reversed());
    Map<Integer, String> fingerprints = new LinkedHashMap<>();
    List<TracesSection.Request> requests = new ArrayList<>(all.size());
    for (KeptRequest r : all) {
      requests.add(request(r, inTop.contains(r), keys, fingerprints));
    }
    return new TracesSection(limits.top(), limits.perRoute(), limits.statements(), requests);
  }

  private TracesSection.Request request(KeptRequest r, boolean inTop, Keys keys,
      Map<Integer, String> fingerprints) {
    List<TracesSection.Statement> timeline = new ArrayList<>(r.statements());
    for (int i = 0; i < r.statements(); i++) {
      String fingerprint = fingerprints.computeIfAbsent(r.sqlIds[i], id -> keys.sql().name(id));
      timeline.add(new TracesSection.Statement(ms(r.starts[i]), ms(r.durations[i]), r.rows[i],
          fingerprint, text(r.texts[i]), r.items[i], r.failed[i]));
    }
    return new TracesSection.Request(r.method, keys.routes().route(r.routeId), r.path, r.status,
        ms(r.startNanos - runStartNanos), ms(r.nanos), r.bytes, r.thread, inTop, r.queries,
        r.dropped, ms(r.sqlNanos), timeline);
  }

  /** A statement's own text, the values of secret columns masked: once per kept statement, at save. */
  private String text(String text) {
    return text == null ? null : secrets.mask(text);
  }

  private static double ms(long nanos) {
    return nanos / 1e6;
  }
}
