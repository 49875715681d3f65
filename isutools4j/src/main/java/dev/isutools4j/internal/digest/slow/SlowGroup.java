package dev.isutools4j.internal.digest.slow;

import dev.isutools4j.internal.digest.Bytes;
import dev.isutools4j.internal.digest.TimeStats;
import java.util.Arrays;
import java.util.function.UnaryOperator;

/**
 * One fingerprint of a slow log: query times, lock time, rows, and its worst statement (the one
 * with the highest query time, cut to a few KiB). Mergeable.
 *
 * <p>Not thread-safe: one per reading thread, merged.
 */
final class SlowGroup {

  final String fingerprint;
  final boolean admin;
  final TimeStats query = new TimeStats();
  long lockMicros;
  long maxLockMicros;
  long rowsSent;
  long maxRowsSent;
  long rowsExamined;
  long maxRowsExamined;
  long rowsAffected;
  long bytesSent;
  byte[] sample;
  boolean sampleCut;
  long sampleMicros = -1;
  String sampleSchema;

  SlowGroup(String fingerprint, boolean admin) {
    this.fingerprint = fingerprint;
    this.admin = admin;
  }

  void record(SlowEntry e, int sampleBytes) {
    query.record(e.queryMicros);
    lockMicros += e.lockMicros;
    maxLockMicros = Math.max(maxLockMicros, e.lockMicros);
    rowsSent += e.rowsSent;
    maxRowsSent = Math.max(maxRowsSent, e.rowsSent);
    rowsExamined += e.rowsExamined;
    maxRowsExamined = Math.max(maxRowsExamined, e.rowsExamined);
    rowsAffected += e.rowsAffected;
    bytesSent += e.bytesSent;
    if (e.queryMicros > sampleMicros) {
      int n = Math.min(e.statementLength, sampleBytes);
      sample = Arrays.copyOf(e.statement, n);
      sampleCut = n < e.statementLength || e.cut;
      sampleMicros = e.queryMicros;
      sampleSchema = e.schemaText();
    }
  }

  void merge(SlowGroup o) {
    query.merge(o.query);
    lockMicros += o.lockMicros;
    maxLockMicros = Math.max(maxLockMicros, o.maxLockMicros);
    rowsSent += o.rowsSent;
    maxRowsSent = Math.max(maxRowsSent, o.maxRowsSent);
    rowsExamined += o.rowsExamined;
    maxRowsExamined = Math.max(maxRowsExamined, o.maxRowsExamined);
    rowsAffected += o.rowsAffected;
    bytesSent += o.bytesSent;
    if (o.sampleMicros > sampleMicros) {
      sample = o.sample;
      sampleCut = o.sampleCut;
      sampleMicros = o.sampleMicros;
      sampleSchema = o.sampleSchema;
    }
  }

  /** The worst statement as text, through {@code mask}; a statement cut ends with "…". */
  String sampleText(UnaryOperator<String> mask) {
    if (sample == null) {
      return null;
    }
    String text = mask.apply(Bytes.utf8(sample, 0, sample.length));
    return sampleCut ? text + "\u2026" : text;
  }
}
