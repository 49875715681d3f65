package dev.isutools4j.cli.digest;

import dev.isutools4j.cli.digest.Column.Kind;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The columns of one kind of digest (access log rows or slow log rows): the fixed ones, any
 * percentile ({@code p50}, {@code p99.9}), the default selection, and the key of a row.
 */
final class Columns {

  private static final Pattern PERCENTILE = Pattern.compile("p(\\d{1,2}(?:\\.\\d+)?|100)(?:ms)?");
  private static final String PERCENTILES = "{percentiles}";

  static final Columns ACCESS = new Columns(List.of(
      Column.of("COUNT", "count", Kind.COUNT),
      Column.of("APP COUNT", "appCount", Kind.COUNT, "app-count"),
      Column.of("1XX", "status1xx", Kind.COUNT, "1xx"),
      Column.of("2XX", "status2xx", Kind.COUNT, "2xx"),
      Column.of("3XX", "status3xx", Kind.COUNT, "3xx"),
      Column.of("4XX", "status4xx", Kind.COUNT, "4xx"),
      Column.of("5XX", "status5xx", Kind.COUNT, "5xx"),
      Column.of("304", "count304", Kind.COUNT, "304"),
      Column.of("499", "count499", Kind.COUNT, "499"),
      Column.of("METHOD", "method", Kind.TEXT),
      Column.of("URI", "route", Kind.TEXT, "uri"),
      Column.of("MIN(ms)", "minMs", Kind.MS, "min"),
      Column.of("MAX(ms)", "maxMs", Kind.MS, "max"),
      Column.of("SUM(ms)", "totalMs", Kind.MS, "sum", "total"),
      Column.of("AVG(ms)", "avgMs", Kind.MS, "avg"),
      Column.of("STDDEV(ms)", "stddevMs", Kind.MS, "stddev"),
      Column.of("MIN(BODY)", "minBytes", Kind.BYTES, "min-body"),
      Column.of("MAX(BODY)", "maxBytes", Kind.BYTES, "max-body"),
      Column.of("SUM(BODY)", "totalBytes", Kind.BYTES, "sum-body", "bytes"),
      Column.of("AVG(BODY)", "avgBytes", Kind.DECIMAL, "avg-body"),
      Column.of("APP SUM(ms)", "upstreamTotalMs", Kind.MS, "app-sum", "upstream-sum"),
      Column.of("APP AVG(ms)", "upstreamAvgMs", Kind.MS, "app-avg", "upstream-avg"),
      Column.of("APP P95(ms)", "upstreamP95Ms", Kind.MS, "app-p95", "upstream-p95"),
      Column.of("NGINX AVG(ms)", "residualAvgMs", Kind.MS, "nginx-avg", "residual-avg")),
      List.of("count", "1xx", "2xx", "3xx", "4xx", "5xx", "method", "uri", "min", "max", "sum",
          "avg", PERCENTILES, "stddev", "min-body", "max-body", "sum-body", "avg-body"),
      row -> row.get("method") + " " + row.get("route"));

  static final Columns SLOW = new Columns(List.of(
      Column.of("COUNT", "count", Kind.COUNT),
      Column.of("MIN(ms)", "minMs", Kind.MS, "min"),
      Column.of("MAX(ms)", "maxMs", Kind.MS, "max"),
      Column.of("SUM(ms)", "totalMs", Kind.MS, "sum", "total"),
      Column.of("AVG(ms)", "avgMs", Kind.MS, "avg"),
      Column.of("STDDEV(ms)", "stddevMs", Kind.MS, "stddev"),
      Column.of("LOCK SUM(ms)", "lockTotalMs", Kind.MS, "lock-sum", "lock"),
      Column.of("LOCK MAX(ms)", "lockMaxMs", Kind.MS, "lock-max"),
      Column.of("ROWS SENT", "rowsSent", Kind.COUNT, "rows-sent", "sent"),
      Column.of("MAX SENT", "rowsSentMax", Kind.COUNT, "rows-sent-max"),
      Column.of("ROWS EXAMINED", "rowsExamined", Kind.COUNT, "rows-examined", "examined"),
      Column.of("MAX EXAMINED", "rowsExaminedMax", Kind.COUNT, "rows-examined-max"),
      Column.of("ROWS AFFECTED", "rowsAffected", Kind.COUNT, "rows-affected", "affected"),
      Column.of("BYTES SENT", "bytesSent", Kind.BYTES, "bytes-sent", "bytes"),
      Column.of("EXAM/SENT", "examinedPerSent", Kind.DECIMAL, "examined-per-sent"),
      Column.of("SAMPLE(ms)", "sampleMs", Kind.MS, "sample-time"),
      Column.of("SCHEMA", "sampleSchema", Kind.TEXT, "schema"),
      Column.of("SAMPLE", "sample", Kind.TEXT),
      Column.of("QUERY", "fingerprint", Kind.TEXT, "query")),
      List.of("count", "min", "max", "sum", "avg", PERCENTILES, "stddev", "lock-sum", "rows-sent",
          "rows-examined", "examined-per-sent", "query"),
      row -> String.valueOf(row.get("fingerprint")));

