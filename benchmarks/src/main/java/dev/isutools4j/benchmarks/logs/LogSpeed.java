package dev.isutools4j.benchmarks.logs;

import dev.isutools4j.internal.digest.LogRange;
import dev.isutools4j.internal.digest.access.AccessFormat;
import dev.isutools4j.internal.digest.access.AccessLogDigest;
import dev.isutools4j.internal.digest.slow.SlowLogDigest;
import dev.isutools4j.internal.route.PathRoutes;
import dev.isutools4j.internal.route.RouteTemplates;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * How fast {@code slp} and {@code alp} read real logs, next to pt-query-digest and goaccess on the
 * same files in the same run. Not a test: it generates (once, into a reusable directory) a slow
 * log from a real MariaDB running a varied workload and an access log from a real nginx under a
 * fast client, then times each tool several times, round by round so that the machine's noise
 * falls on all of them alike, and prints the medians as Markdown.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.logs.LogSpeed \
 *     --dir /tmp/isutools4j-logspeed --jar isutools4j-cli/target/isutools4j.jar --runs 3
 * </pre>
 *
 * Options: {@code --dir} (where the logs are kept; default /tmp/isutools4j-logspeed),
 * {@code --jar} (the command jar), {@code --runs} (rounds, default 3), {@code --slow-entries}
 * (1000000), {@code --access-lines} (2000000), {@code --only slow|access}, {@code --skip-theirs}
 * (time only cat and ours, for profiling rounds), {@code --before-jar} (an older command jar,
 * timed too). {@code --runs 0} only writes the logs. The access rounds also time
 * {@code alp combined --routes-from} a run holding the routes of the app behind the load
 * ({@link AppRoutes}, written as {@code routes-run.json}) and the digest given those routes.
 */
public final class LogSpeed {

  private LogSpeed() {}

