package dev.isutools4j.cli.digest;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.isutools4j.internal.digest.LogRange;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What {@code alp} and {@code slp} share: the inputs (files, standard input, {@code --pos}), the
 * filter, the rows' order, columns and format, and the notes on stderr. Exit codes: 0 when the
 * input was read, whatever it held; 2 for a bad option or a missing file; 1 when reading failed.
 */
abstract class DigestCommand implements Callable<Integer> {

  static final String FILTER_HELP = "%nFilter (--filter):%n"
      + "  expr  := expr or expr | expr and expr | not expr | ( expr ) | FIELD OP VALUE%n"
      + "           | FIELD [not] in (VALUE, ...)%n"
      + "  OP    := = (or ==)  !=  <  <=  >  >=  =~ (regex found)  !~ (regex not found)%n"
      + "  VALUE := a number with an optional unit (times: us, ms, s; ms if none; bytes: k, m, g),%n"
      + "           'text' or \"text\" (quotes needed for spaces, regexes and ( ) = ! < > ~ ,), a word%n"
      + "  Keywords are any case; && || ! also work. A line or row without the value never matches.%n"
      + "  Per-line fields choose the lines counted; row columns (as in --sort) choose the rows%n"
      + "  shown. The two kinds may be joined by a top-level `and` only.%n";

  @Parameters(paramLabel = "FILE", arity = "0..*",
      description = "the logs, read one after another as one log; none or - for standard input")
  List<Path> files = new ArrayList<>();

  @Option(names = "--sort", paramLabel = "COLUMN", defaultValue = "sum",
      description = "the column rows are sorted by, smallest first (default: ${DEFAULT-VALUE})")
  String sort;

  @Option(names = {"-r", "--reverse"}, description = "largest first")
  boolean reverse;