  /** The slowest single requests of {@code alp --top}, one a line of the log. */
  static final Columns REQUESTS = new Columns(List.of(
      Column.of("TIME(ms)", "ms", Kind.MS, "time"),
      Column.of("STATUS", "status", Kind.COUNT),
      Column.of("METHOD", "method", Kind.TEXT),
      Column.of("URI", "uri", Kind.TEXT),
      Column.of("APP(ms)", "upstreamMs", Kind.MS, "app", "upstream"),
      Column.of("LINE", "line", Kind.COUNT)),
      List.of("time", "status", "method", "uri", "app", "line"),
      row -> String.valueOf(row.get("line")));

  private final List<Column> fixed;
  private final List<String> defaults;
  private final Function<Map<String, Object>, String> rowKey;

  private Columns(List<Column> fixed, List<String> defaults,
      Function<Map<String, Object>, String> rowKey) {
    this.fixed = fixed;
    this.defaults = defaults;
    this.rowKey = rowKey;
  }

  /** The same columns with {@code added} shown by default right after {@code after}. */
  Columns withDefaultAfter(String after, String added) {
    List<String> out = new ArrayList<>(defaults);
    out.add(out.indexOf(after) + 1, added);
    return new Columns(fixed, List.copyOf(out), rowKey);
  }

  /** The column named {@code name} (a short name, a header or a JSON key), or null. */
  Column find(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    for (Column c : fixed) {
      if (c.named(n) || c.header().toLowerCase(Locale.ROOT).equals(n)) {
        return c;
      }
    }
    Matcher m = PERCENTILE.matcher(n);
    return m.matches() ? percentile(Double.parseDouble(m.group(1))) : null;
  }

  /** Like {@link #find} but an unknown name is an error that lists the known ones. */
  Column resolve(String name, String option) {
    Column c = find(name);
    if (c == null) {
      throw new IllegalArgumentException(option + ": no column `" + name + "`; the columns are "
          + names());
    }
    return c;
  }

  /** The columns of a comma-separated list of names, or the default ones when it is null. */
  List<Column> select(String spec, List<Double> percentiles) {
    List<Column> out = new ArrayList<>();
    List<String> names = spec == null ? defaults : List.of(spec.split(","));
    for (String name : names) {
      if (name.isBlank()) {
        continue;
      }
      if (name.equals(PERCENTILES)) {
        for (double p : percentiles) {
          out.add(percentile(p));
        }
      } else {
        out.add(resolve(name, "-o"));
      }
    }
    return out;
  }

  /** A row's identity: method and route, or fingerprint. */
  String key(Map<String, Object> row) {
    return rowKey.apply(row);
  }

  /** Every short name, for help and error messages. */
  String names() {
    List<String> out = new ArrayList<>();
    for (Column c : fixed) {
      out.add(c.names().isEmpty() ? c.key() : String.join("/", c.names()));
    }
    out.add("p<N> (p50, p99.9, ...)");
    return String.join(", ", out);
  }

  static Column percentile(double p) {
    String number = label(p);
    return Column.of("P" + number + "(ms)", "p" + number + "Ms", Kind.MS, "p" + number);
  }

  /** The percentile as written in keys: 95 → "95", 99.9 → "99.9". */
  static String label(double p) {
    return new BigDecimal(Double.toString(p)).stripTrailingZeros().toPlainString();
  }

  /** The percentile of a percentile column's key ({@code p99.9Ms}), or NaN for another column. */
  static double percentileOf(Column c) {
    Matcher m = PERCENTILE.matcher(c.key().toLowerCase(Locale.ROOT));
    return m.matches() ? Double.parseDouble(m.group(1)) : Double.NaN;
  }
}
