package dev.isutools4j.cli.digest;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.cli.digest.Column.Kind;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code alp diff A B} and {@code slp diff A B}: two saved {@code --format json} digests side by
 * side, rows matched by key (method + route, or fingerprint), the biggest change of total time
 * first. Rows only in B are {@code new}, only in A {@code gone}; their count and total count as 0
 * on the missing side, their average and p95 have no delta.
 */
abstract class LogDiffCommand implements Callable<Integer> {

  private static final String[] MEASURES = {"count", "totalMs", "avgMs", "p95Ms"};

  @Parameters(index = "0", paramLabel = "A", description = "the digest before (--format json)")
  Path before;

  @Parameters(index = "1", paramLabel = "B", description = "the digest after (--format json)")
  Path after;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      description = "table, markdown, tsv, csv or json (default: ${DEFAULT-VALUE})")
  OutputFormat format;

  @Option(names = "--limit", paramLabel = "N", description = "show the first N rows only")
  Integer limit;

  @Option(names = {"-r", "--reverse"}, description = "the smallest change of total time first")
  boolean reverse;

  PrintStream out = System.out;
  PrintStream err = System.err;

  abstract String name();

  /** The fields that make a row's key, in order. */
  abstract List<String> keyFields();

  abstract String unit();

  abstract List<Column> columns();

  @Override
  public Integer call() {
    try {
      Map<String, Object> a = read(before);
      Map<String, Object> b = read(after);
      List<Map<String, Object>> rows = diff(rows(a, before), rows(b, after));
      rows.sort(order());
      if (limit != null) {
        if (limit < 1) {
          throw new IllegalArgumentException("--limit must be 1 or more");
        }
        rows = new ArrayList<>(rows.subList(0, Math.min(limit, rows.size())));
      }
      print(a, b, rows);
      return 0;
    } catch (IllegalArgumentException e) {
      err.println(name() + " diff: " + e.getMessage());
      return 2;
    } catch (IOException e) {
      err.println(name() + " diff: " + e);
      return 1;
    }
  }

  private Map<String, Object> read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("no such file: " + file);
    }
    try {
      return JSON.std.mapFrom(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(file + " is not JSON: write it with " + name()
          + " --format json (" + e.getMessage().lines().findFirst().orElse("") + ")");
    }
  }

  private Map<String, Map<String, Object>> rows(Map<String, Object> doc, Path file) {
    if (!(doc.get("rows") instanceof List<?> list)) {
      throw new IllegalArgumentException(file + " has no rows: write it with " + name()
          + " --format json");
    }
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    for (Object o : list) {
      if (!(o instanceof Map<?, ?> m) || !keyFields().stream().allMatch(m::containsKey)) {
        throw new IllegalArgumentException(file + "'s rows have no " + String.join(" and ", keyFields())
            + ": is it the output of " + name() + " --format json?");
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> row = (Map<String, Object>) m;
      out.put(key(row), row);
    }
    return out;
  }

  private String key(Map<String, Object> row) {
    List<String> parts = new ArrayList<>();
    for (String f : keyFields()) {
      parts.add(String.valueOf(row.get(f)));
    }
    return String.join(" ", parts);
  }

  private List<Map<String, Object>> diff(Map<String, Map<String, Object>> a,
      Map<String, Map<String, Object>> b) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map.Entry<String, Map<String, Object>> e : a.entrySet()) {
      out.add(row(e.getKey(), e.getValue(), b.get(e.getKey())));
    }
    for (Map.Entry<String, Map<String, Object>> e : b.entrySet()) {
      if (!a.containsKey(e.getKey())) {
        out.add(row(e.getKey(), null, e.getValue()));
      }
    }
    return out;
  }

  private Map<String, Object> row(String key, Map<String, Object> a, Map<String, Object> b) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("key", key);
    Map<String, Object> any = a != null ? a : b;
    for (String f : keyFields()) {
      row.put(f, any.get(f));
    }
    row.put("state", a == null ? "new" : b == null ? "gone" : "changed");
    row.put("before", measures(a));
    row.put("after", measures(b));
    for (String m : MEASURES) {
      boolean additive = m.equals("count") || m.equals("totalMs");
      Double x = number(a, m);
      Double y = number(b, m);
      Double delta;
      if (x != null && y != null) {
        delta = y - x;
      } else if (additive && (x != null || y != null)) {
        delta = (y == null ? 0 : y) - (x == null ? 0 : x);
      } else {
        delta = null;
      }
      row.put(m + "Delta", delta == null ? null : m.equals("count") ? (Object) Math.round(delta)
          : (Object) (Math.round(delta * 1000) / 1000.0));
    }
    return row;
  }

  private static Map<String, Object> measures(Map<String, Object> row) {
    if (row == null) {
      return null;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (String m : MEASURES) {
      out.put(m, row.get(m));
    }
    return out;
  }

  private static Double number(Map<String, Object> row, String key) {
    return row != null && row.get(key) instanceof Number n ? n.doubleValue() : null;
  }

  private Comparator<Map<String, Object>> order() {
    Comparator<Map<String, Object>> c = Comparator.comparingDouble(
        r -> -Math.abs(((Number) r.get("totalMsDelta")).doubleValue()));
    c = c.thenComparing(r -> (String) r.get("key"));
    return reverse ? c.reversed() : c;
  }

  private void print(Map<String, Object> a, Map<String, Object> b, List<Map<String, Object>> rows)
      throws IOException {
    if (format == OutputFormat.json) {
      Map<String, Object> doc = new LinkedHashMap<>();
      doc.put("before", side(a, before));
      doc.put("after", side(b, after));
      doc.put("rows", rows);
      out.println(JsonOut.write(doc));
      out.flush();
      return;
    }
    if (format == OutputFormat.table) {
      Map<String, Object> x = side(a, before);
      Map<String, Object> y = side(b, after);
      out.printf(Locale.ROOT, "A: %s (%s %s, total %s ms)  →  B: %s (%s %s, total %s ms)%n",
          before, x.get(unit()), unit(), x.get("totalMs"), after, y.get(unit()), unit(),
          y.get("totalMs"));
    }
    List<Map<String, Object>> flat = new ArrayList<>(rows.size());
    for (Map<String, Object> r : rows) {
      Map<String, Object> f = new LinkedHashMap<>();
      for (String k : keyFields()) {
        f.put(k, r.get(k));
      }
      f.put("state", r.get("state"));
      for (String m : MEASURES) {
        f.put(m + "Before", value(r.get("before"), m));
        f.put(m + "After", value(r.get("after"), m));
        f.put(m + "Delta", r.get(m + "Delta"));
      }
      flat.add(f);
    }
    RowsWriter.write(format, columns(), flat, out);
    out.flush();
  }

  private static Object value(Object side, String key) {
    return side instanceof Map<?, ?> m ? m.get(key) : null;
  }

  private Map<String, Object> side(Map<String, Object> doc, Path file) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("file", file.toString());
    out.put(unit(), doc.get(unit()));
    Object totals = doc.get("totals");
    out.put("totalMs", totals instanceof Map<?, ?> m ? m.get("totalMs") : null);
    return out;
  }

  /** The measure columns: before, after and delta of count, total, average and p95. */
  static List<Column> measureColumns() {
    List<Column> out = new ArrayList<>();
    String[][] names = {{"COUNT", ""}, {"SUM", "(ms)"}, {"AVG", "(ms)"}, {"P95", "(ms)"}};
    for (int i = 0; i < MEASURES.length; i++) {
      Kind kind = i == 0 ? Kind.COUNT : Kind.MS;
      String h = names[i][0];
      String unit = names[i][1];
      out.add(Column.of(h + " A" + unit, MEASURES[i] + "Before", kind));
      out.add(Column.of(h + " B" + unit, MEASURES[i] + "After", kind));
      out.add(Column.of("Δ" + h + unit, MEASURES[i] + "Delta", kind));
    }
    return out;
  }

  /** {@code alp diff}. */
  @Command(name = "diff", mixinStandardHelpOptions = true,
      description = "Compare two saved digests (alp ... --format json): rows by method + route,"
          + " before, after and delta of count, total, average and p95, the biggest change of total"
          + " time first.")
  static final class Access extends LogDiffCommand {
    @Override
    String name() {
      return "alp";
    }

    @Override
    List<String> keyFields() {
      return List.of("method", "route");
    }

    @Override
    String unit() {
      return "requests";
    }

    @Override
    List<Column> columns() {
      List<Column> out = new ArrayList<>(List.of(Column.of("METHOD", "method", Kind.TEXT),
          Column.of("URI", "route", Kind.TEXT), Column.of("STATE", "state", Kind.TEXT)));
      out.addAll(measureColumns());
      return out;
    }
  }

  /** {@code slp diff}. */
  @Command(name = "diff", mixinStandardHelpOptions = true,
      description = "Compare two saved digests (slp ... --format json): rows by fingerprint, before,"
          + " after and delta of count, total, average and p95, the biggest change of total time"
          + " first.")
  static final class Slow extends LogDiffCommand {
    @Override
    String name() {
      return "slp";
    }

    @Override
    List<String> keyFields() {
      return List.of("fingerprint");
    }

    @Override
    String unit() {
      return "entries";
    }

    @Override
    List<Column> columns() {
      List<Column> out = new ArrayList<>(List.of(Column.of("STATE", "state", Kind.TEXT)));
      out.addAll(measureColumns());
      out.add(Column.of("QUERY", "fingerprint", Kind.TEXT));
      return out;
    }
  }
}
