package dev.isutools4j.benchmarks;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What the agent adds to a Spring Boot app's start: isugram's jar started plain and with each
 * given agent jar, in blocks ordered plain, agent 1, agent 2, ... and back (A B C C B A), each
 * block a fresh process timed from its launch to its first 200 answer (polled every 10 ms), with
 * the process's CPU time by then, then stopped. Both sides serve plain ({@code --integration
 * none}; the admin server only with the agent), so the difference is the agent's: its jar, its
 * class matching and its admin server's start. The profile is off on both sides: it starts with a
 * run, not with the app. An agent given as {@code AGENT.jar=OPTIONS} starts with those agent
 * options too ({@code isutools4j-agent.jar=addr=off}: no admin server), to tell its parts apart.
 *
 * <pre>{@code
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.AgentStart \
 *     isugram/target/isugram.jar GROUPS JAVA AGENT.jar[=OPTIONS] [AGENT.jar[=OPTIONS] ...]
 * }</pre>
 */
public final class AgentStart {

  private static final HttpClient HTTP = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(1)).build();

  private AgentStart() {}

  /** An agent jar and the options it starts with beside the history directory (empty: none). */
  private record Agent(Path jar, String options) {

    static Agent of(String spec) {
      int jarEnd = spec.indexOf(".jar=");
      return jarEnd < 0 ? new Agent(Path.of(spec).toAbsolutePath(), "")
          : new Agent(Path.of(spec.substring(0, jarEnd + 4)).toAbsolutePath(), spec.substring(jarEnd + 5));
    }

    String argument(Path runs) {
      return "-javaagent:" + jar + "=dir=" + runs + (options.isEmpty() ? "" : "," + options);
    }

    @Override
    public String toString() {
      return jar + (options.isEmpty() ? "" : "=" + options);
    }
  }

  /** One start: wall time to the first answer and the process's CPU time by then. */
  private record Start(double wallMs, double cpuMs) {}

  public static void main(String[] args) throws Exception {
    Path jar = Path.of(args[0]);
    int groups = Integer.parseInt(args[1]);
    String java = args[2];
    List<Agent> agents = new ArrayList<>();
    for (int i = 3; i < args.length; i++) {
      agents.add(Agent.of(args[i]));
    }
    Path work = Files.createTempDirectory("agent-start");
    Path data = work.resolve("data");
    IsugramProcess.load(jar, data, "0.1", work.resolve("load.log"));
    // One start of each, not measured: the file system's caches hold every jar from then on.
    start(java, jar, data, null, work, "warm");
    for (Agent agent : agents) {
      start(java, jar, data, agent, work, "warm");
    }
    List<Integer> order = new ArrayList<>();
    for (int side = 0; side <= agents.size(); side++) {
      order.add(side);
    }
    for (int side = agents.size(); side >= 0; side--) {
      order.add(side);
    }
    List<List<Start>> starts = new ArrayList<>();
    List<List<Double>> wallRatios = new ArrayList<>();
    List<List<Double>> cpuRatios = new ArrayList<>();
    for (int side = 0; side <= agents.size(); side++) {
      starts.add(new ArrayList<>());
      wallRatios.add(new ArrayList<>());
      cpuRatios.add(new ArrayList<>());
    }
    for (int g = 0; g < groups; g++) {
      double[] wall = new double[agents.size() + 1];
      double[] cpu = new double[agents.size() + 1];
      for (int side : order) {
        Start s = start(java, jar, data, side == 0 ? null : agents.get(side - 1), work, "g" + g + "-" + side);
        starts.get(side).add(s);
        wall[side] += s.wallMs();
        cpu[side] += s.cpuMs();
      }
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
          "group %d: plain %.0f ms (cpu %.0f ms)", g + 1, wall[0] / 2, cpu[0] / 2));
      for (int side = 1; side <= agents.size(); side++) {
        wallRatios.get(side).add(wall[side] / wall[0]);
        cpuRatios.get(side).add(cpu[side] / cpu[0]);
        line.append(String.format(Locale.ROOT, ", agent %d %.0f ms (cpu %.0f ms) B/A %.3f",
            side, wall[side] / 2, cpu[side] / 2, wall[side] / wall[0]));
      }
      System.out.println(line);
    }
    System.out.println("java: " + java);
    for (int side = 0; side <= agents.size(); side++) {
      List<Start> s = starts.get(side);
      System.out.printf(Locale.ROOT, "%s: median %.0f ms to the first answer, %.0f ms of CPU, %d starts%n",
          side == 0 ? "plain" : "agent " + side + " (" + agents.get(side - 1) + ")",
          median(s.stream().map(Start::wallMs).toList()), median(s.stream().map(Start::cpuMs).toList()),
          s.size());
      if (side > 0) {
        Ratios.print("agent " + side + ", start to first answer", wallRatios.get(side));
        Ratios.print("agent " + side + ", CPU to first answer", cpuRatios.get(side));
      }
    }
  }

  private static Start start(String java, Path jar, Path data, Agent agent, Path work, String name)
      throws Exception {
    int port = freePort();
    List<String> command = new ArrayList<>(List.of(java));
    if (agent != null) {
      command.add(agent.argument(work.resolve("runs")));
    }
    command.addAll(List.of("-jar", jar.toString(), "serve", "--data-dir", data.toString(),
        "--port", String.valueOf(port), "--tuning", "2", "--integration", "none"));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(work.resolve(name + ".log").toFile());
    // With the agent, its admin server listens on a free port; without, no admin server at all.
    builder.environment().put("ISUTOOLS_ADDR", agent == null ? "off" : "127.0.0.1:" + freePort());
    builder.environment().put("ISUTOOLS_PROFILE", "off");
    long start = System.nanoTime();
    Process process = builder.start();
    try {
      URI login = URI.create("http://127.0.0.1:" + port + "/login");
      long deadline = start + TimeUnit.SECONDS.toNanos(180);
      while (System.nanoTime() < deadline) {
        if (!process.isAlive()) {
          throw new IOException("isugram exited: " + process.exitValue() + "; see " + work);
        }
        try {
          HttpResponse<Void> r = HTTP.send(HttpRequest.newBuilder(login).build(),
              HttpResponse.BodyHandlers.discarding());
          if (r.statusCode() == 200) {
            return new Start((System.nanoTime() - start) / 1e6, cpuMillis(process.pid()));
          }
        } catch (IOException notYet) {
          // not listening yet
        }
        Thread.sleep(10);
      }
      throw new IOException("isugram did not answer within 180 s; see " + work);
    } finally {
      process.destroy();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }

  /** A process's user and system CPU time so far, from /proc/PID/stat (clock ticks of 10 ms). */
  private static double cpuMillis(long pid) throws IOException {
    String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10.0;
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    return Ratios.quantile(sorted, 0.5);
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