  /** One tool's runs. */
  private record Tool(String log, String name, String command, Callable<Timed> run,
      List<Timed> runs) {
    Tool(String log, String name, String command, Callable<Timed> run) {
      this(log, name, command, run, new ArrayList<>());
    }

    double median() {
      List<Double> s = runs.stream().map(Timed::seconds).sorted().toList();
      int n = s.size();
      return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    long maxRss() {
      return runs.stream().mapToLong(Timed::maxRssKib).max().orElse(-1);
    }
  }

  public static void main(String[] args) throws Exception {
    System.setProperty("isutools.addr", "off");
    Path dir = Path.of(option(args, "--dir", "/tmp/isutools4j-logspeed"));
    Path jar = Path.of(option(args, "--jar", "isutools4j-cli/target/isutools4j.jar")).toAbsolutePath();
    int runs = Integer.parseInt(option(args, "--runs", "3"));
    long slowEntries = Long.parseLong(option(args, "--slow-entries", "1000000"));
    long accessLines = Long.parseLong(option(args, "--access-lines", "2000000"));
    String only = option(args, "--only", "both");
    boolean skipTheirs = List.of(args).contains("--skip-theirs");
    String before = option(args, "--before-jar", null);
    // The isutools4j command as the README runs it: the script beside the jar, with its
    // class-data archive and its JIT choice for alp and slp.
    Path launcher = jar.resolveSibling("isutools4j");
    boolean withLauncher = Files.isExecutable(launcher);
    Files.createDirectories(dir);
    Path scratch = Files.createDirectories(dir.resolve("scratch"));
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    int cores = Runtime.getRuntime().availableProcessors();

    List<Tool> tools = new ArrayList<>();
    if (!only.equals("access")) {
      Path slow = ensureSlowLog(dir, slowEntries);
      String s = slow.toString();
      tools.add(command("slow", "cat", scratch, "cat", s));
      if (withLauncher) {
        tools.add(command("slow", "isutools4j slp (the command)", scratch, launcher.toString(), "slp", s));
      }
      tools.add(command("slow", "isutools4j slp (java -jar)", scratch, java, "-jar", jar.toString(), "slp", s));
      if (before != null) {
        tools.add(command("slow", "isutools4j slp, before", scratch, java, "-jar", before, "slp", s));
      }
      tools.add(inProcess("slow", "SlowLogDigest in process (" + cores + " threads)", () ->
          SlowLogDigest.read(LogRange.whole(slow), SlowLogDigest.Options.defaults(), cores)));
      if (!skipTheirs) {
        tools.add(command("slow", "pt-query-digest", scratch, "pt-query-digest", "--no-version-check", s));
      }
    }
    if (!only.equals("slow")) {
      Path combined = ensureAccessLog(dir, accessLines);
      Path ltsv = dir.resolve("access.ltsv");
      String c = combined.toString();
      tools.add(command("access", "cat (combined)", scratch, "cat", c));
      tools.add(command("access", "cat (ltsv)", scratch, "cat", ltsv.toString()));
      if (withLauncher) {
        tools.add(command("access", "isutools4j alp combined (the command)", scratch,
            launcher.toString(), "alp", "combined", c));
        tools.add(command("access", "isutools4j alp ltsv (the command)", scratch,
            launcher.toString(), "alp", "ltsv", ltsv.toString()));
      }
      tools.add(command("access", "isutools4j alp combined (java -jar)", scratch, java, "-jar", jar.toString(),
          "alp", "combined", c));
      String routesRun = AppRoutes.write(dir).toString();
      tools.add(command("access", "isutools4j alp combined --routes-from", scratch, java, "-jar",
          jar.toString(), "alp", "combined", "--routes-from", routesRun, c));
      tools.add(command("access", "isutools4j alp ltsv (java -jar)", scratch, java, "-jar", jar.toString(),
          "alp", "ltsv", ltsv.toString()));
      if (before != null) {
        tools.add(command("access", "isutools4j alp combined, before", scratch, java, "-jar", before,
            "alp", "combined", c));
      }
      tools.add(inProcess("access", "AccessLogDigest in process (combined, " + cores + " threads)", () ->
          AccessLogDigest.read(LogRange.whole(combined),
              AccessLogDigest.Options.defaults().withFormat(AccessFormat.COMBINED), cores)));
      // The app's routes: plain; with regexes that keep the cache by shape (digits only) or not
      // for one route (users); and with one that keeps it for half the lines (posts).
      for (String[] vars : List.of(new String[] {"{id}", "{name}"},
          new String[] {"{id:[0-9]+}", "{name:[a-z]+[0-9]+}"},
          new String[] {"{id:[0-9]{1,6}}", "{name}"})) {
        List<String> keys = AppRoutes.keys(vars[0], vars[1]);
        AccessLogDigest.Options o = AccessLogDigest.Options.defaults().withFormat(AccessFormat.COMBINED)
            .withRoutes(PathRoutes.of(null).withTemplates(RouteTemplates.ofKeys(keys)));
        String name = vars[0].equals("{id}") ? "" : ", /api/posts/" + vars[0] + ", /api/users/" + vars[1];
        tools.add(inProcess("access", "AccessLogDigest in process, the app's " + keys.size()
            + " routes" + name, () -> AccessLogDigest.read(LogRange.whole(combined), o, cores)));
      }
      if (!skipTheirs) {
        tools.add(command("access", "goaccess", scratch, "goaccess", c, "--no-global-config",
            "--log-format=%h %^[%d:%t %^] \"%r\" %s %b \"%R\" \"%u\" %T %^",
            "--date-format=%d/%b/%Y", "--time-format=%T", "--no-progress",
            "-o", scratch.resolve("goaccess.json").toString()));
      }
    }

    if (runs == 0) {
      System.err.println("logs ready in " + dir + "; no rounds run");
      return;
    }
    // Once untimed: the files come into the page cache, the JIT warms up for the in-process runs.
    for (Tool t : tools) {
      if (t.name().startsWith("cat") || t.name().contains("in process")) {
        t.run().call();
      }
    }
    List<String> load = new ArrayList<>();
    load.add(loadAverage());
    for (int round = 1; round <= runs; round++) {
      for (Tool t : tools) {
        Timed timed = t.run().call();
        t.runs().add(timed);
        System.err.printf(Locale.ROOT, "round %d: %-45s %8.3f s%n", round, t.name(), timed.seconds());
      }
      load.add(loadAverage());
    }
    String report = report(dir, tools, load, runs);
    System.out.println(report);
    Files.writeString(dir.resolve("results.md"), report);
  }

  private static Tool command(String log, String name, Path scratch, String... command) {
    List<String> c = List.of(command);
    return new Tool(log, name, String.join(" ", c), () -> Timed.run(c, scratch));
  }

  private static Tool inProcess(String log, String name, Callable<Object> work) {
    return new Tool(log, name, "(the harness JVM, warm)", () -> {
      long start = System.nanoTime();
      Object result = work.call();
      double seconds = (System.nanoTime() - start) / 1e9;
      if (result == null) {
        throw new IllegalStateException("no report");
      }
      // Leave nothing for this JVM's collector to do while the next tool runs.
      result = null;
      System.gc();
      Thread.sleep(500);
      return new Timed(seconds, -1);
    });
  }

  private static String report(Path dir, List<Tool> tools, List<String> load, int runs)
      throws IOException, InterruptedException {
    StringBuilder b = new StringBuilder();
    b.append("Machine: ").append(Environment.machine()).append("\n\n");
    b.append("Versions:\n\n");
    for (String v : Environment.versions()) {
      b.append("- ").append(v).append('\n');
    }
    b.append("\nLoad average (1, 5, 15 min) before the first round and after each: ")
        .append(String.join("; ", load)).append("\n");
    for (String log : List.of("slow", "access")) {
      List<Tool> these = tools.stream().filter(t -> t.log().equals(log)).toList();
      if (these.isEmpty()) {
        continue;
      }
      Path file = log.equals("slow") ? dir.resolve("slow.log") : dir.resolve("access.log");
      long entries = Long.parseLong(Files.readString(marker(file)).trim().split("\\s+")[0]);
      String unit = log.equals("slow") ? "entries" : "lines";
      Tool theirs = these.stream().filter(t -> t.name().equals(log.equals("slow") ? "pt-query-digest"
          : "goaccess")).findFirst().orElse(null);
      Tool cat = these.get(0);
      b.append(String.format(Locale.ROOT, "%n%s log: %,d %s, %s%n%n", log.equals("slow") ? "Slow"
          : "Access", entries, unit, sizes(dir, log)));
      b.append("| tool | median s | runs s | ").append(unit).append("/s | ours ÷ ")
          .append(theirs == null ? "theirs" : theirs.name()).append(" | cat ÷ tool | max RSS |\n");
      b.append("|---|---:|---|---:|---:|---:|---:|\n");
      for (Tool t : these) {
        double m = t.median();
        String ratio = theirs == null || t == theirs || t.name().startsWith("cat") ? ""
            : String.format(Locale.ROOT, "**%.1f×**", theirs.median() / m);
        b.append(String.format(Locale.ROOT, "| %s | %.3f | %s | %,.0f | %s | %.0f %% | %s |%n",
            t.name(), m, t.runs().stream().map(x -> String.format(Locale.ROOT, "%.2f", x.seconds()))
                .reduce((x, y) -> x + ", " + y).orElse(""),
            entries / m, ratio, 100 * cat.median() / m,
            t.maxRss() < 0 ? "—" : String.format(Locale.ROOT, "%.0f MiB", t.maxRss() / 1024.0)));
      }
      b.append("\nCommands:\n\n```\n");
      for (Tool t : these) {
        b.append(t.command()).append('\n');
      }
      b.append("```\n");
    }
    b.append(String.format(Locale.ROOT, "%n%d rounds; in each, every tool once in the order above.%n",
        runs));
    return b.toString();
  }

  private static String sizes(Path dir, String log) throws IOException {
    List<String> out = new ArrayList<>();
    for (String name : log.equals("slow") ? List.of("slow.log") : List.of("access.log", "access.ltsv")) {
      Path f = dir.resolve(name);
      if (Files.exists(f)) {
        out.add(String.format(Locale.ROOT, "%s %.0f MiB", name, Files.size(f) / 1048576.0));
      }
    }
    return String.join(", ", out);
  }

  // ------------------------------------------------------------------ the logs

  private static Path marker(Path file) {
    return file.resolveSibling(file.getFileName() + ".done");
  }

  /** The slow log of {@code dir}, written by a private MariaDB when it is not there yet. */
  static Path ensureSlowLog(Path dir, long entries) throws Exception {
    Path slow = dir.resolve("slow.log");
    if (Files.exists(marker(slow))) {
      return slow;
    }
    Files.deleteIfExists(slow);
    long start = System.nanoTime();
    try (PrivateMariaDb db = PrivateMariaDb.start(slow)) {
      try (Connection c = db.connect(null)) {
        SlowLogWorkload.load(c);
        try (Statement s = c.createStatement()) {
          s.execute("SET GLOBAL long_query_time = 0");
          trySet(s, "SET GLOBAL log_slow_verbosity = 'query_plan,explain'");
          trySet(s, "SET GLOBAL log_slow_extra = ON"); // MySQL 8's; MariaDB has none
          s.execute("SET GLOBAL slow_query_log = 1");
        }
      }
      // New connections take the global long_query_time.
      long sent = SlowLogWorkload.run(db, 6, entries);
      try (Connection c = db.connect(null); Statement s = c.createStatement()) {
        s.execute("SET GLOBAL slow_query_log = 0");
      }
      System.err.printf(Locale.ROOT, "slow log: %,d statements sent in %.0f s%n", sent,
          (System.nanoTime() - start) / 1e9);
    }
    long counted = countLinesStartingWith(slow, "# Query_time:");
    Files.writeString(marker(slow), counted + " entries\n");
    return slow;
  }

  private static void trySet(Statement s, String sql) {
    try {
      s.execute(sql);
    } catch (SQLException e) {
      System.err.println("(" + sql + ": " + e.getMessage() + ")");
    }
  }

  /** The access logs of {@code dir}, written by a private nginx when they are not there yet. */
  static Path ensureAccessLog(Path dir, long lines) throws Exception {
    Path log = dir.resolve("access.log");
    if (Files.exists(marker(log))) {
      return log;
    }
    for (String name : PrivateNginx.logFiles()) {
      Files.deleteIfExists(dir.resolve(name));
    }
    long start = System.nanoTime();
    long done;
    try (PrivateNginx nginx = PrivateNginx.start(dir)) {
      done = HttpLoad.run(nginx.port(), 8, lines);
    }
    System.err.printf(Locale.ROOT, "access log: %,d responses in %.0f s%n", done,
        (System.nanoTime() - start) / 1e9);
    long counted = countLinesStartingWith(log, "");
    Files.writeString(marker(log), counted + " lines\n");
    return log;
  }

  /** Lines that start with {@code prefix} (every line for ""). */
  static long countLinesStartingWith(Path file, String prefix) throws IOException {
    byte[] p = prefix.getBytes(StandardCharsets.US_ASCII);
    long count = 0;
    int matched = 0;
    boolean candidate = true;
    boolean inLine = false;
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 20)) {
      int c;
      while ((c = in.read()) >= 0) {
        if (c == '\n') {
          if (candidate && matched == p.length) {
            count++;
          }
          matched = 0;
          candidate = true;
          inLine = false;
          continue;
        }
        inLine = true;
        if (candidate && matched < p.length) {
          if (c == p[matched]) {
            matched++;
          } else {
            candidate = false;
          }
        }
      }
    }
    return inLine && candidate && matched == p.length ? count + 1 : count;
  }

  private static String loadAverage() throws IOException {
    String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
    return f[0] + " " + f[1] + " " + f[2];
  }

  private static String option(String[] args, String name, String fallback) {
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals(name)) {
        return args[i + 1];
      }
    }
    return fallback;
  }
}
