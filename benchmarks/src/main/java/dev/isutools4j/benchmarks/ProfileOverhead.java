package dev.isutools4j.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the per-run profile costs the app: isugram's score with the profile on (B, the default:
 * {@code isutools.profile=cpu}) and off (A), in blocks ordered A B B A, repeated, so that a drift
 * of the machine over time falls on both sides alike. Each block is a fresh isugram process: a
 * warm-up bench, then {@code POST /reset}, the measured bench and {@code POST /save}, exactly the
 * loop a user runs. Prints each block and the ratio B/A of each A-B-B-A group (its two B scores
 * over its two A scores), then their median and range; and the same for the app's CPU time per
 * successful request (from /proc), which other load on a shared machine disturbs less.
 *
 * <pre>
 * mvn -B -DskipTests package
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.ProfileOverhead \
 *     isugram/target/isugram.jar 3 2 10 20 4 0.1
 * </pre>
 *
 * Arguments: isugram's jar, A-B-B-A groups (3), tuning level (2), warm-up seconds (10), measured
 * seconds (20), bench concurrency (4), data scale (0.1). Uses isugram's embedded H2 database, so
 * that all of the work is in the app's JVM, where the profiler is.
 */
public final class ProfileOverhead {

  private static final Pattern FILE = Pattern.compile("\"file\"\\s*:\\s*\"([^\"]+)\"");
  private static final Pattern PROFILE = Pattern.compile(
      "\"profile\"\\s*:\\s*\\{\\s*\"engine\"\\s*:\\s*\"?([^\",]*)\"?,\\s*\"engineVersion\"[^}]*?\"event\"\\s*:\\s*\"([^\"]*)\"");

  private ProfileOverhead() {}

  public static void main(String[] args) throws Exception {
    Path jar = Path.of(args.length > 0 ? args[0] : "isugram/target/isugram.jar");
    int groups = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    int level = args.length > 2 ? Integer.parseInt(args[2]) : 2;
    int warmup = args.length > 3 ? Integer.parseInt(args[3]) : 10;
    int seconds = args.length > 4 ? Integer.parseInt(args[4]) : 20;
    int concurrency = args.length > 5 ? Integer.parseInt(args[5]) : 4;
    String scale = args.length > 6 ? args[6] : "0.1";
    Path work = Files.createTempDirectory("profile-overhead");
    Path data = work.resolve("db");
    IsugramProcess.load(jar, data, scale, work.resolve("load.log"));

    List<Double> ratios = new ArrayList<>();
    List<Double> cpuRatios = new ArrayList<>();
    System.out.printf(Locale.ROOT, "%-6s %-7s %8s %12s %s%n", "block", "profile", "score",
        "cpu ms/req", "engine");
    int block = 0;
    for (int g = 0; g < groups; g++) {
      long[] a = new long[2];
      long[] b = new long[2];
      double[] cpuA = new double[2];
      double[] cpuB = new double[2];
      String[] order = {"off", "cpu", "cpu", "off"};
      int ai = 0;
      int bi = 0;
      for (String profile : order) {
        Block result = block(jar, data, work, profile, level, warmup, seconds, concurrency, scale, ++block);
        System.out.printf(Locale.ROOT, "%-6d %-7s %8d %12.4f %s%n", block, profile, result.score(),
            result.cpuMsPerRequest(), result.engine());
        if (profile.equals("off")) {
          cpuA[ai] = result.cpuMsPerRequest();
          a[ai++] = result.score();
        } else {
          cpuB[bi] = result.cpuMsPerRequest();
          b[bi++] = result.score();
        }
      }
      double ratio = (double) (b[0] + b[1]) / Math.max(1, a[0] + a[1]);
      double cpuRatio = (cpuB[0] + cpuB[1]) / (cpuA[0] + cpuA[1]);
      ratios.add(ratio);
      cpuRatios.add(cpuRatio);
      System.out.printf(Locale.ROOT, "group %d: score B/A = %.4f, cpu per request B/A = %.4f%n",
          g + 1, ratio, cpuRatio);
    }
    Ratios.print("score", ratios);
    Ratios.print("cpu per request", cpuRatios);
  }

  private record Block(long score, double cpuMsPerRequest, String engine) {}

  private static Block block(Path jar, Path data, Path work, String profile, int level, int warmup,
      int seconds, int concurrency, String scale, int n) throws Exception {
    Map<String, String> env = Map.of("ISUTOOLS_DIR", work.resolve("history-" + profile).toString(),
        "ISUTOOLS_PROFILE", profile);
    try (IsugramProcess app = IsugramProcess.start(jar, data, level, List.of(), env,
        work.resolve("serve-" + n + ".log"))) {
      IsugramProcess.bench(jar, app.port, warmup, concurrency, scale, work.resolve("warmup-" + n + ".json"));
      app.admin("/reset");
      long cpuBefore = app.cpuMillis();
      Path out = work.resolve("bench-" + n + ".json");
      long score = IsugramProcess.bench(jar, app.port, seconds, concurrency, scale, out);
      double cpuMs = app.cpuMillis() - cpuBefore;
      double perRequest = cpuMs / Math.max(1, IsugramProcess.successes(out));
      Matcher file = FILE.matcher(app.admin("/save?score=" + score));
      String engine = "none";
      if (file.find()) {
        Matcher p = PROFILE.matcher(Files.readString(Path.of(file.group(1))));
        engine = p.find() ? p.group(1) + " " + p.group(2) : "none";
      }
      return new Block(score, perRequest, engine);
    }
  }
}
