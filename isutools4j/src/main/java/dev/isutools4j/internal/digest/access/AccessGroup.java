package dev.isutools4j.internal.digest.access;

import dev.isutools4j.internal.digest.TimeStats;

/**
 * One method + route of an access log: counts per status, request times, upstream times and what
 * is left between them, body sizes. Mergeable.
 *
 * <p>Not thread-safe: one per reading thread, merged.
 */
final class AccessGroup {

  final String method;
  final String route;
  long count;
  final long[] status = new long[6]; // [1..5]: 1xx..5xx; [0]: anything else
  long count304;
  long count499;
  final TimeStats request = new TimeStats();
  final TimeStats upstream = new TimeStats();
  long residualMicros;
  long residualCount;
  long bytes;
  long minBytes = Long.MAX_VALUE;
  long maxBytes;

  AccessGroup(String method, String route) {
    this.method = method;
    this.route = route;
  }

  void record(AccessEntry e) {
    count++;
    int s = e.status;
    status[s >= 100 && s < 600 ? s / 100 : 0]++;
    if (s == 304) {
      count304++;
    } else if (s == 499) {
      count499++;
    }
    if (e.requestMicros >= 0) {
      request.record(e.requestMicros);
    }
    if (e.upstreamMicros >= 0) {
      upstream.record(e.upstreamMicros);
      if (e.requestMicros >= 0) {
        residualMicros += e.requestMicros - e.upstreamMicros;
        residualCount++;
      }
    }
    bytes += e.bytes;
    minBytes = Math.min(minBytes, e.bytes);
    maxBytes = Math.max(maxBytes, e.bytes);
  }

  void merge(AccessGroup o) {
    count += o.count;
    for (int i = 0; i < status.length; i++) {
      status[i] += o.status[i];
    }
    count304 += o.count304;
    count499 += o.count499;
    request.merge(o.request);
    upstream.merge(o.upstream);
    residualMicros += o.residualMicros;
    residualCount += o.residualCount;
    bytes += o.bytes;
    minBytes = Math.min(minBytes, o.minBytes);
    maxBytes = Math.max(maxBytes, o.maxBytes);
  }

  String key() {
    return method + " " + route;
  }
}
