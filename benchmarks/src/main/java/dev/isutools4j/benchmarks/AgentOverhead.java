package dev.isutools4j.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the agent's instrumentation costs isugram: its score served plain ({@code --integration
 * none}: no URL prefix, no filter) without the agent (A) and with {@code -javaagent} (B), in blocks
 * ordered A B B A, repeated; each block a fresh process, a warm-up bench, then the measured bench
 * (with B, between {@code POST /reset} and {@code POST /save}, as a user runs it). The profile is
 * off on both sides: its own cost is {@link RunWindows}'. Prints each group's score ratio B/A and
 * the app's CPU time per request ratio, then their median, quartiles and range.
 *
 * <pre>
 * mvn -B -DskipTests package
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.AgentOverhead \
 *     isugram/target/isugram.jar isutools4j-agent/target/isutools4j-agent.jar 4 2 10 15 4 0.1
 * </pre>
 *
 * Arguments: isugram's jar, the agent's jar, groups (4), tuning level (2), warm-up seconds (10),
 * measured seconds (15), bench concurrency (4), data scale (0.1).
 */
public final class AgentOverhead {

  private AgentOverhead() {}

  public static void main(String[] args) throws Exception {
    Path jar = Path.of(args.length > 0 ? args[0] : "isugram/target/isugram.jar");
    Path agent = Path.of(args.length > 1 ? args[1] : "isutools4j-agent/target/isutools4j-agent.jar");
    int groups = args.length > 2 ? Integer.parseInt(args[2]) : 4;
    int level = args.length > 3 ? Integer.parseInt(args[3]) : 2;
    int warmup = args.length > 4 ? Integer.parseInt(args[4]) : 10;
    int seconds = args.length > 5 ? Integer.parseInt(args[5]) : 15;
    int concurrency = args.length > 6 ? Integer.parseInt(args[6]) : 4;
    String scale = args.length > 7 ? args[7] : "0.1";
    Path work = Files.createTempDirectory("agent-overhead");
    Path data = work.resolve("db");
    IsugramProcess.load(jar, data, scale, work.resolve("load.log"));
    List<Double> scores = new ArrayList<>();
    List<Double> cpu = new ArrayList<>();
    int block = 0;
    for (int g = 1; g <= groups; g++) {
      double[] sum = new double[4]; // score A, score B, cpu A, cpu B
      for (boolean on : new boolean[] {false, true, true, false}) {
        block++;
        List<String> jvm = on ? List.of("-javaagent:" + agent.toAbsolutePath()) : List.of();
        // With the agent, the admin server listens where IsugramProcess chose; without, none.
        Map<String, String> env = on
            ? Map.of("ISUTOOLS_PROFILE", "off", "ISUTOOLS_DIR", work.resolve("history").toString())
            : Map.of("ISUTOOLS_ADDR", "off", "ISUTOOLS_PROFILE", "off");
        try (IsugramProcess app = IsugramProcess.start(jar, data, level, jvm, env,
            work.resolve("serve-" + block + ".log"), "--integration", "none")) {
          IsugramProcess.bench(jar, app.port, warmup, concurrency, scale, work.resolve("warmup.json"));
          if (on) {
            app.admin("/reset");
          }
          long cpu0 = app.cpuMillis();
          Path out = work.resolve("bench-" + block + ".json");
          long score = IsugramProcess.bench(jar, app.port, seconds, concurrency, scale, out);
          double perRequest = (app.cpuMillis() - cpu0) / (double) Math.max(1, IsugramProcess.successes(out));
          if (on) {
            app.admin("/save?score=" + score);
          }
          sum[on ? 1 : 0] += score;
          sum[on ? 3 : 2] += perRequest;
          System.out.printf(Locale.ROOT, "block %2d agent %-3s score %6d cpu ms/req %.4f%n", block,
              on ? "on" : "off", score, perRequest);
        }
      }
      scores.add(sum[1] / sum[0]);
      cpu.add(sum[3] / sum[2]);
      System.out.printf(Locale.ROOT, "group %d: score B/A %.4f, cpu per request B/A %.4f%n", g,
          sum[1] / sum[0], sum[3] / sum[2]);
    }
    Ratios.print("score (agent / none)", scores);
    Ratios.print("app CPU per request (agent / none)", cpu);
  }
}
