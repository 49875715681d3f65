package dev.isutools4j.internal.diff;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One keyed row (a fingerprint, a route, a route's fingerprint, a counter) in two runs.
 *
 * <p>Two runs rarely serve the same number of requests, so a row is read per request as well as
 * in total: a run that served twice the requests spends twice the time on the same code. A row is
 * {@code changed} only when its cost per request or its calls per request moved by more than
 * {@value #NOISE_PERCENT} % (and more than a negligible amount); otherwise it is {@code same}.
 *
 * @param key what the row is matched by
 * @param label the row as shown to a person
 * @param kind what the row measures, which says what its calls are per
 * @param subject the statement a SQL row times (a route's SQL row: its fingerprint), else the key
 * @param before the row in the earlier run, or null when it is new
 * @param after the row in the later run, or null when it is gone
 */
public record RowDiff(String key, String label, Kind kind, String subject, Stats before,
    Stats after) {

  /** A move smaller than this share of the larger side, in percent, is noise. */
  static final double NOISE_PERCENT = 10;

  /** Milliseconds per request below which a move is negligible, whatever its share. */
  static final double NEGLIGIBLE_MS = 0.005;

  /** Calls per request below which a move is negligible, whatever its share. */
  static final double NEGLIGIBLE_CALLS = 0.01;

  /** What a row measures. */
  public enum Kind {
    /** A fingerprint of the run: calls per HTTP request of the run, share of all SQL time. */
    SQL,
    /** A route: its cost per request is its mean time, its share of all HTTP time. */
    HTTP,
    /** A route's fingerprint: calls per request of its route, share of all SQL time. */
    ROUTE_SQL,
    /** A counter: counts per HTTP request of the run; no time. */
    COUNTER
  }

  /**
   * What one row measured in one run, with what its figures are per.
   *
   * @param count executions (requests, for a route; counts, for a counter)
   * @param totalMs total time in milliseconds
   * @param p95Ms p95 time in milliseconds; NaN when not measured
   * @param requests the requests its calls are per: the run's HTTP requests, or its route's
   *     (a route: its own count); 0 when unknown
   * @param runRequests the run's HTTP requests; 0 when unknown
   * @param runTimeMs the run's time of the row's kind (all SQL time, all HTTP time); 0 when none
   * @param ownMs the time that is the row's own: a route's time outside the SQL it ran (that the
   *     SQL rows already count), else the total
   */
  public record Stats(long count, double totalMs, double p95Ms, long requests, long runRequests,
      double runTimeMs, double ownMs) {

    /** A row measured without any per-request basis. */
    public Stats(long count, double totalMs, double p95Ms) {
      this(count, totalMs, p95Ms, 0, 0, 0, totalMs);
    }

    /** Mean time per execution; NaN without executions. */
    public double meanMs() {
      return count > 0 ? totalMs / count : Double.NaN;
    }

    /** Executions per request (a route's SQL: per request of its route); NaN when unknown. */
    public double callsPerRequest() {
      return requests > 0 ? (double) count / requests : Double.NaN;
    }

    /** Time per request (a route: its mean; a route's SQL: per request of its route). */
    public double msPerRequest() {
      return requests > 0 ? totalMs / requests : Double.NaN;
    }

    /** The row's fraction (0..1) of the run's time of its kind; NaN when the run has none. */
    public double share() {
      return runTimeMs > 0 ? totalMs / runTimeMs : Double.NaN;
    }

    /** The row's own time per HTTP request of the run: what the biggest moves rank by. */
    double ownMsPerRunRequest() {
      return ownMs / runRequests;
    }

    /** Time per HTTP request of the run: what the tables are ordered by. */
    double msPerRunRequest() {
      return totalMs / runRequests;
    }
  }

  public boolean isNew() {
    return before == null;
  }

  public boolean isGone() {
    return after == null;
  }

  public long countDelta() {
    return count(after) - count(before);
  }

  public double totalDeltaMs() {
    return total(after) - total(before);
  }

  public double p95DeltaMs() {
    return (after == null ? 0 : after.p95Ms()) - (before == null ? 0 : before.p95Ms());
  }

  /** Whether both runs' HTTP requests are known, so figures per request compare. */
  public boolean perRequest() {
    return (before == null || before.runRequests() > 0) && (after == null || after.runRequests() > 0);
  }

  /** The change of time per request (a route: of its mean); NaN unless both sides have one. */
  public double msPerRequestDelta() {
    return before == null || after == null ? Double.NaN : after.msPerRequest() - before.msPerRequest();
  }

  /**
   * The change of the row's own time per HTTP request of the run, the one currency in which a
   * fingerprint, a route and a route's fingerprint compare; the change of total time when either
   * run's requests are unknown.
   */
  public double moveMs() {
    if (!perRequest()) {
      return own(after) - own(before);
    }
    return (after == null ? 0 : after.ownMsPerRunRequest())
        - (before == null ? 0 : before.ownMsPerRunRequest());
  }

  /** The change of time per HTTP request of the run (of total time when requests are unknown). */
  double orderMs() {
    if (!perRequest()) {
      return totalDeltaMs();
    }
    return (after == null ? 0 : after.msPerRunRequest()) - (before == null ? 0 : before.msPerRunRequest());
  }

  /**
   * Whether the row moved beyond noise: its cost per request (a counter: its count per request)
   * or its calls per request; with requests unknown, its total time or count.
   */
  public boolean changed() {
    if (before == null || after == null) {
      return true;
    }
    if (kind == Kind.COUNTER) {
      return before.requests() > 0 && after.requests() > 0
          ? differs(before.callsPerRequest(), after.callsPerRequest(), 0)
          : differs(before.count(), after.count(), 0);
    }
    if (before.requests() <= 0 || after.requests() <= 0) {
      return differs(before.totalMs(), after.totalMs(), NEGLIGIBLE_MS)
          || differs(before.count(), after.count(), 0);
    }
    boolean cost = differs(before.msPerRequest(), after.msPerRequest(), NEGLIGIBLE_MS);
    return kind == Kind.HTTP ? cost
        : cost || differs(before.callsPerRequest(), after.callsPerRequest(), NEGLIGIBLE_CALLS);
  }

  private static boolean differs(double a, double b, double negligible) {
    double gap = Math.abs(a - b);
    if (Double.isNaN(gap) || gap <= negligible) {
      return false;
    }
    return gap > Math.max(Math.abs(a), Math.abs(b)) * NOISE_PERCENT / 100;
  }

  /** "new", "gone", "changed", or "same" (equal, or moved within noise). */
  public String state() {
    return isNew() ? "new" : isGone() ? "gone" : changed() ? "changed" : "same";
  }

  private static long count(Stats s) {
    return s == null ? 0 : s.count();
  }

  private static double total(Stats s) {
    return s == null ? 0 : s.totalMs();
  }

  private static double own(Stats s) {
    return s == null ? 0 : s.ownMs();
  }

  Map<String, Object> toMap() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("key", key);
    out.put("state", state());
    out.put("before", stats(before, kind));
    out.put("after", stats(after, kind));
    out.put("countDelta", countDelta());
    out.put("totalMsDelta", DiffUnits.round(totalDeltaMs()));
    double p95 = p95DeltaMs();
    out.put("p95MsDelta", Double.isNaN(p95) ? null : DiffUnits.round(p95));
    if (kind != Kind.COUNTER) {
      out.put("msPerRequestDelta", number(msPerRequestDelta()));
    }
    return out;
  }

  private static Map<String, Object> stats(Stats s, Kind kind) {
    if (s == null) {
      return null;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("count", s.count());
    out.put("totalMs", DiffUnits.round(s.totalMs()));
    out.put("p95Ms", Double.isNaN(s.p95Ms()) ? null : DiffUnits.round(s.p95Ms()));
    if (kind != Kind.COUNTER) {
      out.put("meanMs", number(s.meanMs()));
      out.put("msPerRequest", number(s.msPerRequest()));
      if (kind != Kind.HTTP) {
        out.put("callsPerRequest", number(s.callsPerRequest()));
      }
      out.put("share", Double.isNaN(s.share()) ? null : Math.round(s.share() * 10_000) / 10_000.0);
    } else {
      out.put("perRequest", number(s.callsPerRequest()));
    }
    return out;
  }

  private static Double number(double value) {
    return Double.isNaN(value) ? null : DiffUnits.round(value);
  }
}
