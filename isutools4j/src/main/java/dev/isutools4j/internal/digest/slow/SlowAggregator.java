package dev.isutools4j.internal.digest.slow;

import dev.isutools4j.internal.digest.ByteKeyMap;
import dev.isutools4j.internal.digest.Bytes;
import dev.isutools4j.internal.digest.LinePartial;
import dev.isutools4j.internal.digest.Malformed;
import dev.isutools4j.internal.sql.Fingerprint;
import dev.isutools4j.internal.sql.SecretColumns;
import dev.isutools4j.internal.sql.SqlDialect;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Slow log entries into rows per fingerprint (the SQL table's {@link Fingerprint}, so that the
 * rows line up). A statement's {@link StatementShape} (its text with the literals taken out) is
 * looked up as bytes in a bounded cache that leads straight to its row: a statement of a shape seen
 * before costs one pass over its bytes, a hash and a compare, whatever its values; no String, no
 * fingerprint computed again. A statement without a shape is cached by its text. An
 * administrator command is its own row, named as pt-query-digest names it
 * ({@code administrator command: Quit}). Beyond
 * {@code maxRows} fingerprints, new ones fold into {@code (other)}.
 *
 * <p>Not thread-safe: one per reading thread, merged in file order.
 */
final class SlowAggregator implements LinePartial<SlowAggregator>, SlowLogParser.Sink {

  static final String OTHER = "(other)";
  private static final int CACHE_ENTRIES = 8_192;
  private static final long CACHE_BYTES = 8L << 20;
  private static final int CACHE_KEY = 4_096;

  private final SlowLogParser parser;
  private final int maxRows;
  private final int sampleBytes;
  private final Predicate<SlowStatement> filter;
  private final Map<String, SlowGroup> groups = new HashMap<>();
  private final ByteKeyMap<SlowGroup> cache = new ByteKeyMap<>(CACHE_ENTRIES, CACHE_BYTES, CACHE_KEY);
  private final ByteKeyMap<SlowGroup> shapes = new ByteKeyMap<>(CACHE_ENTRIES, CACHE_BYTES, CACHE_KEY);
  private final SqlDialect dialect;
  private final SecretColumns secrets;
  private final StatementShape shape;
  private final Malformed malformed = new Malformed();
  private long lines;
  private long entries;
  private long banners;
  private long cut;

  SlowAggregator(int maxRows, int maxStatement, int sampleBytes, Predicate<SlowStatement> filter,
      SqlDialect dialect, SecretColumns secrets) {
    this.parser = new SlowLogParser(this, maxStatement);
    this.maxRows = Math.max(1, maxRows);
    this.sampleBytes = sampleBytes;
    this.filter = filter;
    this.dialect = dialect;
    this.secrets = secrets;
    this.shape = new StatementShape(dialect);
  }

  @Override
  public void line(byte[] b, int from, int to, long number, long offset, boolean cutLine) {
    lines++;
    // A cut line is longer than the statement cap, so its entry is counted as cut.
    parser.line(b, from, to, number, offset);
  }

  @Override
  public void finish() {
    parser.finish();
  }

  @Override
  public void entry(SlowEntry e) {
    entries++;
    if (e.cut) {
      cut++;
    }
    if (!filter.test(e)) {
      return;
    }
    SlowGroup group;
    if (e.admin) {
      group = row(Bytes.utf8(e.statement, 0, e.statementLength), true);
    } else if (e.statementLength <= CACHE_KEY && shape.of(e.statement, e.statementLength)) {
      long hash = ByteKeyMap.hash(shape.bytes(), 0, shape.length());
      group = shapes.get(shape.bytes(), 0, shape.length(), hash);
      if (group == null) {
        group = row(Fingerprint.of(Bytes.utf8(e.statement, 0, e.statementLength), dialect), false);
        shapes.put(shape.bytes(), 0, shape.length(), hash, group);
      }
    } else {
      long hash = ByteKeyMap.hash(e.statement, 0, e.statementLength);
      group = cache.get(e.statement, 0, e.statementLength, hash);
      if (group == null) {
        group = row(Fingerprint.of(Bytes.utf8(e.statement, 0, e.statementLength), dialect), false);
        cache.put(e.statement, 0, e.statementLength, hash, group);
      }
    }
    group.record(e, sampleBytes);
  }

  @Override
  public void malformed(long line, long offset, String reason, byte[] b, int from, int to) {
    malformed.add(line, offset, reason, b, from, to);
  }

  @Override
  public void banner() {
    banners++;
  }

  private SlowGroup row(String fingerprint, boolean admin) {
    SlowGroup group = groups.get(fingerprint);
    if (group == null) {
      if (groups.size() >= maxRows) {
        return groups.computeIfAbsent(OTHER, k -> new SlowGroup(OTHER, false));
      }
      group = new SlowGroup(fingerprint, admin);
      groups.put(fingerprint, group);
    }
    return group;
  }

  @Override
  public void merge(SlowAggregator later, long linesBefore) {
    lines += later.lines;
    entries += later.entries;
    banners += later.banners;
    cut += later.cut;
    malformed.merge(later.malformed, linesBefore);
    for (SlowGroup g : later.groups.values()) {
      row(g.fingerprint, g.admin).merge(g);
    }
  }

  Map<String, SlowGroup> groups() {
    return groups;
  }

  Malformed malformed() {
    return malformed;
  }

  /** A sample's text with its secret values masked, read as the log's statements are. */
  String masked(String sample) {
    return secrets.mask(sample, dialect);
  }

  /** A line outside any entry (a statement read from its middle?) with every value masked. */
  String maskedLine(String line) {
    return secrets.maskEveryValue(line, dialect);
  }

  long lines() {
    return lines;
  }

  long entries() {
    return entries;
  }

  long banners() {
    return banners;
  }

  long cutStatements() {
    return cut;
  }
}
