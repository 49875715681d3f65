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
 * What the agent adds to a Spring Boot app's start: isugram's jar started plain (A) and with
 * {@code -javaagent} (B), in blocks ordered A B B A, each block a fresh process timed from its
 * launch to its first 200 answer (polled every 10 ms), then stopped. Both sides serve plain
 * ({@code --integration none}; the admin server only with the agent), so the difference is the
 * agent's: its jar, its class matching and its admin server's start. The profile is off on both
 * sides: it starts with a run, not with the app.
 *
 * <pre>{@code
 * java -cp benchmarks/target/benchmarks.jar dev.isutools4j.benchmarks.AgentStart \
 *     isugram/target/isugram.jar isutools4j-agent/target/isutools4j-agent.jar GROUPS [JAVA]
 * }</pre>
 */
public final class AgentStart {

  private static final HttpClient HTTP = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(1)).build();

  private AgentStart() {}

  public static void main(String[] args) throws Exception {
    Path jar = Path.of(args[0]);
    Path agent = Path.of(args[1]).toAbsolutePath();
    int groups = Integer.parseInt(args[2]);
    String java = args.length > 3 ? args[3] : IsugramProcess.JAVA;
    Path work = Files.createTempDirectory("agent-start");
    Path data = work.resolve("data");
    IsugramProcess.load(jar, data, "0.1", work.resolve("load.log"));
    // One start of each, not measured: the file system's caches hold both jars from then on.
    startToFirstAnswer(java, jar, data, List.of(), work, "warm-a");
    startToFirstAnswer(java, jar, data, List.of("-javaagent:" + agent), work, "warm-b");
    List<Double> plain = new ArrayList<>();
    List<Double> withAgent = new ArrayList<>();
    List<Double> ratios = new ArrayList<>();
    for (int g = 0; g < groups; g++) {
      double a = 0;
      double b = 0;
      for (boolean on : new boolean[] {false, true, true, false}) {
        List<String> jvm = on ? List.of("-javaagent:" + agent + "=dir=" + work.resolve("runs"))
            : List.of();
        double ms = startToFirstAnswer(java, jar, data, jvm, work, "g" + g + (on ? "b" : "a"));
        (on ? withAgent : plain).add(ms);
        if (on) {
          b += ms;
        } else {
          a += ms;
        }
      }
      ratios.add(b / a);
      System.out.printf(Locale.ROOT, "group %d: plain %.0f ms, agent %.0f ms (means of two), B/A %.3f%n",
          g + 1, a / 2, b / 2, b / a);
    }
    System.out.printf(Locale.ROOT, "java: %s%nplain: median %.0f ms over %d starts%nagent: median %.0f ms over %d starts%n",
        java, median(plain), plain.size(), median(withAgent), withAgent.size());
    Ratios.print("start to first answer", ratios);
  }

  private static double startToFirstAnswer(String java, Path jar, Path data, List<String> jvm,
      Path work, String name) throws Exception {
    int port = freePort();
    List<String> command = new ArrayList<>(List.of(java));
    command.addAll(jvm);
    command.addAll(List.of("-jar", jar.toString(), "serve", "--data-dir", data.toString(),
        "--port", String.valueOf(port), "--tuning", "2", "--integration", "none"));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(work.resolve(name + ".log").toFile());
    // With the agent, its admin server listens on a free port; without, no admin server at all.
    builder.environment().put("ISUTOOLS_ADDR", jvm.isEmpty() ? "off" : "127.0.0.1:" + freePort());
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
            return (System.nanoTime() - start) / 1e6;
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
