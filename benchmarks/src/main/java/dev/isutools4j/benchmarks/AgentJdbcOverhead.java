package dev.isutools4j.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The agent's statement path beside the library's wrapper and the bare driver: {@link
 * JdbcOverheadBenchmark}'s two shapes over memdb, in rounds that alternate a fork without the agent
 * (targets bare, isutools, isutoolsInRequest) and a fork started with it (agent, agentInRequest:
 * memdb directly, recorded by the agent, checked as the library's targets are). JMH cannot give
 * one fork a {@code -javaagent} per parameter, hence the alternation. Prints each target's median
 * ns/op over every measured iteration of every round, and its bytes per operation.
 *
 * <pre>
 * mvn -B -DskipTests package
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.AgentJdbcOverhead \
 *     isutools4j-agent/target/isutools4j-agent.jar 3
 * </pre>
 */
public final class AgentJdbcOverhead {

  private static final String[] PLAIN = {Targets.BARE, Targets.ISUTOOLS, Targets.ISUTOOLS_IN_REQUEST};
  private static final String[] AGENT = {Targets.AGENT, Targets.AGENT_IN_REQUEST};

  private AgentJdbcOverhead() {}

  public static void main(String[] args) throws Exception {
    Path agent = Path.of(args.length > 0 ? args[0] : "isutools4j-agent/target/isutools4j-agent.jar");
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    if (!Files.isRegularFile(agent)) {
      throw new IllegalArgumentException("no agent jar at " + agent + ": build it with mvn package");
    }
    Path dir = Files.createTempDirectory("agent-bench");
    String javaagent = "-javaagent:" + agent.toAbsolutePath() + "=addr=off,profile=off,dir=" + dir;
    Map<String, List<Double>> nanos = new TreeMap<>();
    Map<String, List<Double>> bytes = new TreeMap<>();
    for (int round = 1; round <= rounds; round++) {
      for (boolean withAgent : new boolean[] {false, true}) {
        ChainedOptionsBuilder options = new OptionsBuilder()
            .include(JdbcOverheadBenchmark.class.getName() + ".(heldStatement|prepareExecuteClose)$")
            .param("target", withAgent ? AGENT : PLAIN)
            .forks(1).warmupIterations(5).warmupTime(TimeValue.seconds(1))
            .measurementIterations(5).measurementTime(TimeValue.seconds(1))
            .addProfiler(GCProfiler.class);
        if (withAgent) {
          options.jvmArgsAppend(javaagent);
        }
        for (RunResult run : new Runner(options.build()).run()) {
          String label = run.getParams().getBenchmark().replaceAll(".*\\.", "") + " "
              + run.getParams().getParam("target");
          for (BenchmarkResult result : run.getBenchmarkResults()) {
            for (IterationResult iteration : result.getIterationResults()) {
              nanos.computeIfAbsent(label, k -> new ArrayList<>()).add(iteration.getPrimaryResult().getScore());
            }
          }
          for (Map.Entry<String, Result> secondary : run.getSecondaryResults().entrySet()) {
            if (secondary.getKey().endsWith("gc.alloc.rate.norm")) {
              bytes.computeIfAbsent(label, k -> new ArrayList<>()).add(secondary.getValue().getScore());
            }
          }
        }
      }
    }
    System.out.printf(Locale.ROOT, "%n%-40s %14s %10s %12s%n", "benchmark target", "median ns/op", "iterations", "B/op");
    for (Map.Entry<String, List<Double>> e : nanos.entrySet()) {
      List<Double> sorted = new ArrayList<>(e.getValue());
      sorted.sort(null);
      List<Double> b = bytes.getOrDefault(e.getKey(), List.of(Double.NaN));
      System.out.printf(Locale.ROOT, "%-40s %14.1f %10d %12.1f%n", e.getKey(),
          Ratios.quantile(sorted, 0.5), sorted.size(), b.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN));
    }
  }
}