  @Option(names = {"-o", "--output"}, paramLabel = "COLUMNS",
      description = "the columns shown, comma-separated (default: the usual ones)")
  String columnsOption;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      description = "table, markdown, tsv, csv or json (default: ${DEFAULT-VALUE})")
  OutputFormat format;

  @Option(names = "--limit", paramLabel = "N", defaultValue = "10000",
      description = "distinct rows kept (default: ${DEFAULT-VALUE}); beyond it the rest are counted"
          + " in one (other) row, and a note says so")
  int limit;

  @Option(names = "--percentiles", paramLabel = "P,...",
      description = "the percentile columns, e.g. 50,90,95,99.9 (default: alp 90,95,99; slp 50,95)")
  String percentilesOption;

  @Option(names = "--filter", paramLabel = "EXPR", description = "which lines are counted and which rows"
      + " shown, e.g. \"status >= 500 and uri =~ '^/api/'\" (grammar below)")
  String filterOption;

  @Option(names = "--pos", paramLabel = "POSFILE", description = "read only what was appended since the"
      + " last call with the same POSFILE (created on first use), then save the new positions")
  Path pos;

  @Option(names = "--threads", paramLabel = "N", description = "reading threads (default: the CPUs)")
  Integer threads;

  @Option(names = "--progress", negatable = true, description = "a progress bar on stderr (default:"
      + " for inputs over 8 MiB when stderr is a terminal)")
  Boolean progress;

  PrintStream out = System.out;
  PrintStream err = System.err;
  InputStream in = System.in;

  /** The command's name for messages: "alp" or "slp". */
  abstract String name();

  abstract Columns columns();

  abstract List<FilterField> lineFields();

  abstract String defaultPercentiles();

  /** Reads files; {@code lineFilter} sees each line (entry) before it is counted. */
  abstract DigestResult read(List<LogRange> ranges, Predicate<Object> lineFilter, int threads)
      throws IOException;

  abstract DigestResult read(InputStream stdin, Predicate<Object> lineFilter) throws IOException;

  /** Checks the command's own options; returns notes, or throws IllegalArgumentException. */
  List<String> prepare() {
    return List.of();
  }

  /** The note when input was read but nothing in it could be counted. */
  abstract String nothingCounted();

  @Override
  public Integer call() {
    try {
      return run();
    } catch (IllegalArgumentException e) {
      err.println(name() + ": " + e.getMessage());
      return 2;
    } catch (IOException e) {
      err.println(name() + ": " + e);
      return 1;
    }
  }

  private int run() throws IOException {
    List<Double> percentiles = percentiles(percentilesOption == null ? defaultPercentiles()
        : percentilesOption);
    Columns cols = columns();
    List<Column> shown = cols.select(columnsOption, percentiles);
    Column sortBy = cols.resolve(sort, "--sort");
    Filter filter = Filter.parse(filterOption, lineFields(), cols);
    if (limit < 1) {
      throw new IllegalArgumentException("--limit must be 1 or more");
    }
    if (threads != null && threads < 1) {
      throw new IllegalArgumentException("--threads must be 1 or more");
    }
    List<String> notes = new ArrayList<>(prepare());
    boolean stdin = files.isEmpty() || files.size() == 1 && files.get(0).toString().equals("-");
    if (stdin && pos != null) {
      throw new IllegalArgumentException("--pos needs FILEs: standard input has no position");
    }
    Predicate<Object> lineFilter = filter.hasLinePart() ? filter::acceptsLine : null;
    PosFile posFile = null;
    LogInputs.Plan plan = null;
    DigestResult result;
    long started = System.nanoTime();
    if (stdin) {
      result = read(in, lineFilter);
    } else {
      LogInputs.check(files);
      posFile = pos == null ? null : PosFile.load(pos);
      plan = posFile == null ? LogInputs.whole(files) : LogInputs.since(files, posFile);
      notes.addAll(plan.notes());
      int n = threads != null ? threads : Runtime.getRuntime().availableProcessors();
      try (AutoCloseable bar = Progress.start(Progress.wanted(progress, plan.bytes()), err, plan.bytes())) {
        result = read(plan.ranges(), lineFilter, n);
      } catch (IOException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
    double seconds = (System.nanoTime() - started) / 1e9;

    Set<Double> needed = new LinkedHashSet<>(percentiles);
    for (Column c : shown) {
      addPercentile(needed, c);
    }
    addPercentile(needed, sortBy);
    for (String key : filter.rowKeys()) {
      addPercentile(needed, cols.find(key));
    }
    List<Map<String, Object>> all = result.rows(needed);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Map<String, Object> row : all) {
      if (filter.acceptsRow(row)) {
        rows.add(row);
      }
    }
    rows.sort(order(sortBy, cols, reverse));
    print(result, rows, shown, plan, percentiles);

    notes.addAll(result.notes());
    notes.addAll(MalformedNotes.of(result.malformed(), plan == null ? null : plan.ranges()));
    for (Map<String, Object> row : all) {
      if ("(other)".equals(row.get("route")) || "(other)".equals(row.get("fingerprint"))) {
        notes.add(String.format(Locale.ROOT, "more than --limit %d distinct rows: %,d %s past them"
            + " are counted in the (other) row; a larger --limit shows them", limit,
            ((Number) row.get("count")).longValue(), result.unit()));
      }
    }
    if (result.filteredOut() > 0) {
      notes.add(String.format(Locale.ROOT, "--filter left out %,d of %,d %s", result.filteredOut(),
          result.filteredOut() + result.counted(), result.unit()));
    }
    if (all.size() > rows.size()) {
      notes.add(String.format(Locale.ROOT, "--filter shows %,d of %,d rows", rows.size(), all.size()));
    }
    if (result.lines() == 0) {
      notes.add("nothing to read");
    } else if (result.counted() == 0 && result.filteredOut() == 0) {
      notes.add(nothingCounted());
    }
    for (String note : notes) {
      err.println(name() + ": " + note);
    }
    if (posFile != null) {
      posFile.save();
    }
    if (Boolean.TRUE.equals(progress)) {
      err.printf(Locale.ROOT, "%s: %,d lines, %,d %s in %.2f s%n", name(), result.lines(),
          result.counted(), result.unit(), seconds);
    }
    return 0;
  }

  private void print(DigestResult result, List<Map<String, Object>> rows, List<Column> shown,
      LogInputs.Plan plan, List<Double> percentiles) throws IOException {
    List<Map<String, Object>> slowest = result.slowest();
    if (format != OutputFormat.json) {
      if (slowest != null) {
        RowsWriter.write(format, Columns.REQUESTS.select(null, List.of()), slowest, out);
      } else {
        RowsWriter.write(format, shown, rows, out);
      }
      out.flush();
      return;
    }
    Map<String, Object> doc = new LinkedHashMap<>(result.summary());
    List<Map<String, Object>> read = new ArrayList<>();
    if (plan == null) {
      read.add(Map.of("file", "-"));
    } else {
      for (LogRange r : plan.ranges()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", r.file().toString());
        m.put("from", r.from());
        m.put("to", r.to());
        read.add(m);
      }
    }
    doc.put("read", read);
    doc.put("filteredOut", result.filteredOut());
    if (slowest != null) {
      doc.put("slowest", slowest);
    } else {
      doc.put("percentiles", percentiles);
      doc.put("rows", rows);
    }
    out.println(JsonOut.write(doc));
    out.flush();
  }

  private static void addPercentile(Set<Double> needed, Column c) {
    double p = c == null ? Double.NaN : Columns.percentileOf(c);
    if (!Double.isNaN(p)) {
      needed.add(p);
    }
  }

  /** Smallest first by the column (text by its characters), ties by the row's key. */
  static Comparator<Map<String, Object>> order(Column by, Columns cols, boolean reverse) {
    Comparator<Map<String, Object>> c = (a, b) -> compare(a.get(by.key()), b.get(by.key()), by);
    c = c.thenComparing(cols::key);
    return reverse ? c.reversed() : c;
  }

  private static int compare(Object a, Object b, Column by) {
    if (by.kind().numeric()) {
      double x = a instanceof Number n ? n.doubleValue() : Double.NEGATIVE_INFINITY;
      double y = b instanceof Number n ? n.doubleValue() : Double.NEGATIVE_INFINITY;
      return Double.compare(x, y);
    }
    return String.valueOf(a == null ? "" : a).compareTo(String.valueOf(b == null ? "" : b));
  }

  static List<Double> percentiles(String spec) {
    List<Double> out = new ArrayList<>();
    for (String part : spec.split(",")) {
      if (part.isBlank()) {
        continue;
      }
      double p;
      try {
        p = Double.parseDouble(part.trim().replaceFirst("^[pP]", ""));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("--percentiles: `" + part.trim() + "` is not a number"
            + " (write e.g. 50,90,95,99)");
      }
      if (!(p > 0 && p <= 100)) {
        throw new IllegalArgumentException("--percentiles: " + part.trim() + " is not in (0, 100]");
      }
      if (!out.contains(p)) {
        out.add(p);
      }
    }
    return out;
  }
}
