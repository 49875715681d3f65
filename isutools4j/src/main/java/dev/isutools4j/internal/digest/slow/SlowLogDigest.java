package dev.isutools4j.internal.digest.slow;

import dev.isutools4j.internal.digest.LogRange;
import dev.isutools4j.internal.digest.LogReading;
import dev.isutools4j.internal.sql.SecretColumns;
import dev.isutools4j.internal.sql.SqlDialect;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.function.Predicate;

/**
 * Digests a MySQL or MariaDB slow query log into rows per fingerprint (see {@link SlowReport}),
 * reading a file range on several threads (split at entry starts) or a stream on the caller's.
 *
 * <pre>{@code
 * SlowReport report = SlowLogDigest.read(LogRange.whole(Path.of("/var/log/mysql/slow.log")),
 *     SlowLogDigest.Options.defaults(), 2);
 * }</pre>
 *
 * <p>Memory is bounded whatever the log: per thread a reader buffer twice the statement cap, a
 * statement cache, and at most {@code maxRows} rows. Stateless and thread-safe.
 */
public final class SlowLogDigest {

  /**
   * How to read the log.
   *
   * @param maxRows distinct fingerprints kept; the excess folds into {@code (other)}
   * @param maxStatement statements longer than this are fingerprinted from their start and counted
   * @param sampleBytes how much of the worst statement a row keeps
   * @param filter which entries are counted; the others are skipped (called on the reading
   *     threads, so it must be thread-safe)
   * @param dialect how the statements' strings are read: a slow log does not say whether the
   *     server ran with {@code NO_BACKSLASH_ESCAPES}, so MySQL's default (a backslash escapes)
   *     unless the caller knows better
   * @param secrets the columns whose values the rows' samples (and the malformed lines shown)
   *     have masked
   */
  public record Options(int maxRows, int maxStatement, int sampleBytes,
      Predicate<SlowStatement> filter, SqlDialect dialect, SecretColumns secrets) {

    private static final Predicate<SlowStatement> ALL = statement -> true;

    /**
     * 5000 rows, 1 MiB statements, 4 KiB samples, every entry, backslash escapes, the default
     * secret columns.
     */
    public static Options defaults() {
      return new Options(5000, 1 << 20, 4096, ALL, SqlDialect.MYSQL, SecretColumns.DEFAULT);
    }

    public Options withMaxRows(int n) {
      return new Options(n, maxStatement, sampleBytes, filter, dialect, secrets);
    }

    /** Counts only the entries {@code f} accepts. */
    public Options withFilter(Predicate<SlowStatement> f) {
      return new Options(maxRows, maxStatement, sampleBytes, f == null ? ALL : f, dialect, secrets);
    }

    /**
     * Reads the statements' strings by {@code d}: {@link SqlDialect#STANDARD} for a server with
     * NO_BACKSLASH_ESCAPES.
     */
    public Options withDialect(SqlDialect d) {
      return new Options(maxRows, maxStatement, sampleBytes, filter, d, secrets);
    }

    /** Masks the values of {@code s}'s columns in the samples. */
    public Options withSecrets(SecretColumns s) {
      return new Options(maxRows, maxStatement, sampleBytes, filter, dialect, s);
    }

    int maxLine() {
      return maxStatement + 1;
    }
  }

  private SlowLogDigest() {}

  /** Reads one file range with up to {@code threads} threads. */
  public static SlowReport read(LogRange range, Options options, int threads) throws IOException {
    return read(List.of(range), options, threads);
  }

  /** Reads several ranges as one log, in order; line numbers count on from one to the next. */
  public static SlowReport read(List<LogRange> ranges, Options options, int threads)
      throws IOException {
    SlowAggregator merged = null;
    for (LogRange range : ranges) {
      SlowAggregator part = LogReading.read(range, threads, options.maxLine(),
          SlowLogParser.ENTRY_START, () -> aggregator(options));
      if (merged == null) {
        merged = part;
      } else {
        merged.merge(part, merged.lines());
      }
    }
    return SlowReport.of(merged == null ? aggregator(options) : merged);
  }

  /** Reads a stream to its end on the caller's thread. */
  public static SlowReport read(InputStream in, Options options) throws IOException {
    return SlowReport.of(LogReading.read(in, options.maxLine(), aggregator(options)));
  }

  private static SlowAggregator aggregator(Options options) {
    return new SlowAggregator(options.maxRows(), options.maxStatement(), options.sampleBytes(),
        options.filter(), options.dialect(), options.secrets());
  }
}
