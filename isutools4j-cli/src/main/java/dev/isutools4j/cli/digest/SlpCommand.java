package dev.isutools4j.cli.digest;

import dev.isutools4j.cli.VersionProvider;
import dev.isutools4j.internal.digest.LogRange;
import dev.isutools4j.internal.digest.slow.SlowLogDigest;
import dev.isutools4j.internal.digest.slow.SlowStatement;
import dev.isutools4j.internal.settings.Settings;
import dev.isutools4j.internal.sql.SecretColumns;
import dev.isutools4j.internal.sql.SqlDialect;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.function.Predicate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code isutools4j slp}: a MySQL or MariaDB slow query log into rows per fingerprint. */
@Command(name = "slp", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = "A MySQL / MariaDB slow query log into one row per fingerprint (statements that"
        + " differ only in their values): query time in ms (µs precision), lock time, rows.",
    subcommands = {LogDiffCommand.Slow.class},
    footer = {DigestCommand.FILTER_HELP,
        "  Per-entry fields: time/query_time and lock/lock_time (ms), rows_sent, rows_examined,%n"
            + "  rows_affected, bytes_sent, schema, query (the statement as logged, with its values).%n"
            + "  Row columns include fingerprint, count, sum, avg, p95, rowsExamined, ...%n"
            + "  Example: --filter \"query =~ '(?i)^select' and rows_examined > 1000\"%n"
            + "%nA FILE named diff is written ./diff (diff is the subcommand).%n"})
public final class SlpCommand extends DigestCommand {

  @Option(names = "--no-backslash-escapes", description = "the server ran with sql_mode"
      + " NO_BACKSLASH_ESCAPES: a backslash in a string is an ordinary character (default: it"
      + " escapes the next one, as MySQL and MariaDB do unless told otherwise; the log does not say)")
  boolean noBackslashEscapes;

  @Option(names = "--secret-columns", paramLabel = "WORDS", description = "the SAMPLE column masks"
      + " the values of columns whose names contain one of these words, comma-separated; none masks"
      + " nothing (default: the setting isutools.secret.columns, else password,passhash,token,secret)")
  String secretColumns;

  @Override
  String name() {
    return "slp";
  }

  @Override
  Columns columns() {
    return Columns.SLOW;
  }

  @Override
  List<FilterField> lineFields() {
    return LineFields.SLOW;
  }

  @Override
  String defaultPercentiles() {
    return "50,95";
  }

  @Override
  String nothingCounted() {
    return "no slow log entry found: is it a MySQL or MariaDB slow query log?";
  }

  private SlowLogDigest.Options options(Predicate<Object> lineFilter) {
    SlowLogDigest.Options options = SlowLogDigest.Options.defaults().withMaxRows(limit)
        .withDialect(noBackslashEscapes ? SqlDialect.STANDARD : SqlDialect.MYSQL)
        .withSecrets(SecretColumns.ofSetting(secretColumns != null ? secretColumns
            : Settings.fromEnvironment().secretColumns()));
    if (lineFilter == null) {
      return options;
    }
    Predicate<SlowStatement> f = lineFilter::test;
    return options.withFilter(f);
  }

  @Override
  DigestResult read(List<LogRange> ranges, Predicate<Object> lineFilter, int threads)
      throws IOException {
    return DigestResult.of(SlowLogDigest.read(ranges, options(lineFilter), threads));
  }

  @Override
  DigestResult read(InputStream stdin, Predicate<Object> lineFilter) throws IOException {
    return DigestResult.of(SlowLogDigest.read(stdin, options(lineFilter)));
  }
}
