package dev.isutools4j.internal.collect.logtail;

import dev.isutools4j.internal.digest.Malformed;
import dev.isutools4j.internal.snapshot.LogMalformed;

/** What the access log and slow log reports turn into alike in their sections. */
final class ReportParts {

  private ReportParts() {}

  static LogMalformed malformed(Malformed m) {
    return new LogMalformed(m.count(), m.examples().stream()
        .map(e -> new LogMalformed.Example(e.line(), e.offset(), e.reason(), e.text())).toList());
  }

  /** Three decimals, as the sections keep times: microseconds for milliseconds. */
  static double ms(double value) {
    return Math.round(value * 1000) / 1000.0;
  }
}
